import type { View, ViewConfig } from '@flowmind/shared/table-views';
import type { Field, FieldOptions, Table } from '@flowmind/shared/tables';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { recordHistory, tableFields, tables, tableViews } from '../db/schema-tables';

export type TableRow = typeof tables.$inferSelect;
type FieldRow = typeof tableFields.$inferSelect;
type FieldInsert = typeof tableFields.$inferInsert;
type ViewRow = typeof tableViews.$inferSelect;
type TableInsert = typeof tables.$inferInsert;
type ViewInsert = typeof tableViews.$inferInsert;

/** A transaction or the database: repository functions run in either. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;
export type HistoryEntry = { recordId: string; changes: FieldChanges; snapshot?: unknown };

/** A whole record's values as changes: appearing (`to`) or going away (`from`). */
export function valuesAsChanges(values: object, side: 'from' | 'to'): FieldChanges {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, side === 'to' ? { from: null, to: v } : { from: v, to: null }]),
  );
}

/** One history row per record, written in the transaction of the change itself. */
export async function writeHistory(
  tx: Tx,
  {
    tableId,
    accountId,
    userId,
    kind,
    entries,
    at,
  }: {
    tableId: string;
    accountId: string;
    userId: string;
    kind: 'created' | 'updated' | 'deleted' | 'restored';
    entries: HistoryEntry[];
    at?: Date;
  },
) {
  if (entries.length === 0) return;
  await tx.insert(recordHistory).values(
    entries.map((entry) => ({
      id: newId('rch'),
      tableId,
      accountId,
      recordId: entry.recordId,
      userId,
      kind,
      changes: entry.changes,
      ...(entry.snapshot === undefined ? {} : { snapshot: entry.snapshot }),
      ...(at ? { createdAt: at } : {}),
    })),
  );
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function toTable(row: TableRow): Table & { version: number } {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    description: row.description,
    recordCount: Number(row.recordCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    version: Number(row.version),
  };
}

export function toField(row: FieldRow): Field {
  return {
    id: row.id,
    tableId: row.tableId,
    name: row.name,
    type: row.type as Field['type'],
    options: row.options as FieldOptions,
    position: row.position,
    isPrimary: row.isPrimary,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toView(row: ViewRow): View {
  return {
    id: row.id,
    tableId: row.tableId,
    name: row.name,
    type: row.type as View['type'],
    config: row.config as ViewConfig,
    position: row.position,
    publicId: row.publicId,
  };
}

/** Data access for tables, their fields and views. Reads are scoped by account and, for users, membership. */
export function tableRepository(db: Db) {
  async function touch(tx: Tx, accountId: string, tableId: string) {
    await tx
      .update(tables)
      .set({ version: sql`${tables.version} + 1`, updatedAt: new Date() })
      .where(and(eq(tables.accountId, accountId), eq(tables.id, tableId)));
  }

  return {
    /** The table when the user is a member of its account, in one query; null otherwise. */
    async resolveForMember(tableId: string, userId: string): Promise<TableRow | null> {
      const [row] = await db
        .select({ table: tables })
        .from(tables)
        .where(
          and(
            eq(tables.id, tableId),
            sql`exists (select 1 from account_members m where m.account_id = ${tables.accountId} and m.user_id = ${userId})`,
          ),
        );
      return row?.table ?? null;
    },

    async list({
      accountId,
      search,
      trash,
      limit = 300,
    }: {
      accountId: string;
      search?: string;
      trash?: boolean;
      limit?: number;
    }): Promise<(Table & { version: number })[]> {
      const conditions = [
        eq(tables.accountId, accountId),
        trash ? sql`${tables.deletedAt} is not null` : sql`${tables.deletedAt} is null`,
      ];
      if (search?.trim()) {
        const like = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`${tables.name} ilike ${like}`);
      }
      const rows = await db
        .select()
        .from(tables)
        .where(and(...conditions))
        .orderBy(asc(tables.createdAt), asc(tables.id))
        .limit(limit);
      return rows.map(toTable);
    },

    async get(accountId: string, tableId: string): Promise<(Table & { version: number }) | null> {
      const [row] = await db
        .select()
        .from(tables)
        .where(and(eq(tables.accountId, accountId), eq(tables.id, tableId)));
      return row ? toTable(row) : null;
    },

    async fields(accountId: string, tableId: string, tx: Tx = db): Promise<Field[]> {
      const rows = await tx
        .select()
        .from(tableFields)
        .where(and(eq(tableFields.accountId, accountId), eq(tableFields.tableId, tableId)))
        .orderBy(asc(tableFields.position), asc(tableFields.createdAt));
      return rows.map(toField);
    },

    async fieldRow(accountId: string, tableId: string, fieldId: string, tx: Tx = db): Promise<FieldRow | null> {
      const [row] = await tx
        .select()
        .from(tableFields)
        .where(
          and(eq(tableFields.accountId, accountId), eq(tableFields.tableId, tableId), eq(tableFields.id, fieldId)),
        );
      return row ?? null;
    },

    async views(accountId: string, tableId: string): Promise<View[]> {
      const rows = await db
        .select()
        .from(tableViews)
        .where(and(eq(tableViews.accountId, accountId), eq(tableViews.tableId, tableId)))
        .orderBy(asc(tableViews.position), asc(tableViews.createdAt));
      return rows.map(toView);
    },

    async view(accountId: string, tableId: string, viewId: string): Promise<View | null> {
      const [row] = await db
        .select()
        .from(tableViews)
        .where(and(eq(tableViews.accountId, accountId), eq(tableViews.tableId, tableId), eq(tableViews.id, viewId)));
      return row ? toView(row) : null;
    },

    /** The position after the table's last field or view. */
    async nextPosition(accountId: string, tableId: string, part: 'fields' | 'views'): Promise<number> {
      const target = part === 'fields' ? tableFields : tableViews;
      const [row] = await db
        .select({ max: sql<number | null>`max(${target.position})` })
        .from(target)
        .where(and(eq(target.accountId, accountId), eq(target.tableId, tableId)));
      return (row?.max === null || row?.max === undefined ? 0 : Number(row.max)) + 1;
    },

    /** Marks a change to records or fields: the version an open grid watches. */
    touch,

    /** Inserts a table with its fields and views: a new table's defaults, or a copy's. */
    async insertWithSchema(
      tx: Tx,
      { table, fields, views }: { table: TableInsert; fields: FieldInsert[]; views: ViewInsert[] },
    ) {
      await tx.insert(tables).values(table);
      if (fields.length) await tx.insert(tableFields).values(fields);
      if (views.length) await tx.insert(tableViews).values(views);
    },

    async set(accountId: string, tableId: string, set: Partial<TableInsert>) {
      await db
        .update(tables)
        .set(set)
        .where(and(eq(tables.accountId, accountId), eq(tables.id, tableId)));
    },

    /** Deletes a table for good, with the link fields (and their values) other tables have into it. */
    async removeForGood(accountId: string, tableId: string) {
      await db.transaction(async (tx) => {
        const links = rowsOf<{ id: string; table_id: string }>(
          await tx.execute(sql`
            select id, table_id from table_fields
            where account_id = ${accountId} and type = 'link' and options ->> 'linkedTableId' = ${tableId}
              and table_id <> ${tableId}`),
        );
        for (const link of links) {
          await tx.execute(sql`
            update table_records set values = values - ${link.id}::text
            where table_id = ${link.table_id} and account_id = ${accountId} and values ? ${link.id}::text`);
          await tx.delete(tableFields).where(and(eq(tableFields.accountId, accountId), eq(tableFields.id, link.id)));
          await touch(tx, accountId, link.table_id);
        }
        await tx.delete(tables).where(and(eq(tables.accountId, accountId), eq(tables.id, tableId)));
      });
    },

    /** Copies every record of a table into another, renaming value keys by `fieldIds` (old → new). */
    async copyRecords(
      tx: Tx,
      { accountId, from, to, fieldIds }: { accountId: string; from: string; to: string; fieldIds: Map<string, string> },
    ) {
      const map = JSON.stringify([...fieldIds].map(([from, to]) => ({ from, to })));
      await tx.execute(sql`
        insert into table_records (id, table_id, account_id, values, autonumber, created_at, created_by, updated_at, updated_by)
        select 'rec_' || substr(md5(random()::text || r.id), 1, 20), ${to}, r.account_id,
          coalesce((select jsonb_object_agg(m.to, e.value) from jsonb_each(r.values) e
            join jsonb_to_recordset(${map}::jsonb) as m("from" text, "to" text) on m."from" = e.key), '{}'::jsonb),
          r.autonumber, r.created_at, r.created_by, r.updated_at, r.updated_by
        from table_records r where r.table_id = ${from} and r.account_id = ${accountId}`);
    },
  };
}

export type TableRepository = ReturnType<typeof tableRepository>;
