import type { ImportRows } from '@flowmind/shared/csv-import';
import { AppError } from '@flowmind/shared/errors';
import { NUMBER_LIKE_TYPES, validateValue } from '@flowmind/shared/table-values';
import {
  type CreateRecords,
  type DeleteRecords,
  type Field,
  type ListRecordsQuery,
  RECORD_GROUP_LIMIT,
  type RecordChange,
  type RecordCount,
  type RecordGroups,
  type RecordPage,
  type TableRecord,
  type UpdateRecords,
} from '@flowmind/shared/tables';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { recordHistory, tableRecords, tables, users } from '../db/schema';
import { type ChangeBus, topics } from '../live/change-bus';
import { withComputedValues } from './computed-values';
import { checkLinkTargets, type LinkChange, loadLinkedValues, syncInverseLinks } from './links';
import { PUBLIC_FORM_SOURCE } from './public-form.service';
import { fromRow, toRecord } from './record.repository';
import { findingRecords } from './record-finding';
import { readImportRows } from './record-import';
import type { RecordIndexes } from './record-indexes';
import { aboutRecord, recordLabel } from './record-label';
import { afterCursor, compileSorts, decodeCursor, encodeCursor, orderBy } from './record-query';
import { rowsOf, type TableRow, tableRepository, valuesAsChanges, writeHistory } from './table.repository';
import type { TableService } from './table.service';
import { withNames } from './value-names';

/**
 * Checks every value of a batch; the first bad one is refused with a message that names its record as people
 * know it (see recordLabel) and its field, the ids in `field` and `recordId`; nothing is written.
 */
function validateBatch(records: { id?: string; values: Record<string, unknown> }[], fields: Map<string, Field>) {
  return records.map((record, index) => {
    const clean: Record<string, unknown> = {};
    const refuse = (message: string, fieldId: string) =>
      new AppError(
        'bad_request',
        aboutRecord(
          recordLabel({ values: record.values, index, count: records.length, fields: fields.values() }),
          message,
        ),
        `records.${index}.values.${fieldId}`,
        { recordId: record.id },
      );
    for (const [fieldId, raw] of Object.entries(record.values)) {
      const field = fields.get(fieldId);
      if (!field) throw refuse('a field in the values is not in this table (it may have been deleted)', fieldId);
      const result = validateValue(field, raw);
      if (!result.ok) throw refuse(result.message, fieldId);
      clean[fieldId] = result.value;
    }
    return clean;
  });
}

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

const withoutNulls = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));

/** Records created or updated through the API (flows with a table trigger listen). */
export type RecordEvent = {
  table: TableRow;
  fields: Field[];
  kind: 'created' | 'updated';
  records: TableRecord[];
  /** The flow whose step wrote them (its own writes do not start it again). */
  byFlowId?: string;
};

export function recordService({
  db,
  bus,
  tablesService,
  indexes,
  onRecords = () => {},
}: {
  db: Db;
  bus: ChangeBus;
  tablesService: TableService;
  indexes: RecordIndexes;
  onRecords?: (event: RecordEvent) => void;
}) {
  const repo = tableRepository(db);

  async function context(tableId: string, userId: string) {
    const table = await tablesService.requireTable(tableId, userId);
    const fields = await repo.fields(table.accountId, table.id);
    return { table, fields, byId: new Map(fields.map((f) => [f.id, f])) };
  }

  const publish = (table: TableRow, linkedTableIds: string[] = []) =>
    bus.publish([topics.table(table.id), topics.account(table.accountId), ...linkedTableIds.map(topics.table)]);

  /** Records as the API shows them: stored values plus computed ones (formulas, lookups, …). */
  async function present(table: TableRow, fields: Field[], records: TableRecord[]): Promise<TableRecord[]> {
    const linked = await loadLinkedValues(db, { accountId: table.accountId, fields, records });
    return withNames(db, {
      accountId: table.accountId,
      fields,
      records: withComputedValues(records, fields, linked),
    });
  }

  /** Keeps the other side of two-way links in step with `changes` and marks the tables it touched as changed. */
  async function syncLinks(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    { table, fields, userId, changes }: { table: TableRow; fields: Field[]; userId: string; changes: LinkChange[] },
  ) {
    const linkedTables = await syncInverseLinks(tx, { accountId: table.accountId, userId, fields, changes });
    for (const id of linkedTables) await repo.touch(tx, table.accountId, id);
    return linkedTables;
  }

  /** Inserts checked values as new records: numbers, history, links and the table version in one transaction. */
  async function insert({
    table,
    fields,
    byId,
    userId,
    values,
    ids,
  }: {
    table: TableRow;
    fields: Field[];
    byId: Map<string, Field>;
    userId: string;
    values: Record<string, unknown>[];
    /** Ids chosen by the caller (a flow step's, derived from its idempotency key), else new ones. */
    ids?: string[];
  }) {
    let linkedTables: string[] = [];
    const created = await db.transaction(async (tx) => {
      await checkLinkTargets(tx, {
        accountId: table.accountId,
        fields: byId,
        batch: values.map((v) => ({ values: v })),
      });
      // Reserving the numbers locks the table row, so concurrent batches number in order.
      const [reserved] = await tx
        .update(tables)
        .set({
          nextAutonumber: sql`${tables.nextAutonumber} + ${values.length}`,
          version: sql`${tables.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(tables.accountId, table.accountId), eq(tables.id, table.id)))
        .returning({ next: tables.nextAutonumber });
      const first = Number(reserved?.next) - values.length;
      const now = new Date().toISOString();
      const input = values.map((v, i) => ({
        id: ids?.[i] ?? newId('rec'),
        history_id: newId('rch'),
        values: v,
        changes: valuesAsChanges(v, 'to'),
        autonumber: first + i,
      }));
      // One statement with one JSON parameter writes the records and their history: a thousand
      // rows as bound columns cost several times more to send and plan (imports send 100 of these).
      const result = await tx.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as x(id text, history_id text, values jsonb, changes jsonb, autonumber bigint)
        ), history as (
          insert into record_history (id, table_id, account_id, record_id, user_id, kind, changes, created_at)
          select history_id, ${table.id}, ${table.accountId}, id, ${userId}, 'created', changes, ${now}::timestamptz
          from input
        )
        insert into table_records (id, table_id, account_id, values, autonumber, created_at, created_by, updated_at, updated_by)
        select id, ${table.id}, ${table.accountId}, values, autonumber, ${now}::timestamptz, ${userId}, ${now}::timestamptz, ${userId}
        from input
        returning id, autonumber`);
      const rows = input.map((row) => ({
        id: row.id,
        table_id: table.id,
        values: row.values,
        autonumber: row.autonumber,
        created_at: now,
        created_by: userId,
        updated_at: now,
        updated_by: userId,
      }));
      if (rowsOf(result).length !== rows.length) throw new Error('Not every record was inserted');
      linkedTables = await syncLinks(tx, {
        table,
        fields,
        userId,
        changes: rows.map((row) => ({ recordId: row.id, before: {}, after: row.values })),
      });
      return rows;
    });
    publish(table, linkedTables);
    return created;
  }

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
        const result = await db.execute(sql`
          select k, count(*)::int as count
          from (select ${key.expr} as k from table_records r where ${where}) matched
          group by k
          order by k asc nulls last
          limit ${RECORD_GROUP_LIMIT}`);
        const groups = rowsOf<{ k: unknown; count: number }>(result).map((row) => ({
          value: row.k === null || row.k === undefined ? null : fromKey(row.k),
          count: Number(row.count),
        }));
        return { field_id: field.id, groups, total: groups.reduce((sum, g) => sum + g.count, 0) };
      }
      const value = ['autonumber', 'created_time', 'updated_time', 'created_by'].includes(field.type)
        ? sql`to_jsonb(${key.expr})`
        : sql`r.values -> ${field.id}::text`;
      const result = await db.execute(sql`
        select case when k is null then null else min(v::text)::jsonb end as value, count(*)::int as count
        from (select ${key.expr} as k, ${value} as v from table_records r where ${where}) matched
        group by k
        order by k asc nulls last
        limit ${RECORD_GROUP_LIMIT}`);
      const groups = rowsOf<{ value: unknown; count: number }>(result).map((row) => ({
        value: row.value ?? null,
        count: Number(row.count),
      }));
      return { field_id: field.id, groups, total: groups.reduce((sum, g) => sum + g.count, 0) };
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
      const keyColumns = keys.map((k, i) => sql`, (${k.expr})::text as ${sql.raw(`s${i}`)}`);
      const offset = !query.cursor && query.offset ? sql` offset ${query.offset}` : sql``;
      const page = await db.execute(sql`
          select r.id, r.table_id, r.values, r.autonumber, r.created_at, r.created_by, r.updated_at, r.updated_by
            ${sql.join(keyColumns, sql``)}
          from table_records r
          where ${sql.join(pageConditions, sql` and `)}
          order by ${orderBy(keys)}
          limit ${query.limit + 1}${offset}`);
      const rows = rowsOf<Record<string, unknown>>(page);
      const more = rows.length > query.limit;
      const visible = more ? rows.slice(0, query.limit) : rows;
      const last = visible[visible.length - 1];
      const next_cursor =
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
          visible.map((row) => toRecord(row as Parameters<typeof toRecord>[0])),
        ),
        next_cursor,
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
      const result = await db.execute(
        sql`select count(*)::int as total from table_records r where ${sql.join(conditions, sql` and `)}`,
      );
      return { total: Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0) };
    },

    async get({ tableId, recordId, userId }: { tableId: string; recordId: string; userId: string }) {
      const { table, fields } = await context(tableId, userId);
      const [row] = await db
        .select()
        .from(tableRecords)
        .where(
          and(
            eq(tableRecords.accountId, table.accountId),
            eq(tableRecords.tableId, table.id),
            eq(tableRecords.id, recordId),
          ),
        );
      if (!row) throw new AppError('not_found', 'Record not found');
      const [record] = await present(table, fields, [fromRow(row)]);
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
      const rows = await db
        .select({ change: recordHistory, userName: users.name })
        .from(recordHistory)
        .leftJoin(users, eq(users.id, recordHistory.userId))
        .where(
          and(
            eq(recordHistory.accountId, table.accountId),
            eq(recordHistory.tableId, table.id),
            eq(recordHistory.recordId, recordId),
          ),
        )
        .orderBy(asc(recordHistory.createdAt), asc(recordHistory.id))
        .limit(500);
      return rows.map(({ change, userName }) => ({
        id: change.id,
        record_id: change.recordId,
        user_id: change.userId,
        // Public form submissions have no user; their history names the form instead.
        user_name:
          userName ??
          ((change.snapshot as { source?: string } | null)?.source === PUBLIC_FORM_SOURCE ? 'Public form' : null),
        kind: change.kind,
        changes: change.changes as RecordChange['changes'],
        created_at: change.createdAt.toISOString(),
      }));
    },

    async create({
      tableId,
      userId,
      input,
      ids,
      byFlowId,
    }: {
      tableId: string;
      userId: string;
      input: CreateRecords;
      ids?: string[];
      /** Set when a flow's step writes them. */
      byFlowId?: string;
    }) {
      const { table, fields, byId } = await context(tableId, userId);
      const values = validateBatch(input.records, byId).map(withoutNulls);
      const created = await insert({ table, fields, byId, userId, values, ids });
      const records = await present(table, fields, created.map(toRecord));
      onRecords({ table, fields, kind: 'created', records, byFlowId });
      return { records };
    },

    /**
     * Imports CSV rows: cells are read by the field rules, and unlike `create` the good rows are
     * written (one transaction) while each bad row comes back with its row number, field and reason.
     */
    async importRows({ tableId, userId, input }: { tableId: string; userId: string; input: ImportRows }) {
      const { table, fields, byId } = await context(tableId, userId);
      const { values, failed } = readImportRows(input, byId);
      if (values.length > 0) await insert({ table, fields, byId, userId, values });
      return { imported: values.length, failed };
    },

    async update({
      tableId,
      userId,
      input,
      byFlowId,
    }: {
      tableId: string;
      userId: string;
      input: UpdateRecords;
      /** Set when a flow's step writes them. */
      byFlowId?: string;
    }) {
      const { table, fields, byId } = await context(tableId, userId);
      const patches = validateBatch(input.records, byId);
      const ids = input.records.map((r) => r.id);
      const seen = new Map<string, number>();
      ids.forEach((id, index) => {
        const first = seen.get(id);
        if (first !== undefined)
          throw new AppError(
            'bad_request',
            `Records ${first + 1} and ${index + 1} of ${ids.length} are the same record; send each record once`,
            `records.${index}.id`,
            { recordId: id },
          );
        seen.set(id, index);
      });
      let linkedTables: string[] = [];
      const updated = await db.transaction(async (tx) => {
        await checkLinkTargets(tx, {
          accountId: table.accountId,
          fields: byId,
          batch: input.records.map((r, i) => ({ id: r.id, values: patches[i] ?? {} })),
        });
        const before = await tx.execute(sql`
          select id, values from table_records
          where table_id = ${table.id} and account_id = ${table.accountId}
            and id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
          for update`);
        const old = new Map(
          rowsOf<{ id: string; values: Record<string, unknown> }>(before).map((r) => [r.id, r.values]),
        );
        input.records.forEach((record, index) => {
          if (!old.has(record.id))
            throw new AppError(
              'not_found',
              aboutRecord(
                input.records.length > 1 ? `Record ${index + 1} of ${input.records.length}` : null,
                'the record was not found; it may have been deleted',
              ),
              `records.${index}.id`,
              { recordId: record.id },
            );
        });
        // Merging only the given keys keeps concurrent edits of other cells of the same record.
        const payload = input.records.map((record, i) => ({ id: record.id, patch: patches[i] }));
        const now = new Date();
        const result = await tx.execute(sql`
          update table_records r
          set values = jsonb_strip_nulls(r.values || x.patch), updated_at = ${now.toISOString()}::timestamptz, updated_by = ${userId}
          from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(id text, patch jsonb)
          where r.table_id = ${table.id} and r.account_id = ${table.accountId} and r.id = x.id
          returning r.id, r.table_id, r.values, r.autonumber, r.created_at, r.created_by, r.updated_at, r.updated_by`);
        const history = input.records
          .map((record, i) => {
            const previous = old.get(record.id) ?? {};
            const changes: Record<string, { from: unknown; to: unknown }> = {};
            for (const [fieldId, to] of Object.entries(patches[i] ?? {})) {
              const from = previous[fieldId] ?? null;
              if (JSON.stringify(from) !== JSON.stringify(to)) changes[fieldId] = { from, to };
            }
            return { recordId: record.id, changes };
          })
          .filter((h) => Object.keys(h.changes).length > 0);
        await writeHistory(tx, {
          tableId: table.id,
          accountId: table.accountId,
          userId,
          kind: 'updated',
          entries: history,
          at: now,
        });
        await repo.touch(tx, table.accountId, table.id);
        linkedTables = await syncLinks(tx, {
          table,
          fields,
          userId,
          changes: input.records.map((r, i) => ({
            recordId: r.id,
            before: old.get(r.id) ?? {},
            after: patches[i] ?? {},
          })),
        });
        return rowsOf<Parameters<typeof toRecord>[0]>(result);
      });
      publish(table, linkedTables);
      const order = new Map(ids.map((id, i) => [id, i]));
      const records = await present(
        table,
        fields,
        updated.map(toRecord).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
      );
      onRecords({ table, fields, kind: 'updated', records, byFlowId });
      return { records };
    },

    /**
     * Brings deleted records back with their ids, autonumbers and the values of fields that still
     * exist (links only to records that still exist), and links the other side again. Undo of a
     * delete uses it, so history and links survive.
     */
    async restore({ tableId, userId, input }: { tableId: string; userId: string; input: DeleteRecords }) {
      const { table, fields } = await context(tableId, userId);
      const writable = fields.filter((field) => validateValue(field, null).ok);
      let linkedTables: string[] = [];
      const restored = await db.transaction(async (tx) => {
        const existing = await tx
          .select({ id: tableRecords.id })
          .from(tableRecords)
          .where(and(eq(tableRecords.accountId, table.accountId), inArray(tableRecords.id, input.ids)));
        if (existing.length > 0) {
          throw new AppError(
            'conflict',
            'A record to restore is not deleted; only deleted records can be restored',
            'ids',
            { recordId: existing[0]?.id },
          );
        }
        const deletions = rowsOf<{ record_id: string; changes: Record<string, { from: unknown }>; snapshot: unknown }>(
          await tx.execute(sql`
            select distinct on (record_id) record_id, changes, snapshot from record_history
            where account_id = ${table.accountId} and table_id = ${table.id} and kind = 'deleted'
              and record_id in (${sql.join(
                input.ids.map((id) => sql`${id}`),
                sql`, `,
              )})
            order by record_id, created_at desc`),
        );
        const byId = new Map(deletions.map((row) => [row.record_id, row]));
        const missing = input.ids.find((id) => !byId.has(id));
        if (missing)
          throw new AppError('not_found', 'A record to restore was never deleted from this table', 'ids', {
            recordId: missing,
          });

        const rows = [];
        for (const id of input.ids) {
          const deletion = byId.get(id) as (typeof deletions)[number];
          const values: Record<string, unknown> = {};
          for (const field of writable) {
            const before = deletion.changes[field.id]?.from;
            if (before === undefined || before === null) continue;
            if (field.options.type === 'link') {
              const ids = (Array.isArray(before) ? before : []).map(String);
              const live = ids.length
                ? await tx
                    .select({ id: tableRecords.id })
                    .from(tableRecords)
                    .where(
                      and(
                        eq(tableRecords.accountId, table.accountId),
                        eq(tableRecords.tableId, field.options.linkedTableId),
                        inArray(tableRecords.id, ids),
                      ),
                    )
                : [];
              const alive = new Set(live.map((r) => r.id));
              const kept = ids.filter((linked) => alive.has(linked));
              if (kept.length > 0) values[field.id] = kept;
              continue;
            }
            // A value that no longer fits the field (its type changed since) stays out.
            const checked = validateValue(field, before);
            if (checked.ok && checked.value !== null) values[field.id] = checked.value;
          }
          const snapshot = (deletion.snapshot ?? {}) as { autonumber?: number; createdAt?: string; createdBy?: string };
          rows.push({ id, values, snapshot });
        }
        // Records deleted before snapshots were kept get new autonumbers at the end.
        const needNumbers = rows.filter((row) => row.snapshot.autonumber === undefined).length;
        let fresh = 0;
        if (needNumbers > 0) {
          const [counter] = await tx
            .update(tables)
            .set({ nextAutonumber: sql`${tables.nextAutonumber} + ${needNumbers}` })
            .where(eq(tables.id, table.id))
            .returning({ next: tables.nextAutonumber });
          fresh = Number(counter?.next ?? 0) - needNumbers;
        }
        const inserted = await tx
          .insert(tableRecords)
          .values(
            rows.map((row) => ({
              id: row.id,
              tableId: table.id,
              accountId: table.accountId,
              values: row.values,
              // Autonumbers are never reused, so the old one is still free.
              autonumber: row.snapshot.autonumber ?? fresh++,
              createdAt: row.snapshot.createdAt ? new Date(row.snapshot.createdAt) : new Date(),
              createdBy: row.snapshot.createdBy ?? userId,
              updatedBy: userId,
            })),
          )
          .returning();
        await writeHistory(tx, {
          tableId: table.id,
          accountId: table.accountId,
          userId,
          kind: 'restored',
          entries: rows.map((row) => ({ recordId: row.id, changes: valuesAsChanges(row.values, 'to') })),
        });
        await repo.touch(tx, table.accountId, table.id);
        linkedTables = await syncLinks(tx, {
          table,
          fields,
          userId,
          changes: rows.map((row) => ({ recordId: row.id, before: {}, after: row.values })),
        });
        return inserted.map(fromRow);
      });
      publish(table, linkedTables);
      return { records: await present(table, fields, restored) };
    },

    async remove({ tableId, userId, input }: { tableId: string; userId: string; input: DeleteRecords }) {
      const { table, fields } = await context(tableId, userId);
      let linkedTables: string[] = [];
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(tableRecords)
          .where(
            and(
              eq(tableRecords.accountId, table.accountId),
              eq(tableRecords.tableId, table.id),
              inArray(tableRecords.id, input.ids),
            ),
          )
          .returning({
            id: tableRecords.id,
            values: tableRecords.values,
            autonumber: tableRecords.autonumber,
            createdAt: tableRecords.createdAt,
            createdBy: tableRecords.createdBy,
          });
        // The last values and a snapshot, so a deleted record can be restored later.
        await writeHistory(tx, {
          tableId: table.id,
          accountId: table.accountId,
          userId,
          kind: 'deleted',
          entries: rows.map((row) => ({
            recordId: row.id,
            changes: valuesAsChanges(row.values as object, 'from'),
            snapshot: { autonumber: Number(row.autonumber), createdAt: row.createdAt, createdBy: row.createdBy },
          })),
        });
        await repo.touch(tx, table.accountId, table.id);
        linkedTables = await syncLinks(tx, {
          table,
          fields,
          userId,
          changes: rows.map((row) => ({
            recordId: row.id,
            before: row.values as Record<string, unknown>,
            after: null,
          })),
        });
        return rows.length;
      });
      publish(table, linkedTables);
      return { deleted };
    },
  };
}

export type RecordService = ReturnType<typeof recordService>;
