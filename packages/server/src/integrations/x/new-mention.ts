import { newMentionInfo } from '@flowmind/shared/integrations/x';
import { defineTrigger, type TriggerItem } from '../define-integration';
import { callX, postUrl } from './x-client';

export type XMention = {
  id: string;
  text: string;
  created_at?: string;
  author_id?: string;
  conversation_id?: string;
  in_reply_to_user_id?: string;
};
type XUserRef = { id: string; username: string; name: string };
type MentionsPage = {
  data?: XMention[];
  includes?: { users?: XUserRef[] };
  meta?: { newest_id?: string; oldest_id?: string; result_count?: number; next_token?: string };
};

/**
 * Where the last poll stopped: the newest mention's id (X's `since_id`), or null when the account
 * had no mention yet, so the next poll takes every mention from then on.
 */
export type MentionCursor = { sinceId: string | null };

const FIELDS =
  'tweet.fields=created_at,author_id,conversation_id,in_reply_to_user_id&expansions=author_id&user.fields=username,name';
/** How many pages a poll reads at most (X gives 5–100 a page). */
const MAX_PAGES = 5;

/** Post ids are 64-bit numbers as strings: compared by length, then digits. */
export const byId = (a: { id: string }, b: { id: string }) =>
  a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function mentionItem(post: XMention, users: readonly XUserRef[]): TriggerItem {
  const author = users.find((user) => user.id === post.author_id);
  return {
    key: `post:${post.id}`,
    item: {
      id: post.id,
      text: post.text,
      url: postUrl(post.id),
      createdAt: post.created_at ?? null,
      authorId: post.author_id ?? null,
      authorUsername: author?.username ?? null,
      authorName: author?.name ?? null,
      conversationId: post.conversation_id ?? null,
      inReplyToUserId: post.in_reply_to_user_id ?? null,
    },
  };
}

/**
 * The mentions after the cursor, oldest first, at most `limit`, and the cursor after the last one
 * taken (the rest come at the next poll); replies are skipped, but still move the cursor, when
 * `includeReplies` is off. Pure, so the boundary rules are tested on their own.
 */
export function takeMentions(
  posts: readonly XMention[],
  users: readonly XUserRef[],
  cursor: MentionCursor,
  { limit, includeReplies }: { limit: number; includeReplies: boolean },
): { items: TriggerItem[]; cursor: MentionCursor } {
  const after = posts
    .filter((post) => !cursor.sinceId || byId(post, { id: cursor.sinceId }) > 0)
    .sort(byId)
    .filter((post, index, all) => index === 0 || all[index - 1]?.id !== post.id)
    .slice(0, limit);
  const last = after.at(-1);
  const items = after
    .filter((post) => includeReplies || !post.in_reply_to_user_id)
    .map((post) => mentionItem(post, users));
  return { items, cursor: last ? { sinceId: last.id } : cursor };
}

export const newMentionTrigger = defineTrigger(newMentionInfo, {
  async poll(ctx) {
    // The connection's external id is the X user id /2/users/me gave when it was made.
    const base = `/2/users/${encodeURIComponent(ctx.connection.externalId)}/mentions?${FIELDS}`;
    const cursor = ctx.cursor as MentionCursor | null;
    if (!cursor) {
      const newest = await callX<MentionsPage>(ctx, 'GET', `${base}&max_results=5`);
      return { items: [], cursor: { sinceId: newest.meta?.newest_id ?? newest.data?.[0]?.id ?? null } };
    }
    const pageSize = Math.min(100, Math.max(5, ctx.limit));
    const posts: XMention[] = [];
    const users: XUserRef[] = [];
    let token: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const answer = await callX<MentionsPage>(
        ctx,
        'GET',
        `${base}&max_results=${pageSize}${cursor.sinceId ? `&since_id=${cursor.sinceId}` : ''}${
          token ? `&pagination_token=${encodeURIComponent(token)}` : ''
        }`,
      );
      posts.push(...(answer.data ?? []));
      users.push(...(answer.includes?.users ?? []));
      token = answer.meta?.next_token;
      if (!token) break;
    }
    // Pages go newest first: with more than a poll takes, the oldest are taken and the rest wait.
    return takeMentions(posts, users, cursor, { limit: ctx.limit, includeReplies: ctx.input.includeReplies });
  },
});
