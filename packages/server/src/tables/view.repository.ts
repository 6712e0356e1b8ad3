import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tableViews } from '../db/schema';

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

    async remove(accountId: string, viewId: string) {
      await db.delete(tableViews).where(and(eq(tableViews.accountId, accountId), eq(tableViews.id, viewId)));
    },
  };
}
