import { listUsersInfo } from '@flowmind/shared/integrations/slack';
import { defineAction } from '../define-integration';
import { callSlack, type SlackCallContext } from './slack-client';

export type SlackUser = {
  id: string;
  name: string;
  realName: string;
  displayName: string;
  email: string | null;
  isBot: boolean;
  deleted: boolean;
};

export async function slackUsers(
  ctx: SlackCallContext,
  { includeBots, limit }: { includeBots: boolean; limit: number },
): Promise<SlackUser[]> {
  const users: SlackUser[] = [];
  let cursor: string | undefined;
  do {
    const page = await callSlack(ctx, (client) =>
      client.users.list({ limit: Math.min(200, limit - users.length), ...(cursor ? { cursor } : {}) }),
    );
    for (const member of page.members ?? []) {
      // Slackbot is a bot without the flag.
      const isBot = Boolean(member.is_bot) || member.id === 'USLACKBOT';
      if (!includeBots && (isBot || member.deleted)) continue;
      users.push({
        id: member.id ?? '',
        name: member.name ?? '',
        realName: member.real_name ?? member.profile?.real_name ?? '',
        displayName: member.profile?.display_name ?? '',
        email: member.profile?.email ?? null,
        isBot,
        deleted: Boolean(member.deleted),
      });
    }
    cursor = page.response_metadata?.next_cursor || undefined;
  } while (cursor && users.length < limit);
  return users.slice(0, limit);
}

export const listUsers = defineAction(listUsersInfo, (ctx) => slackUsers(ctx, ctx.input));
