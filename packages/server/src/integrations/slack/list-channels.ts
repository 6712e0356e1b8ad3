import { listChannelsInfo } from '@flowmind/shared/integrations/slack';
import { defineAction } from '../define-integration';
import { callSlack, type SlackCallContext } from './slack-client';

export type SlackChannel = {
  id: string;
  name: string;
  isPrivate: boolean;
  isArchived: boolean;
  isMember: boolean;
  memberCount: number | null;
  topic: string;
};

/** Slack pages lists with a cursor; at most 200 a page is its advice. */
export async function slackChannels(
  ctx: SlackCallContext,
  { types, excludeArchived, limit }: { types: string; excludeArchived: boolean; limit: number },
): Promise<SlackChannel[]> {
  const channels: SlackChannel[] = [];
  let cursor: string | undefined;
  do {
    const page = await callSlack(ctx, (client) =>
      client.conversations.list({
        types,
        exclude_archived: excludeArchived,
        limit: Math.min(200, limit - channels.length),
        ...(cursor ? { cursor } : {}),
      }),
    );
    for (const channel of page.channels ?? [])
      channels.push({
        id: channel.id ?? '',
        name: channel.name ?? '',
        isPrivate: channel.is_private ?? false,
        isArchived: channel.is_archived ?? false,
        isMember: channel.is_member ?? false,
        memberCount: channel.num_members ?? null,
        topic: channel.topic?.value ?? '',
      });
    cursor = page.response_metadata?.next_cursor || undefined;
  } while (cursor && channels.length < limit);
  return channels.slice(0, limit);
}

export const listChannels = defineAction(listChannelsInfo, (ctx) => slackChannels(ctx, ctx.input));
