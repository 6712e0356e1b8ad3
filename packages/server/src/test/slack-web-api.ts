/*
 * The Web API methods of the local Slack server (test/slack-server.ts), answered once the server
 * has checked the token: chat.postMessage, chat.update, reactions.add, conversations.list and
 * users.list with cursors, conversations.history, conversations.open, auth.test. Messages and
 * reactions are kept in memory; the workspace has the channels and users below.
 */

/** A message as it arrived through chat.postMessage (and chat.update after it). */
export type SlackReceivedMessage = {
  channel: string;
  ts: string;
  text: string;
  threadTs: string | null;
  blocks: unknown;
  token: string;
  /** Who wrote it: the app's bot user (U0BOT) for messages the app posted, a person for `postAs`. */
  user?: string;
};

const CHANNELS = [
  { id: 'C0GENERAL', name: 'general', is_private: false, is_archived: false, is_member: true, num_members: 3 },
  { id: 'C0RANDOM', name: 'random', is_private: false, is_archived: false, is_member: false, num_members: 2 },
  { id: 'C0OLD', name: 'old-news', is_private: false, is_archived: true, is_member: false, num_members: 0 },
  { id: 'G0SECRET', name: 'secret-plans', is_private: true, is_archived: false, is_member: true, num_members: 2 },
];
const USERS = [
  { id: 'U0ANN', name: 'ann', real_name: 'Ann Lee', profile: { display_name: 'ann', email: 'ann@acme.test' } },
  { id: 'U0BOB', name: 'bob', real_name: 'Bob Ray', profile: { display_name: 'bobby', email: 'bob@acme.test' } },
  { id: 'U0GONE', name: 'gone', real_name: 'Gone Away', deleted: true, profile: {} },
  { id: 'U0BOT', name: 'flowmind', real_name: 'Flowmind', is_bot: true, profile: {} },
  { id: 'USLACKBOT', name: 'slackbot', real_name: 'Slackbot', profile: {} },
];

/** The workspace's messages and reactions, and `webApi` answering one Web API call; `state` names the connected workspace. */
export function slackWebApi(state: { teamId: string; teamName: string }) {
  const messages: SlackReceivedMessage[] = [];
  const reactions: { channel: string; ts: string; name: string }[] = [];
  let clock = 1_712_345_678;

  /** A person posts in a channel (as if in Slack); also `POST /_test/post` for browser tests. */
  function postAs(channel: string, user: string, text: string) {
    clock += 1;
    const message = { channel, ts: `${clock}.000200`, text, threadTs: null, blocks: null, token: '', user };
    messages.push(message);
    return message;
  }

  const channelOf = (id: unknown) =>
    typeof id === 'string' && (id.startsWith('D0') || CHANNELS.some((c) => c.id === id && !c.is_archived));
  const page = <T>(list: T[], args: Record<string, unknown>) => {
    const start = Number(args.cursor ?? 0) || 0;
    const limit = Math.max(1, Number(args.limit ?? 100) || 100);
    const next = start + limit < list.length ? String(start + limit) : '';
    return { items: list.slice(start, start + limit), response_metadata: { next_cursor: next } };
  };

  function webApi(method: string, args: Record<string, unknown>, bearer: string): Record<string, unknown> {
    switch (method) {
      case 'chat.postMessage': {
        if (!channelOf(args.channel)) return { ok: false, error: 'channel_not_found' };
        if (!args.text && !args.blocks) return { ok: false, error: 'no_text' };
        const threadTs = typeof args.thread_ts === 'string' ? args.thread_ts : null;
        if (threadTs && !messages.some((m) => m.channel === args.channel && m.ts === threadTs))
          return { ok: false, error: 'thread_not_found' };
        clock += 1;
        const message = {
          channel: String(args.channel),
          ts: `${clock}.000100`,
          text: String(args.text ?? ''),
          threadTs,
          blocks: args.blocks ?? null,
          token: bearer,
          user: 'U0BOT',
        };
        messages.push(message);
        return { ok: true, channel: message.channel, ts: message.ts, message: { type: 'message', text: message.text } };
      }
      case 'chat.update': {
        const message = messages.find((m) => m.channel === args.channel && m.ts === args.ts);
        if (!message) return { ok: false, error: 'message_not_found' };
        message.text = String(args.text ?? '');
        if (args.blocks) message.blocks = args.blocks;
        return { ok: true, channel: message.channel, ts: message.ts, text: message.text };
      }
      case 'reactions.add': {
        const name = String(args.name ?? '');
        if (!messages.some((m) => m.channel === args.channel && m.ts === args.timestamp))
          return { ok: false, error: 'message_not_found' };
        if (reactions.some((r) => r.channel === args.channel && r.ts === args.timestamp && r.name === name))
          return { ok: false, error: 'already_reacted' };
        reactions.push({ channel: String(args.channel), ts: String(args.timestamp), name });
        return { ok: true };
      }
      case 'conversations.list': {
        const types = String(args.types ?? 'public_channel').split(',');
        const listed = CHANNELS.filter(
          (c) =>
            types.includes(c.is_private ? 'private_channel' : 'public_channel') &&
            !(args.exclude_archived === 'true' && c.is_archived),
        );
        const { items, response_metadata } = page(listed, args);
        return { ok: true, channels: items, response_metadata };
      }
      case 'users.list': {
        const { items, response_metadata } = page(USERS, args);
        return { ok: true, members: items, response_metadata };
      }
      case 'auth.test':
        return {
          ok: true,
          url: 'https://acme.slack.com/',
          team: state.teamName,
          user: 'flowmind',
          team_id: state.teamId,
          user_id: 'U0BOT',
          bot_id: 'B0APP',
        };
      case 'conversations.history': {
        // Newest first, after `oldest` (exclusive unless `inclusive`), in pages of `limit`, as Slack does.
        const channel = String(args.channel ?? '');
        if (!channelOf(channel)) return { ok: false, error: 'channel_not_found' };
        const oldest = Number(args.oldest ?? 0);
        const inclusive = args.inclusive === 'true' || args.inclusive === true;
        const listed = messages
          .filter((m) => m.channel === channel && (inclusive ? Number(m.ts) >= oldest : Number(m.ts) > oldest))
          .sort((a, b) => Number(b.ts) - Number(a.ts))
          .map((m) => ({
            type: 'message',
            user: m.user,
            text: m.text,
            ts: m.ts,
            ...(m.threadTs ? { thread_ts: m.threadTs } : {}),
            ...(m.user === 'U0BOT' ? { bot_id: 'B0APP' } : {}),
          }));
        const { items, response_metadata } = page(listed, args);
        return { ok: true, messages: items, has_more: Boolean(response_metadata.next_cursor), response_metadata };
      }
      case 'conversations.open': {
        const user = String(args.users ?? '');
        if (!USERS.some((u) => u.id === user && !u.deleted)) return { ok: false, error: 'user_not_found' };
        return { ok: true, channel: { id: `D0${user}` } };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  return { messages, reactions, postAs, webApi };
}
