import { appendContentInfo } from '@flowmind/shared/integrations/notion';
import { defineAction } from '../define-integration';
import { markdownToBlocks } from './markdown-to-blocks';
import { callNotion, chunks } from './notion-client';

export const appendContent = defineAction(
  appendContentInfo,
  async (ctx): Promise<{ pageId: string; blocks: number }> => {
    const { pageId, content } = ctx.input;
    const blocks = markdownToBlocks(content);
    for (const part of chunks(blocks))
      await callNotion(ctx, (client) => client.blocks.children.append({ block_id: pageId, children: part as never }));
    return { pageId, blocks: blocks.length };
  },
);
