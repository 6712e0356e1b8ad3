import { z } from 'zod';
import type { ParamField, ParamIssue } from '../flow-steps';
import { CONNECTION_PARAM, defineActionInfo, defineIntegrationInfo, defineTriggerInfo } from './define-integration';

/**
 * Slack in flows and agents: what each action asks for. The server runs them through
 * `@slack/web-api` (`packages/server/src/integrations/slack/`).
 */

/** What the Slack app asks for at connect: every action's methods need one of these. */
export const SLACK_SCOPES = [
  'chat:write',
  'chat:write.public',
  'channels:read',
  'groups:read',
  'users:read',
  'reactions:write',
  'im:write',
  // The New message trigger: messages of the channels the app is in, and mentions of the app.
  'channels:history',
  'groups:history',
  'app_mentions:read',
] as const;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A message's timestamp, Slack's id for it: `1712345678.123456`. */
const Ts = z
  .string()
  .trim()
  .regex(/^\d{1,12}\.\d{1,9}$/, 'Give a message timestamp such as 1712345678.123456');
const ChannelId = z.string().trim().min(1, 'Choose a channel').max(200);
/** Block Kit blocks: a JSON array, typed in the form as text. */
const Blocks = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, z
  .array(z.record(z.string(), z.unknown()), { error: 'Give a JSON array of Block Kit blocks' })
  .max(50, 'Slack takes at most 50 blocks')
  .optional());
const optionalText = z.string().max(40_000, 'Slack takes at most 40,000 characters').optional();
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

const channelField = (help: string): ParamField => ({
  key: 'channel',
  label: 'Channel',
  kind: 'connectionOption',
  connectionKey: CONNECTION_PARAM,
  list: 'channels',
  required: true,
  placeholder: 'C0123456789',
  help,
});
const tsField = (help: string): ParamField => ({
  key: 'ts',
  label: 'Message timestamp',
  kind: 'text',
  required: true,
  placeholder: '1712345678.123456',
  help,
});
const blocksField: ParamField = {
  key: 'blocks',
  label: 'Blocks',
  kind: 'json',
  placeholder: '[{ "type": "section", "text": { "type": "mrkdwn", "text": "*Hello*" } }]',
  help: 'Block Kit blocks, a JSON array. The text is then what notifications show.',
};

function textOrBlocks(params: Record<string, unknown>): ParamIssue[] {
  if (filled(params.text) || filled(params.blocks)) return [];
  return [{ field: 'text', message: 'Give a text or blocks' }];
}

export const sendMessageInfo = defineActionInfo({
  name: 'sendMessage',
  label: 'Send message',
  description: 'Post a message to a channel or a person, or reply in a thread.',
  icon: 'send',
  writes: true,
  fields: [
    {
      key: 'sendTo',
      label: 'Send to',
      kind: 'select',
      options: [
        { value: 'channel', label: 'A channel' },
        { value: 'user', label: 'A person (direct message)' },
      ],
      default: 'channel',
    },
    { ...channelField('A channel id, chosen from the list or typed.'), showIf: { key: 'sendTo', equals: ['channel'] } },
    {
      key: 'user',
      label: 'Person',
      kind: 'connectionOption',
      connectionKey: CONNECTION_PARAM,
      list: 'users',
      required: true,
      placeholder: 'U0123456789',
      help: 'A user id: the app sends them a direct message.',
      showIf: { key: 'sendTo', equals: ['user'] },
    },
    { key: 'text', label: 'Text', kind: 'textarea', help: 'Slack’s mrkdwn: *bold*, _italic_, <https://…|links>.' },
    {
      key: 'threadTs',
      label: 'Reply in thread',
      kind: 'text',
      placeholder: '1712345678.123456',
      help: 'The timestamp (ts) of the message to reply to; empty posts a new message.',
    },
    blocksField,
  ],
  input: z
    .object({
      sendTo: z.enum(['channel', 'user']).default('channel'),
      channel: z.preprocess(blankAsMissing, ChannelId.optional()),
      user: z.preprocess(blankAsMissing, z.string().trim().min(1).max(200).optional()),
      text: z.preprocess(blankAsMissing, optionalText),
      threadTs: z.preprocess(blankAsMissing, Ts.optional()),
      blocks: Blocks,
    })
    .superRefine((input, ctx) => {
      if (input.sendTo === 'channel' && !input.channel)
        ctx.addIssue({ code: 'custom', path: ['channel'], message: 'Choose a channel' });
      if (input.sendTo === 'user' && !input.user)
        ctx.addIssue({ code: 'custom', path: ['user'], message: 'Choose a person' });
      if (!input.text && !input.blocks)
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'Give a text or blocks' });
    }),
  validate: textOrBlocks,
  docs: [
    'Posts a message as the Slack app, to a channel or as a direct message to a person.',
    '',
    '- **Channel**: pick one, or type an id (`C…`). The app posts to public channels without joining; for a private channel, invite the app first (`/invite @app`).',
    '- **Reply in thread**: the `ts` of the parent message, for example `{{ $json.ts }}` after an earlier Slack step.',
    '- **Blocks**: [Block Kit](https://api.slack.com/block-kit) JSON; the text is then the notification fallback.',
    '',
    'Output: `channel`, `ts` (the new message’s timestamp, to update it, react or reply) and `threadTs`.',
  ].join('\n'),
});

export const updateMessageInfo = defineActionInfo({
  name: 'updateMessage',
  label: 'Update message',
  description: 'Change the text or blocks of a message the app posted.',
  icon: 'pencil',
  writes: true,
  fields: [
    channelField('The channel of the message.'),
    tsField('The message’s timestamp (`ts`), as Send message gives it.'),
    { key: 'text', label: 'Text', kind: 'textarea' },
    blocksField,
  ],
  input: z
    .object({
      channel: ChannelId,
      ts: Ts,
      text: z.preprocess(blankAsMissing, optionalText),
      blocks: Blocks,
    })
    .refine((input) => input.text || input.blocks, { path: ['text'], message: 'Give a text or blocks' }),
  validate: textOrBlocks,
  docs: 'Replaces the text (and blocks) of a message the app posted. Slack lets an app update only its own messages. Output: `channel`, `ts`, `text`.',
});

export const addReactionInfo = defineActionInfo({
  name: 'addReaction',
  label: 'Add reaction',
  description: 'React to a message with an emoji.',
  icon: 'smile-plus',
  writes: true,
  fields: [
    channelField('The channel of the message.'),
    tsField('The message’s timestamp (`ts`).'),
    { key: 'emoji', label: 'Emoji', kind: 'text', required: true, placeholder: 'white_check_mark' },
  ],
  input: z.object({
    channel: ChannelId,
    ts: Ts,
    emoji: z
      .string()
      .trim()
      .transform((name) => name.replace(/^:|:$/g, ''))
      .pipe(z.string().regex(/^[a-z0-9_+'-]{1,100}$/, 'Give an emoji name such as thumbsup')),
  }),
  docs: 'Adds an emoji reaction as the app. Give the emoji’s name with or without colons (`thumbsup` or `:thumbsup:`). Reacting again with the same emoji is not an error. Output: `channel`, `ts`, `emoji`.',
});

const Limit = z.coerce.number().int().min(1).max(1000).default(200);

export const listChannelsInfo = defineActionInfo({
  name: 'listChannels',
  label: 'List channels',
  description: 'The workspace’s channels, one item each.',
  icon: 'hash',
  writes: false,
  fields: [
    {
      key: 'types',
      label: 'Channels',
      kind: 'select',
      options: [
        { value: 'public_channel', label: 'Public' },
        { value: 'private_channel', label: 'Private (that the app is in)' },
        { value: 'public_channel,private_channel', label: 'Public and private' },
      ],
      default: 'public_channel',
    },
    { key: 'excludeArchived', label: 'Leave out archived channels', kind: 'boolean', default: true },
    { key: 'limit', label: 'At most', kind: 'number', default: 200, min: 1, max: 1000 },
  ],
  input: z.object({
    types: z.enum(['public_channel', 'private_channel', 'public_channel,private_channel']).default('public_channel'),
    excludeArchived: z.preprocess((value) => value !== false && value !== 'false', z.boolean()),
    limit: Limit,
  }),
  docs: 'Gives one item per channel: `id`, `name`, `isPrivate`, `isArchived`, `isMember`, `memberCount`, `topic`.',
});

export const listUsersInfo = defineActionInfo({
  name: 'listUsers',
  label: 'List users',
  description: 'The workspace’s people, one item each.',
  icon: 'users',
  writes: false,
  fields: [
    { key: 'includeBots', label: 'Include bots and deactivated people', kind: 'boolean', default: false },
    { key: 'limit', label: 'At most', kind: 'number', default: 200, min: 1, max: 1000 },
  ],
  input: z.object({
    includeBots: z.preprocess((value) => value === true || value === 'true', z.boolean()),
    limit: Limit,
  }),
  docs: 'Gives one item per person: `id`, `name`, `realName`, `displayName`, `email` (with the users:read.email scope), `isBot`, `deleted`.',
});

export const newMessageInfo = defineTriggerInfo({
  name: 'newMessage',
  label: 'New message',
  description: 'Start the flow when a message is posted in a channel.',
  icon: 'message-square',
  fields: [
    channelField('The channel to listen to. Invite the app to it first (/invite @yourapp).'),
    {
      key: 'only',
      label: 'Messages',
      kind: 'select',
      options: [
        { value: 'all', label: 'Every message' },
        { value: 'mentions', label: 'Only mentions of the app' },
      ],
      default: 'all',
    },
  ],
  input: z.object({
    channel: ChannelId,
    only: z.enum(['all', 'mentions'], { error: 'Choose every message or only mentions' }).default('all'),
  }),
  docs: 'One run per message, oldest first: `channel`, `ts` (the message’s id), `threadTs`, `user`, `text` and `team`. Messages of the app itself, edits and deletions do not start it. When the server has `SLACK_SIGNING_SECRET`, Slack sends each message at once (Events API, request URL `/api/integrations/slack/events`); otherwise the channel is read every minute. Messages from before publishing are not sent.',
});

export const slackInfo = defineIntegrationInfo({
  provider: 'slack',
  label: 'Slack',
  actions: [sendMessageInfo, updateMessageInfo, addReactionInfo, listChannelsInfo, listUsersInfo],
  triggers: [newMessageInfo],
});
