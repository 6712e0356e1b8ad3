import { databaseItemInfo } from '@flowmind/shared/integrations/notion';
import { defineTrigger, type TriggerItem } from '../define-integration';
import { callNotion } from './notion-client';
import { dataSourceOf } from './notion-data-source';
import { plainProperties, titleOf } from './notion-properties';

type Row = {
  id: string;
  url?: string;
  created_time?: string;
  last_edited_time?: string;
  properties?: Record<string, unknown>;
};

/**
 * Where the last poll stopped: the time of the newest item it took (created or last edited, by the
 * trigger's setting) and the keys of the items at exactly that time, since the next query asks for
 * that time again (`on_or_after`): items edited in the same instant are neither lost nor sent twice.
 */
export type DatabaseItemCursor = { since: string | null; keys: string[] };

const timeOf = (row: Row, on: 'new' | 'changed') => (on === 'new' ? row.created_time : row.last_edited_time) ?? '';

/** A run per item added (its id), or per version of an item (its id and edit time). */
export function itemKey(row: Row, on: 'new' | 'changed') {
  return on === 'new' ? row.id : `${row.id}@${row.last_edited_time ?? ''}`;
}

export function databaseItem(row: Row): TriggerItem['item'] {
  return {
    id: row.id,
    url: row.url ?? '',
    title: titleOf(row.properties),
    properties: plainProperties(row.properties ?? {}),
    createdTime: row.created_time ?? null,
    lastEditedTime: row.last_edited_time ?? null,
    event: row.created_time && row.created_time === row.last_edited_time ? 'created' : 'changed',
  };
}

/**
 * The items after the cursor, oldest first, at most `limit`, and the cursor after them: pure, so
 * the boundary rules are tested on their own.
 */
export function takeAfter(
  rows: readonly Row[],
  cursor: DatabaseItemCursor,
  { on, limit }: { on: 'new' | 'changed'; limit: number },
): { taken: Row[]; cursor: DatabaseItemCursor } {
  const seen = new Set(cursor.keys);
  const taken = rows
    .filter((row) => timeOf(row, on) && (!cursor.since || timeOf(row, on) >= cursor.since))
    .filter((row) => !(timeOf(row, on) === cursor.since && seen.has(itemKey(row, on))))
    .sort((a, b) => timeOf(a, on).localeCompare(timeOf(b, on)))
    .slice(0, limit);
  const last = taken.at(-1);
  if (!last) return { taken, cursor };
  const since = timeOf(last, on);
  const atSince = taken.filter((row) => timeOf(row, on) === since).map((row) => itemKey(row, on));
  return { taken, cursor: { since, keys: since === cursor.since ? [...cursor.keys, ...atSince] : atSince } };
}

/** How many pages of 100 a poll reads at most. */
const MAX_PAGES = 5;

export const databaseItemTrigger = defineTrigger(databaseItemInfo, {
  async poll(ctx) {
    const { databaseId, on } = ctx.input;
    const { dataSourceId } = await dataSourceOf(ctx, databaseId);
    const timestamp = on === 'new' ? 'created_time' : 'last_edited_time';
    const cursor = ctx.cursor as DatabaseItemCursor | null;
    if (!cursor) {
      // The newest item is where the next poll starts; an empty database starts from the beginning.
      const newest = await callNotion(ctx, (client) =>
        client.dataSources.query({
          data_source_id: dataSourceId,
          sorts: [{ timestamp, direction: 'descending' }],
          page_size: 1,
        }),
      );
      const row = newest.results[0] as Row | undefined;
      return {
        items: [],
        cursor: row ? { since: timeOf(row, on), keys: [itemKey(row, on)] } : { since: null, keys: [] },
      };
    }
    const rows: Row[] = [];
    let page: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const answer = await callNotion(ctx, (client) =>
        client.dataSources.query({
          data_source_id: dataSourceId,
          ...(cursor.since
            ? {
                filter: (on === 'new'
                  ? { timestamp: 'created_time', created_time: { on_or_after: cursor.since } }
                  : { timestamp: 'last_edited_time', last_edited_time: { on_or_after: cursor.since } }) as never,
              }
            : {}),
          sorts: [{ timestamp, direction: 'ascending' }],
          page_size: 100,
          ...(page ? { start_cursor: page } : {}),
        }),
      );
      rows.push(...(answer.results as Row[]));
      page = answer.has_more ? (answer.next_cursor ?? undefined) : undefined;
      if (!page || rows.length > ctx.limit + cursor.keys.length) break;
    }
    const { taken, cursor: next } = takeAfter(rows, cursor, { on, limit: ctx.limit });
    return { items: taken.map((row) => ({ key: itemKey(row, on), item: databaseItem(row) })), cursor: next };
  },
});
