import { AppError } from '@flowmind/shared/errors';
import {
  type ListRecordsQuery,
  RECORD_GROUP_LIMIT,
  type RecordCount,
  type RecordGroups,
  type RecordPage,
} from '@flowmind/shared/table-queries';
import { NUMBER_LIKE_TYPES } from '@flowmind/shared/table-values';
import type { Field, RecordChange, TableRecord } from '@flowmind/shared/tables';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PUBLIC_FORM_SOURCE } from './public-form.service';
import {
  countByKey,
  countByKeyWithValue,
  countRecords,
  findRecord,
  type RawRecord,
  recordHistoryOf,
  recordPage,
  toRecord,
} from './record.repository';
import type { RecordContext } from './record-context';
import { findingRecords } from './record-finding';
import type { RecordIndexes } from './record-indexes';
import { afterCursor, compileSorts, decodeCursor, encodeCursor, orderBy } from './record-query';
import type { TableRow } from './table.repository';
import type { TableService } from './table.service';

/**
 * A group's value read back from its sort key, for the types whose key says it all: counting then reads only the
 * key (about twice as fast on a million records as also reading each value).
 */
function valueOfKey(field: Field): ((key: unknown) => unknown) | null {
  const options = field.options;
  if (options.type === 'single_select') return (key) => options.choices[Number(key)]?.id ?? null;
  if (field.type === 'checkbox') return (key) => Number(key) === 1;
  if (NUMBER_LIKE_TYPES.includes(field.type)) return (key) => Number(key);
  if (field.type === 'date' || field.type === 'date_time') return (key) => String(key);
  return null;
}

/** Reading records: pages, counts, groups, one record and its history. */
export function recordReads({
  db,
  tablesService,
  indexes,
  records: { repo, context, present },
}: {
  db: Db;
  tablesService: TableService;
  indexes: RecordIndexes;
  records: RecordContext;
}) {
  const finding = (table: TableRow, fields: Field[], query: Parameters<typeof findingRecords>[0]['query']) =>
    findingRecords({ repo, table, fields, query });

  return {
    /** Records matching a query, counted per value of one field (group by), in that field's order. */
    async groups({
      tableId,
      userId,
      fieldId,
      query,
    }: {
      tableId: string;
      userId: string;
      fieldId: string;
      query: Pick<ListRecordsQuery, 'filter' | 'search' | 'viewId'>;
    }): Promise<RecordGroups> {
      const { table, fields, byId } = await context(tableId, userId);
      const field = byId.get(fieldId);
      if (!field) throw new AppError('bad_request', 'There is no such field in this table', 'fieldId');
      const [key] = compileSorts([{ fieldId, direction: 'asc' }], byId).map((k) => ({ ...k }));
      if (!key) throw new AppError('bad_request', `${field.name} cannot be grouped`, 'fieldId');
      const { conditions } = await finding(table, fields, { ...query, sort: [] });
      // Grouped by the sort expression itself, so the groups follow each other exactly as a grouped view's records
      // do (values that sort alike, like "Won" and "won", are one group) and offsets can be counted from them.
      const where = sql.join(conditions, sql` and `);
      const fromKey = valueOfKey(field);
      if (fromKey) {
        const rows = await countByKey(db, { key: key.expr, where, limit: RECORD_GROUP_LIMIT });
        const groups = rows.map((row) => ({
          value: row.k === null || row.k === undefined ? null : fromKey(row.k),
          count: Number(row.count),
        }));
        return { fieldId: field.id, groups, total: groups.reduce((sum, g) => sum + g.count, 0) };
      }
      const value = ['autonumber', 'created_time', 'updated_time', 'created_by'].includes(field.type)
        ? sql`to_jsonb(${key.expr})`
        : sql`r.values -> ${field.id}::text`;
      const rows = await countByKeyWithValue(db, { key: key.expr, value, where, limit: RECORD_GROUP_LIMIT });
      const groups = rows.map((row) => ({ value: row.value ?? null, count: Number(row.count) }));
      return { fieldId: field.id, groups, total: groups.reduce((sum, g) => sum + g.count, 0) };
    },

    async list({
      tableId,
      userId,
      query,
      within,
    }: {
      tableId: string;
      userId: string;
      query: ListRecordsQuery;
      /** A part of the result to list alone (a board's column), checked by the caller. */
      within?: SQL;
    }): Promise<RecordPage> {
      const { table, fields, byId } = await context(tableId, userId);
      const found = await finding(table, fields, query);
      const { sorts, savedSorts } = found;
      const conditions = within ? [...found.conditions, within] : found.conditions;
      const narrowed = found.narrowed || within !== undefined;
      const keys = compileSorts(sorts ?? [], byId, { lenient: savedSorts });
      // Not awaited: this page sorts without the index; the pages after it use it once built.
      void indexes.ensureForSorts({
        table: { ...table, recordCount: Number(table.recordCount) },
        fields: byId,
        sorts: sorts ?? [],
      });

      const pageConditions = [...conditions];
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor, keys.length);
        pageConditions.push(afterCursor(keys, cursor.v, cursor.a));
      }
      const rows = await recordPage(db, {
        keys: keys.map((k) => k.expr),
        where: sql.join(pageConditions, sql` and `),
        order: orderBy(keys),
        limit: query.limit + 1,
        offset: !query.cursor && query.offset ? query.offset : undefined,
      });
      const more = rows.length > query.limit;
      const visible = more ? rows.slice(0, query.limit) : rows;
      const last = visible[visible.length - 1];
      const nextCursor =
        more && last
          ? encodeCursor({
              v: keys.map((_, i) => (last[`s${i}`] as string | null) ?? null),
              a: Number(last.autonumber),
            })
          : null;
      return {
        records: await present(
          table,
          fields,
          visible.map((row) => toRecord(row as RawRecord)),
        ),
        nextCursor,
        total: narrowed ? null : Number(table.recordCount),
      };
    },

    /** Records matching a filter and search (given, or a view's): a scan of the matches, so its own call. */
    async count({
      tableId,
      userId,
      query,
    }: {
      tableId: string;
      userId: string;
      query: Pick<ListRecordsQuery, 'filter' | 'search' | 'viewId'>;
    }): Promise<RecordCount> {
      const { table, fields } = await context(tableId, userId);
      const { conditions, narrowed } = await finding(table, fields, query);
      if (!narrowed) return { total: Number(table.recordCount) };
      return { total: await countRecords(db, sql.join(conditions, sql` and `)) };
    },

    async get({ tableId, recordId, userId }: { tableId: string; recordId: string; userId: string }) {
      const { table, fields } = await context(tableId, userId);
      const found = await findRecord(db, table, recordId);
      if (!found) throw new AppError('not_found', 'Record not found');
      const [record] = await present(table, fields, [found]);
      return record as TableRecord;
    },

    async history({
      tableId,
      recordId,
      userId,
    }: {
      tableId: string;
      recordId: string;
      userId: string;
    }): Promise<RecordChange[]> {
      const table = await tablesService.requireTable(tableId, userId);
      const rows = await recordHistoryOf(db, table, recordId);
      return rows.map(({ change, userName }) => ({
        id: change.id,
        recordId: change.recordId,
        userId: change.userId,
        // Public form submissions have no user; their history names the form instead.
        userName:
          userName ??
          ((change.snapshot as { source?: string } | null)?.source === PUBLIC_FORM_SOURCE ? 'Public form' : null),
        kind: change.kind,
        changes: change.changes as RecordChange['changes'],
        createdAt: change.createdAt.toISOString(),
      }));
    },
  };
}
