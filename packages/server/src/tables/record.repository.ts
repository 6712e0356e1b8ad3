import type { TableRecord } from '@flowmind/shared/tables';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { recordHistory, tableRecords, tables } from '../db/schema-tables';
import { rowsOf, type TableRow, type Tx } from './table.repository';

type RecordRow = typeof tableRecords.$inferSelect;

/** A table already checked against the account: every query below filters by both. */
export type TableKey = Pick<TableRow, 'id' | 'accountId'>;

/** A record as raw SQL returns it (snake case, numbers and dates maybe as text). */
export type RawRecord = {
  id: string;
  table_id: string;
  values: unknown;
  autonumber: number | string;
  created_at: Date | string;
  created_by: string | null;
  updated_at: Date | string;
  updated_by: string | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toRecord(row: RawRecord): TableRecord {
  return {
    id: row.id,
    tableId: row.table_id,
    values: (row.values ?? {}) as Record<string, unknown>,
    autonumber: Number(row.autonumber),
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export const fromRow = (row: RecordRow): TableRecord =>
  toRecord({
    id: row.id,
    table_id: row.tableId,
    values: row.values,
    autonumber: row.autonumber,
    created_at: row.createdAt,
    created_by: row.createdBy,
    updated_at: row.updatedAt,
    updated_by: row.updatedBy,
  });

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Every record of a table in autonumber order (a type change of a computed field reads them all). */
export async function allRecords(tx: Tx, table: TableKey): Promise<TableRecord[]> {
  const result = await tx.execute(sql`
    select id, table_id, values, autonumber, created_at, created_by, updated_at, updated_by from table_records
    where table_id = ${table.id} and account_id = ${table.accountId} order by autonumber`);
  return rowsOf<RawRecord>(result).map(toRecord);
}

/**
 * Reserves `count` autonumbers and marks the table changed; returns the first. Reserving locks the
 * table row, so concurrent batches number in order.
 */
export async function reserveAutonumbers(tx: Tx, table: TableKey, count: number): Promise<number> {
  const [reserved] = await tx
    .update(tables)
    .set({
      nextAutonumber: sql`${tables.nextAutonumber} + ${count}`,
      version: sql`${tables.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(tables.accountId, table.accountId), eq(tables.id, table.id)))
    .returning({ next: tables.nextAutonumber });
  return Number(reserved?.next) - count;
}

/**
 * Inserts records and their 'created' history in one statement with one JSON parameter: a thousand
 * rows as bound columns cost several times more to send and plan (imports send 100 of these).
 * Returns how many records were inserted.
 */
export async function insertRecords(
  tx: Tx,
  {
    table,
    userId,
    at,
    rows,
  }: {
    table: TableKey;
    userId: string;
    at: string;
    rows: { id: string; history_id: string; values: unknown; changes: unknown; autonumber: number }[];
  },
): Promise<number> {
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(id text, history_id text, values jsonb, changes jsonb, autonumber bigint)
    ), history as (
      insert into record_history (id, table_id, account_id, record_id, user_id, kind, changes, created_at)
      select history_id, ${table.id}, ${table.accountId}, id, ${userId}, 'created', changes, ${at}::timestamptz
      from input
    )
    insert into table_records (id, table_id, account_id, values, autonumber, created_at, created_by, updated_at, updated_by)
    select id, ${table.id}, ${table.accountId}, values, autonumber, ${at}::timestamptz, ${userId}, ${at}::timestamptz, ${userId}
    from input
    returning id, autonumber`);
  return rowsOf(result).length;
}

/** Record counts per group key of the records matching `where` (conditions from record-finding), in key order. */
export async function countByKey(tx: Tx, { key, where, limit }: { key: SQL; where: SQL; limit: number }) {
  const result = await tx.execute(sql`
    select k, count(*)::int as count
    from (select ${key} as k from table_records r where ${where}) matched
    group by k
    order by k asc nulls last
    limit ${limit}`);
  return rowsOf<{ k: unknown; count: number }>(result);
}

/** Like countByKey, with a value of each group read back from its records. */
export async function countByKeyWithValue(
  tx: Tx,
  { key, value, where, limit }: { key: SQL; value: SQL; where: SQL; limit: number },
) {
  const result = await tx.execute(sql`
    select case when k is null then null else min(v::text)::jsonb end as value, count(*)::int as count
    from (select ${key} as k, ${value} as v from table_records r where ${where}) matched
    group by k
    order by k asc nulls last
    limit ${limit}`);
  return rowsOf<{ value: unknown; count: number }>(result);
}

/** One page of records matching `where`, each with its sort keys as text (`s0`, `s1`, …) for the cursor. */
export async function recordPage(
  tx: Tx,
  { keys, where, order, limit, offset }: { keys: SQL[]; where: SQL; order: SQL; limit: number; offset?: number },
) {
  const keyColumns = keys.map((key, i) => sql`, (${key})::text as ${sql.raw(`s${i}`)}`);
  const skip = offset ? sql` offset ${offset}` : sql``;
  const page = await tx.execute(sql`
      select r.id, r.table_id, r.values, r.autonumber, r.created_at, r.created_by, r.updated_at, r.updated_by
        ${sql.join(keyColumns, sql``)}
      from table_records r
      where ${where}
      order by ${order}
      limit ${limit}${skip}`);
  return rowsOf<Record<string, unknown>>(page);
}

export async function countRecords(tx: Tx, where: SQL): Promise<number> {
  const result = await tx.execute(sql`select count(*)::int as total from table_records r where ${where}`);
  return Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0);
}

export async function findRecord(tx: Tx, table: TableKey, recordId: string): Promise<TableRecord | null> {
  const [row] = await tx
    .select()
    .from(tableRecords)
    .where(
      and(
        eq(tableRecords.accountId, table.accountId),
        eq(tableRecords.tableId, table.id),
        eq(tableRecords.id, recordId),
      ),
    );
  return row ? fromRow(row) : null;
}

/** A record's history, oldest first, with the name of each change's user. */
export async function recordHistoryOf(tx: Tx, table: TableKey, recordId: string) {
  return tx
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
}

/** The values of records about to be updated, locked until the transaction ends. */
export async function lockValues(tx: Tx, table: TableKey, ids: string[]) {
  const result = await tx.execute(sql`
    select id, values from table_records
    where table_id = ${table.id} and account_id = ${table.accountId}
      and id in (${idList(ids)})
    for update`);
  return new Map(rowsOf<{ id: string; values: Record<string, unknown> }>(result).map((r) => [r.id, r.values]));
}

/**
 * Merges each patch into its record's values (null removes a key). Merging only the given keys
 * keeps concurrent edits of other cells of the same record.
 */
export async function patchRecords(
  tx: Tx,
  {
    table,
    userId,
    at,
    patches,
  }: { table: TableKey; userId: string; at: Date; patches: { id: string; patch: unknown }[] },
): Promise<TableRecord[]> {
  const result = await tx.execute(sql`
    update table_records r
    set values = jsonb_strip_nulls(r.values || x.patch), updated_at = ${at.toISOString()}::timestamptz, updated_by = ${userId}
    from jsonb_to_recordset(${JSON.stringify(patches)}::jsonb) as x(id text, patch jsonb)
    where r.table_id = ${table.id} and r.account_id = ${table.accountId} and r.id = x.id
    returning r.id, r.table_id, r.values, r.autonumber, r.created_at, r.created_by, r.updated_at, r.updated_by`);
  return rowsOf<RawRecord>(result).map(toRecord);
}

/** Which of these ids are records of the account now (in any table). */
export async function existingIds(tx: Tx, accountId: string, ids: string[]) {
  return tx
    .select({ id: tableRecords.id })
    .from(tableRecords)
    .where(and(eq(tableRecords.accountId, accountId), inArray(tableRecords.id, ids)));
}

/** Which of these ids are records of the table now. */
export async function liveIdsOf(tx: Tx, table: TableKey, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: tableRecords.id })
    .from(tableRecords)
    .where(
      and(
        eq(tableRecords.accountId, table.accountId),
        eq(tableRecords.tableId, table.id),
        inArray(tableRecords.id, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The latest deletion of each record: its last values and the snapshot to restore it from. */
export async function lastDeletions(tx: Tx, table: TableKey, ids: string[]) {
  const result = await tx.execute(sql`
    select distinct on (record_id) record_id, changes, snapshot from record_history
    where account_id = ${table.accountId} and table_id = ${table.id} and kind = 'deleted'
      and record_id in (${idList(ids)})
    order by record_id, created_at desc`);
  return rowsOf<{ record_id: string; changes: Record<string, { from: unknown }>; snapshot: unknown }>(result);
}

/** Autonumbers for records restored without a snapshot of theirs; returns the first. */
export async function takeAutonumbers(tx: Tx, table: TableKey, count: number): Promise<number> {
  const [counter] = await tx
    .update(tables)
    .set({ nextAutonumber: sql`${tables.nextAutonumber} + ${count}` })
    .where(and(eq(tables.accountId, table.accountId), eq(tables.id, table.id)))
    .returning({ next: tables.nextAutonumber });
  return Number(counter?.next ?? 0) - count;
}

export async function insertRecordRows(tx: Tx, rows: (typeof tableRecords.$inferInsert)[]): Promise<TableRecord[]> {
  const inserted = await tx.insert(tableRecords).values(rows).returning();
  return inserted.map(fromRow);
}

/** Deletes records of the table; returns what their restore needs. */
export async function deleteRecords(tx: Tx, table: TableKey, ids: string[]) {
  return tx
    .delete(tableRecords)
    .where(
      and(
        eq(tableRecords.accountId, table.accountId),
        eq(tableRecords.tableId, table.id),
        inArray(tableRecords.id, ids),
      ),
    )
    .returning({
      id: tableRecords.id,
      values: tableRecords.values,
      autonumber: tableRecords.autonumber,
      createdAt: tableRecords.createdAt,
      createdBy: tableRecords.createdBy,
    });
}

/** One record with no author (a public form's) and its 'created' history, whose snapshot names the source. */
export async function insertAuthorless(
  tx: Tx,
  {
    table,
    id,
    historyId,
    values,
    autonumber,
    at,
    changes,
    snapshot,
  }: {
    table: TableKey;
    id: string;
    historyId: string;
    values: Record<string, unknown>;
    autonumber: number;
    at: Date;
    changes: unknown;
    snapshot: unknown;
  },
) {
  await tx.insert(tableRecords).values({
    id,
    tableId: table.id,
    accountId: table.accountId,
    values,
    autonumber,
    createdAt: at,
    createdBy: null,
    updatedAt: at,
    updatedBy: null,
  });
  await tx.insert(recordHistory).values({
    id: historyId,
    tableId: table.id,
    accountId: table.accountId,
    recordId: id,
    userId: null,
    kind: 'created',
    changes,
    snapshot,
    createdAt: at,
  });
}
