import { updatePageInfo } from '@flowmind/shared/integrations/notion';
import { defineAction } from '../define-integration';
import type { NotionPage } from './create-page';
import { callNotion } from './notion-client';
import { type PropertySchema, titleOf, toNotionProperties } from './notion-properties';

type PageWithProperties = { id: string; url?: string; properties?: Record<string, unknown> };

export const updatePage = defineAction(updatePageInfo, async (ctx): Promise<NotionPage> => {
  const { pageId, properties } = ctx.input;
  // The page says each property's type, so plain values can be turned into Notion's objects.
  const page = (await callNotion(ctx, (client) => client.pages.retrieve({ page_id: pageId }))) as PageWithProperties;
  const schema = (page.properties ?? {}) as PropertySchema;
  const updated = (await callNotion(ctx, (client) =>
    client.pages.update({ page_id: pageId, properties: toNotionProperties(schema, properties ?? {}) as never }),
  )) as PageWithProperties;
  return { id: updated.id, url: updated.url ?? '', title: titleOf(updated.properties) };
});
