import { formatValue } from '@flowmind/shared/table-values';
import type { Field, TableRecord } from '@flowmind/shared/tables';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { tableFields } from '../db/schema-tables';
import { withComputedValues } from './computed-values';
import { asIds, isLink } from './link-fields';
import { rowsOf, type Tx, toField } from './table.repository';

type Row = {
  id: string;
  table_id: string;
  values: Record<string, unknown> | null;
  autonumber: number | string;
  created_at: Date | string;
  created_by: string | null;
  updated_at: Date | string;
  updated_by: string | null;
};

/**
 * Adds `names` to records: each linked record's primary value as text, and the name of the user in a created-by
 * field. One query for the linked tables' fields, one per linked table and one for the users, whatever the number
 * of records, so a page of a thousand linked rows costs the same as one. A computed primary (formula, autonumber)
 * is computed here too.
 */
export async function withNames(
  tx: Tx,
  { accountId, fields, records }: { accountId: string; fields: Field[]; records: TableRecord[] },
): Promise<TableRecord[]> {
  const byTable = new Map<string, Set<string>>();
  for (const field of fields) {
    if (!isLink(field)) continue;
    const set = byTable.get(field.options.linkedTableId) ?? new Set<string>();
    for (const record of records) for (const id of asIds(record.values[field.id])) set.add(id);
    if (set.size) byTable.set(field.options.linkedTableId, set);
  }
  const userIds = new Set<string>();
  for (const field of fields) {
    if (field.type !== 'created_by') continue;
    for (const record of records) {
      const id = record.values[field.id];
      if (typeof id === 'string') userIds.add(id);
    }
  }
  if (byTable.size === 0 && userIds.size === 0) return records;
  const names = new Map<string, string>();
  if (userIds.size) {
    const rows = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...userIds]));
    for (const row of rows) names.set(row.id, row.name);
  }
  if (byTable.size === 0) return records.map((record) => named(record, fields, names));

  const fieldRows = await tx
    .select()
    .from(tableFields)
    .where(and(eq(tableFields.accountId, accountId), inArray(tableFields.tableId, [...byTable.keys()])))
    .orderBy(asc(tableFields.position), asc(tableFields.createdAt));
  const fieldsOf = new Map<string, Field[]>();
  for (const row of fieldRows) {
    const field = toField(row);
    fieldsOf.set(field.tableId, [...(fieldsOf.get(field.tableId) ?? []), field]);
  }

  for (const [tableId, ids] of byTable) {
    const linkedFields = fieldsOf.get(tableId) ?? [];
    const primary = linkedFields.find((field) => field.isPrimary) ?? linkedFields[0];
    const result = await tx.execute(sql`
      select id, table_id, values, autonumber, created_at, created_by, updated_at, updated_by from table_records
      where account_id = ${accountId} and table_id = ${tableId}
        and id in (select jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb))`);
    const linked: TableRecord[] = rowsOf<Row>(result).map((row) => ({
      id: row.id,
      tableId: row.table_id,
      values: row.values ?? {},
      autonumber: Number(row.autonumber),
      createdAt: new Date(row.created_at).toISOString(),
      createdBy: row.created_by,
      updatedAt: new Date(row.updated_at).toISOString(),
      updatedBy: row.updated_by,
    }));
    const computed = primary && primary.type !== 'text' ? withComputedValues(linked, linkedFields) : linked;
    for (const record of computed) {
      const value = primary ? record.values[primary.id] : null;
      names.set(record.id, (primary && formatValue(value, primary.options)) || '');
    }
  }

  return records.map((record) => named(record, fields, names));
}

function named(record: TableRecord, fields: Field[], known: Map<string, string>): TableRecord {
  const names: Record<string, string> = {};
  for (const field of fields) {
    if (!isLink(field) && field.type !== 'created_by') continue;
    const value = record.values[field.id];
    for (const id of typeof value === 'string' ? [value] : asIds(value)) {
      const name = known.get(id);
      if (name !== undefined) names[id] = name;
    }
  }
  return Object.keys(names).length ? { ...record, names } : record;
}
