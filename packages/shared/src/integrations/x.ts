import { z } from 'zod';
import type { ParamField, ParamIssue } from '../flow-steps';
import { defineActionInfo, defineIntegrationInfo, defineTriggerInfo } from './define-integration';

/**
 * X (Twitter) in flows and agents: what each action asks for. The server calls X's API v2 with
 * fetch (`packages/server/src/integrations/x/`). The provider id is `twitter`, as in the
 * callback address `/integrations/callback/twitter`; people see "X".
 */

/** What the X app asks for at connect; offline.access is what gives a refresh token. */
export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access'] as const;

/** X's limit for a post of a standard account. */
export const X_POST_MAX = 280;

/**
 * A post's length as counted here: Unicode code points, so an emoji is one. X weighs some
 * characters (CJK, emoji) as two and every link as 23: X then refuses what this lets through, and
 * its answer is worded for the step.
 */
export const postLength = (text: string) => Array.from(text).length;

const tooLong = `A post holds at most ${X_POST_MAX} characters`;
const hasExpression = (value: unknown) => typeof value === 'string' && value.includes('{{');

const PostText = z
  .string({ error: 'Give the text of the post' })
  .trim()
  .min(1, 'Give the text of the post')
  .refine((text) => postLength(text) <= X_POST_MAX, tooLong);

/** A post's id (digits), or its link as people copy it (`https://x.com/ada/status/1846…`). */
export const PostId = z
  .string({ error: 'Give a post id or link' })
  .trim()
  .transform((value) => value.match(/\/status(?:es)?\/(\d{1,19})/)?.[1] ?? value)
  .pipe(z.string().regex(/^\d{1,19}$/, 'Give a post id (digits) or a link to the post'));

/** An X username, with or without its @: letters, digits and _, at most 15. */
export const Username = z
  .string({ error: 'Give a username' })
  .trim()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().regex(/^\w{1,15}$/, 'Give a username such as @XDevelopers (letters, digits and _, at most 15)'));

const textField = (help: string): ParamField => ({
  key: 'text',
  label: 'Text',
  kind: 'textarea',
  required: true,
  placeholder: 'Shipped {{ $json.body.version }} today',
  help,
});
const postIdField = (label: string, help: string): ParamField => ({
  key: 'postId',
  label,
  kind: 'text',
  required: true,
  placeholder: '1846987139428634858',
  help,
});

/** A text typed as it is (no `{{ … }}`) is checked at publish; one with expressions when the step runs. */
function textLength(params: Record<string, unknown>): ParamIssue[] {
  const text = params.text;
  if (typeof text !== 'string' || hasExpression(text) || postLength(text.trim()) <= X_POST_MAX) return [];
  return [
    {
      field: 'text',
      message: `Text: at most ${X_POST_MAX} characters in a post (this one has ${postLength(text.trim())})`,
    },
  ];
}

export const postInfo = defineActionInfo({
  name: 'post',
  label: 'Post',
  description: 'Publish a post on the connected X account.',
  icon: 'send',
  writes: true,
  fields: [textField(`At most ${X_POST_MAX} characters; X counts each link as 23.`)],
  input: z.object({ text: PostText }),
  validate: textLength,
  docs: [
    'Publishes a post as the connected X account.',
    '',
    `- **Text**: at most ${X_POST_MAX} characters. X counts every link as 23 and some characters (CJK, emoji) as two, and refuses a post identical to a recent one.`,
    '',
    'Output: `id` (to reply to it or delete it), `text`, `url`.',
  ].join('\n'),
});

export const replyInfo = defineActionInfo({
  name: 'reply',
  label: 'Reply',
  description: 'Reply to a post as the connected X account.',
  icon: 'reply',
  writes: true,
  fields: [
    postIdField('Reply to', 'The id of the post to reply to, or its link; `{{ $json.id }}` after an X step.'),
    textField(`At most ${X_POST_MAX} characters.`),
  ],
  input: z.object({ postId: PostId, text: PostText }),
  validate: textLength,
  docs: 'Replies to a post (give its id or link) as the connected X account. X lets an app reply only to posts whose author mentioned or follows the account, or that the account may see. Output: `id`, `text`, `url`, `inReplyTo`.',
});

export const deletePostInfo = defineActionInfo({
  name: 'deletePost',
  label: 'Delete post',
  description: 'Delete a post of the connected X account.',
  icon: 'trash-2',
  writes: true,
  fields: [postIdField('Post', 'The id or link of a post of the connected account.')],
  input: z.object({ postId: PostId }),
  docs: 'Deletes a post of the connected account (X deletes only one’s own). Output: `id`, `deleted`.',
});

export const lookupUserInfo = defineActionInfo({
  name: 'lookupUser',
  label: 'Look up user',
  description: 'Find an X account by its username.',
  icon: 'search',
  writes: false,
  fields: [{ key: 'username', label: 'Username', kind: 'text', required: true, placeholder: '@XDevelopers' }],
  input: z.object({ username: Username }),
  docs: 'Finds an account by username (with or without @). Output: `id`, `username`, `name`, `description`, `verified`, `profileImageUrl`, `createdAt`, `followersCount`, `followingCount`, `postCount`.',
});

export const newMentionInfo = defineTriggerInfo({
  name: 'newMention',
  label: 'New mention',
  description: 'Start the flow when a post mentions the connected X account.',
  icon: 'message-square',
  fields: [
    {
      key: 'includeReplies',
      label: 'Include replies',
      kind: 'boolean',
      default: true,
      help: 'Off: only posts that are not replies in a conversation.',
    },
  ],
  input: z.object({ includeReplies: z.boolean().default(true) }),
  docs: 'The connected account’s mentions are read every minute; one run per new post, oldest first: `id`, `text`, `url`, `createdAt`, `authorId`, `authorUsername` (the @handle, without @), `authorName`, `conversationId`, `inReplyToUserId`. Posts from before publishing are not sent.',
});

export const xInfo = defineIntegrationInfo({
  provider: 'twitter',
  label: 'X',
  actions: [postInfo, replyInfo, deletePostInfo, lookupUserInfo],
  triggers: [newMentionInfo],
});
