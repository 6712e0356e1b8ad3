import { postInfo } from '@flowmind/shared/integrations/x';
import { defineAction } from '../define-integration';
import { callX, postUrl, type XCallContext } from './x-client';

export type XPost = { id: string; text: string; url: string };

/** `POST /2/tweets`: X answers 201 with the new post's id and text. */
export async function createPost(
  ctx: XCallContext,
  body: { text: string; reply?: { in_reply_to_tweet_id: string } },
): Promise<XPost> {
  const { data } = await callX<{ data: { id: string; text: string } }>(ctx, 'POST', '/2/tweets', body);
  return { id: data.id, text: data.text, url: postUrl(data.id) };
}

export const post = defineAction(postInfo, async (ctx) => {
  const created = await createPost(ctx, { text: ctx.input.text });
  ctx.log('info', `Posted ${created.id}`);
  return created;
});
