import type { Item } from '@flowmind/shared/flows';
import { newMessageInfo } from '@flowmind/shared/integrations/slack';
import { defineTrigger, type TriggerItem } from '../define-integration';
import { callSlack } from './slack-client';

/** A message as Slack gives it in conversations.history and in `message` / `app_mention` events. */
type SlackMessage = {
  type?: string;
  subtype?: string;
  channel?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  ts?: string;
  thread_ts?: string;
  team?: string;
};

/** Messages people see as new ones; edits, deletions, joins and the like do not start a flow. */
const NEW_MESSAGE_SUBTYPES = new Set([undefined, 'thread_broadcast', 'file_share', 'me_message']);

/** Slack's `ts` as a number that sorts: seconds with microseconds. */
const tsValue = (ts: string) => Number(ts);

/** The app mentioned in a message's text: `<@U0BOT>` (Slack's markup for a mention). */
export const mentions = (text: string | undefined, userId: string) => Boolean(text?.includes(`<@${userId}>`));

/** One run's item, keyed by channel and ts (the same message through a poll or an event is one run). */
export function messageItem(channel: string, message: SlackMessage): TriggerItem {
  const item: Item = {
    channel,
    ts: message.ts ?? '',
    threadTs: message.thread_ts ?? null,
    user: message.user ?? null,
    text: message.text ?? '',
    team: message.team ?? null,
  };
  return { key: `${channel}:${message.ts}`, item };
}

/** Whether a message starts the trigger: a new message, not the app's own, and a mention of it when asked. */
export function startsTrigger(message: SlackMessage, { only, appUserId }: { only: string; appUserId: string | null }) {
  if (!message.ts || !NEW_MESSAGE_SUBTYPES.has(message.subtype)) return false;
  if (appUserId && message.user === appUserId) return false;
  if (only === 'mentions') return appUserId !== null && mentions(message.text, appUserId);
  return true;
}

/** How many pages of history one poll reads at most before it takes the oldest `limit`. */
const MAX_PAGES = 5;

export const newMessage = defineTrigger(newMessageInfo, {
  async poll(ctx) {
    const { channel, only } = ctx.input;
    const cursor = ctx.cursor as { ts: string } | null;
    if (!cursor) {
      // The newest message is where the next poll starts; an empty channel starts from the beginning.
      const latest = await callSlack(ctx, (client) => client.conversations.history({ channel, limit: 1 }));
      return { items: [], cursor: { ts: latest.messages?.[0]?.ts ?? '0' } };
    }
    // The app's own user: its messages do not start the flow, and a mention names it.
    const appUserId = (await callSlack(ctx, (client) => client.auth.test())).user_id ?? null;
    const found: SlackMessage[] = [];
    let page: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const answer = await callSlack(ctx, (client) =>
        client.conversations.history({
          channel,
          oldest: cursor.ts,
          inclusive: false,
          limit: 200,
          ...(page ? { cursor: page } : {}),
        }),
      );
      found.push(...((answer.messages ?? []) as SlackMessage[]));
      page = answer.response_metadata?.next_cursor || undefined;
      if (!answer.has_more || !page) break;
    }
    // Slack gives the newest first: the oldest `limit` go now, the cursor stops at the last of them.
    const oldestFirst = found
      .filter((message) => message.ts && tsValue(message.ts) > tsValue(cursor.ts))
      .sort((a, b) => tsValue(a.ts ?? '0') - tsValue(b.ts ?? '0'))
      .slice(0, ctx.limit);
    const last = oldestFirst.at(-1)?.ts ?? cursor.ts;
    return {
      items: oldestFirst
        .filter((message) => startsTrigger(message, { only, appUserId }))
        .map((message) => messageItem(channel, message)),
      cursor: { ts: last },
    };
  },
  event(input, envelope) {
    const event = (envelope.event ?? {}) as SlackMessage;
    // A mention comes as both a `message` and an `app_mention` event: each setting takes one kind.
    if (event.type !== (input.only === 'mentions' ? 'app_mention' : 'message')) return null;
    if (event.channel !== input.channel) return null;
    const authorizations = envelope.authorizations as { user_id?: string }[] | undefined;
    const appUserId = authorizations?.[0]?.user_id ?? null;
    // An app_mention event is a mention already: only its kind of message is checked.
    if (!startsTrigger(event, { only: 'all', appUserId })) return null;
    return messageItem(input.channel, event);
  },
});
