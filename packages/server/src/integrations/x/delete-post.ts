import { deletePostInfo } from '@flowmind/shared/integrations/x';
import { defineAction } from '../define-integration';
import { callX } from './x-client';

/** `DELETE /2/tweets/:id`: X answers `{ data: { deleted } }`; a post already gone is X's 404, worded. */
export const deletePost = defineAction(deletePostInfo, async (ctx) => {
  const { data } = await callX<{ data: { deleted: boolean } }>(ctx, 'DELETE', `/2/tweets/${ctx.input.postId}`);
  return { id: ctx.input.postId, deleted: data.deleted };
});
