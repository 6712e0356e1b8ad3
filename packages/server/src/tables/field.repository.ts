import type { FieldOptions } from '@flowmind/shared/tables';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tableFields } from '../db/schema-tables';
import type { FieldValue } from './field-conversion';
import { rowsOf, type TableRow, type Tx } from './table.repository';

const CHUNK = 1000;

type FieldInsert = typeof tableFields.$inferInsert;
export type FieldSet = Partial<FieldInsert>;

/** Writes many (record id → value) pairs of one field in one statement; null removes the key. */
export async function writeFieldValues(
  tx: Tx,
  { table, fieldId, values }: { table: { id: string; accountId: string }; fieldId: string; values: FieldValue[] },
) {
  for (let i = 0; i < values.length; i += CHUNK) {
    const chunk = values.slice(i, i + CHUNK);
    await tx.execute(sql`
      update table_records r
      set values = case when x.v is null or x.v = 'null'::jsonb then r.values - ${fieldId}::text
                        else jsonb_set(r.values, array[${fieldId}::text], x.v) end
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id text, v jsonb)
      where r.account_id = ${table.accountId} and r.table_id = ${table.id} and r.id = x.id`);
  }
}

/** Field writes, each scoped by the account of a table the caller has already checked. */
export function fieldRepository(db: Db) {
  return {
    async insert(tx: Tx, row: FieldInsert) {
      await tx.insert(tableFields).values(row);
    },

    async update(tx: Tx, accountId: string, fieldId: string, set: FieldSet) {
      await tx
        .update(tableFields)
        .set(set)
        .where(and(eq(tableFields.accountId, accountId), eq(tableFields.id, fieldId)));
    },

    async setOptions(tx: Tx, accountId: string, fieldId: string, options: FieldOptions) {
      await tx
        .update(tableFields)
        .set({ options })
        .where(and(eq(tableFields.accountId, accountId), eq(tableFields.id, fieldId)));
    },

    /** Deletes a field and its values in every record of its table. */
    async removeWithValues(
      tx: Tx,
      { accountId, tableId, fieldId }: { accountId: string; tableId: string; fieldId: string },
    ) {
      await tx
        .delete(tableFields)
        .where(
          and(eq(tableFields.accountId, accountId), eq(tableFields.tableId, tableId), eq(tableFields.id, fieldId)),
        );
      await tx.execute(sql`
        update table_records set values = values - ${fieldId}::text
        where table_id = ${tableId} and account_id = ${accountId} and values ? ${fieldId}::text`);
    },

    /** Field values of every record that has one, for previews and conversions. */
    async valuesOf(table: TableRow, fieldId: string, tx: Tx = db): Promise<FieldValue[]> {
      const result = await tx.execute(sql`
        select id, values -> ${fieldId}::text as v from table_records
        where table_id = ${table.id} and account_id = ${table.accountId} and values ? ${fieldId}::text
        order by autonumber`);
      return rowsOf<FieldValue>(result);
    },
  };
}

export type FieldRepository = ReturnType<typeof fieldRepository>;
