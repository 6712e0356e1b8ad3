import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tables, tableViews } from '../db/schema-tables';

type ViewInsert = typeof tableViews.$inferInsert;

/** View writes, each scoped by the account of a table the caller has already checked. */
export function viewRepository(db: Db) {
  return {
    async insert(row: ViewInsert) {
      await db.insert(tableViews).values(row);
    },

    async update(accountId: string, viewId: string, set: Partial<ViewInsert>) {
      await db
        .update(tableViews)
        .set(set)
        .where(and(eq(tableViews.accountId, accountId), eq(tableViews.id, viewId)));
    },

    /**
     * The view with this public id and its table, when the table is not in the trash. The public id
     * is the only key a form's visitor has, so this is the one view query not scoped by an account.
     */
    async byPublicId(publicId: string) {
      const [row] = await db
        .select({ view: tableViews, table: tables })
        .from(tableViews)
        .innerJoin(tables, and(eq(tables.id, tableViews.tableId), eq(tables.accountId, tableViews.accountId)))
        .where(and(eq(tableViews.publicId, publicId), isNull(tables.deletedAt)));
      return row ?? null;
    },

    async remove(accountId: string, viewId: string) {
      await db.delete(tableViews).where(and(eq(tableViews.accountId, accountId), eq(tableViews.id, viewId)));
    },
  };
}
