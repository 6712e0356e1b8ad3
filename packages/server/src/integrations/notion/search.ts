import { searchInfo } from '@flowmind/shared/integrations/notion';
import { defineAction } from '../define-integration';
import { callNotion, type NotionCallContext } from './notion-client';
import { titleOf } from './notion-properties';

export type NotionSearchResult = {
  id: string;
  object: 'page' | 'database';
  title: string;
  url: string;
  lastEditedTime: string;
};

type Found = {
  id: string;
  object: string;
  url?: string;
  last_edited_time?: string;
  title?: { plain_text?: string }[];
  properties?: Record<string, unknown>;
};

/** Notion pages search results with a cursor, at most 100 a page. Databases are their data sources. */
export async function notionSearch(
  ctx: NotionCallContext,
  { query, objectType, limit }: { query?: string; objectType: 'all' | 'page' | 'database'; limit: number },
): Promise<NotionSearchResult[]> {
  const found: NotionSearchResult[] = [];
  let cursor: string | undefined;
  do {
    const page = await callNotion(ctx, (client) =>
      client.search({
        ...(query ? { query } : {}),
        ...(objectType === 'all'
          ? {}
          : { filter: { property: 'object', value: objectType === 'page' ? 'page' : 'data_source' } }),
        page_size: Math.min(100, limit - found.length),
        ...(cursor ? { start_cursor: cursor } : {}),
      }),
    );
    for (const result of page.results as Found[])
      found.push({
        id: result.id,
        object: result.object === 'page' ? 'page' : 'database',
        title:
          result.object === 'page'
            ? titleOf(result.properties)
            : (result.title ?? []).map((part) => part.plain_text ?? '').join(''),
        url: result.url ?? '',
        lastEditedTime: result.last_edited_time ?? '',
      });
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor && found.length < limit);
  return found.slice(0, limit);
}

export const search = defineAction(searchInfo, (ctx) => notionSearch(ctx, ctx.input));
