import { replyInfo } from '@flowmind/shared/integrations/x';
import { defineAction } from '../define-integration';
import { createPost } from './post';

export const reply = defineAction(replyInfo, async (ctx) => {
  const created = await createPost(ctx, { text: ctx.input.text, reply: { in_reply_to_tweet_id: ctx.input.postId } });
  ctx.log('info', `Replied to ${ctx.input.postId} with ${created.id}`);
  return { ...created, inReplyTo: ctx.input.postId };
});
