import type { TableRecord } from '@flowmind/shared/tables';
import { sql } from 'drizzle-orm';
import type { tableRecords } from '../db/schema';
import { rowsOf, type TableRow, type Tx } from './table.repository';

type RecordRow = typeof tableRecords.$inferSelect;

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
    table_id: row.table_id,
    values: (row.values ?? {}) as Record<string, unknown>,
    autonumber: Number(row.autonumber),
    created_at: iso(row.created_at),
    created_by: row.created_by,
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by,
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

/** Every record of a table in autonumber order (a type change of a computed field reads them all). */
export async function allRecords(tx: Tx, table: TableRow): Promise<TableRecord[]> {
  const result = await tx.execute(sql`
    select id, table_id, values, autonumber, created_at, created_by, updated_at, updated_by from table_records
    where table_id = ${table.id} and account_id = ${table.accountId} order by autonumber`);
  return rowsOf<RawRecord>(result).map(toRecord);
}
