import { createPageInfo } from '@flowmind/shared/integrations/notion';
import { defineAction } from '../define-integration';
import { markdownToBlocks } from './markdown-to-blocks';
import { callNotion, chunks } from './notion-client';
import { dataSourceOf } from './notion-data-source';
import { titleOf, titlePropertyOf, toNotionProperties } from './notion-properties';

export type NotionPage = { id: string; url: string; title: string };

export const createPage = defineAction(createPageInfo, async (ctx): Promise<NotionPage> => {
  const { input } = ctx;
  const blocks = input.content ? markdownToBlocks(input.content) : [];
  const [first = [], ...rest] = chunks(blocks);
  let parent: Record<string, string>;
  let properties: Record<string, unknown>;
  if (input.parentType === 'database') {
    const { dataSourceId, schema } = await dataSourceOf(ctx, input.databaseId ?? '');
    parent = { type: 'data_source_id', data_source_id: dataSourceId };
    properties = toNotionProperties(schema, { ...input.properties, [titlePropertyOf(schema)]: input.title });
  } else {
    parent = { type: 'page_id', page_id: input.pageId ?? '' };
    properties = toNotionProperties({ title: { type: 'title' } }, { title: input.title });
  }
  const created = (await callNotion(ctx, (client) =>
    client.pages.create({ parent, properties, ...(first.length ? { children: first } : {}) } as never),
  )) as { id: string; url?: string; properties?: Record<string, unknown> };
  // Notion takes 100 blocks with the page; the rest follow in order.
  for (const more of rest)
    await callNotion(ctx, (client) => client.blocks.children.append({ block_id: created.id, children: more as never }));
  ctx.log('info', `Created page ${created.id}`);
  return { id: created.id, url: created.url ?? '', title: titleOf(created.properties) || input.title };
});
