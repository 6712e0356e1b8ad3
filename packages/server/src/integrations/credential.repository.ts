import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { integrationConnections } from '../db/schema-integrations';

/** Credential connections' own writes; reads and removal go through the integration repository. */
export function credentialRepository(db: Db) {
  return {
    async insert(row: typeof integrationConnections.$inferInsert) {
      await db.insert(integrationConnections).values(row);
    },

    /** The new secret (and where it goes) of a connection of `accountId`; false when there is none. */
    async replaceSecret(
      accountId: string,
      connectionId: string,
      changes: { accessTokenSealed: string; settings: Record<string, unknown> },
    ): Promise<boolean> {
      const rows = await db
        .update(integrationConnections)
        .set({ ...changes, status: 'connected', updatedAt: new Date() })
        .where(and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.id, connectionId)))
        .returning({ id: integrationConnections.id });
      return rows.length > 0;
    },
  };
}
