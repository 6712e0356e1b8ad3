import { queryDatabaseInfo } from '@flowmind/shared/integrations/notion';
import { defineAction } from '../define-integration';
import { callNotion } from './notion-client';
import { dataSourceOf } from './notion-data-source';
import { plainProperties, titleOf } from './notion-properties';

export type NotionItem = { id: string; url: string; title: string; properties: Record<string, unknown> };

type Row = { id: string; url?: string; properties?: Record<string, unknown> };

export const queryDatabase = defineAction(queryDatabaseInfo, async (ctx): Promise<NotionItem[]> => {
  const { databaseId, filter, sorts, limit } = ctx.input;
  const { dataSourceId } = await dataSourceOf(ctx, databaseId);
  const items: NotionItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await callNotion(ctx, (client) =>
      client.dataSources.query({
        data_source_id: dataSourceId,
        ...(filter ? { filter: filter as never } : {}),
        ...(sorts ? { sorts: sorts as never } : {}),
        page_size: Math.min(100, limit - items.length),
        ...(cursor ? { start_cursor: cursor } : {}),
      }),
    );
    for (const row of page.results as Row[])
      items.push({
        id: row.id,
        url: row.url ?? '',
        title: titleOf(row.properties),
        properties: plainProperties(row.properties ?? {}),
      });
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor && items.length < limit);
  return items.slice(0, limit);
});
