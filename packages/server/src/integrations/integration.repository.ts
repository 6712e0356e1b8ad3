import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountMembers, users } from '../db/schema';
import { integrationConnections, integrationOauthStates } from '../db/schema-integrations';

export type ConnectionRow = typeof integrationConnections.$inferSelect;
export type OauthStateRow = typeof integrationOauthStates.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every connection query names the account: another account's connection is simply not there. */
export function integrationRepository(db: Db) {
  const inAccount = (accountId: string, connectionId: string) =>
    and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.id, connectionId));

  return {
    list(accountId: string) {
      return db
        .select({ connection: integrationConnections, creatorName: users.name })
        .from(integrationConnections)
        .leftJoin(users, eq(users.id, integrationConnections.createdBy))
        .where(eq(integrationConnections.accountId, accountId))
        .orderBy(asc(integrationConnections.createdAt), asc(integrationConnections.id));
    },

    /** The provider of each of these ids that is a connection of the account; the others are left out. */
    async providers(accountId: string, connectionIds: string[]): Promise<Map<string, string>> {
      if (connectionIds.length === 0) return new Map();
      const rows = await db
        .select({ id: integrationConnections.id, provider: integrationConnections.provider })
        .from(integrationConnections)
        .where(and(eq(integrationConnections.accountId, accountId), inArray(integrationConnections.id, connectionIds)));
      return new Map(rows.map((row) => [row.id, row.provider]));
    },

    async get(accountId: string, connectionId: string) {
      const [row] = await db
        .select({ connection: integrationConnections, creatorName: users.name })
        .from(integrationConnections)
        .leftJoin(users, eq(users.id, integrationConnections.createdBy))
        .where(inAccount(accountId, connectionId));
      return row ?? null;
    },

    /** The account of a connection whose account `userId` is a member of; null otherwise. */
    async accountForMember(connectionId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ accountId: integrationConnections.accountId })
        .from(integrationConnections)
        .innerJoin(
          accountMembers,
          and(eq(accountMembers.accountId, integrationConnections.accountId), eq(accountMembers.userId, userId)),
        )
        .where(eq(integrationConnections.id, connectionId));
      return row?.accountId ?? null;
    },

    /** A second connect of the same external account replaces its tokens (a reconnect), not a copy. */
    async upsert(row: typeof integrationConnections.$inferInsert): Promise<ConnectionRow> {
      const [saved] = await db
        .insert(integrationConnections)
        .values(row)
        .onConflictDoUpdate({
          target: [
            integrationConnections.accountId,
            integrationConnections.provider,
            integrationConnections.externalId,
          ],
          set: {
            scopes: row.scopes,
            status: 'connected',
            accessTokenSealed: row.accessTokenSealed,
            refreshTokenSealed: row.refreshTokenSealed,
            expiresAt: row.expiresAt,
            updatedAt: new Date(),
          },
        })
        .returning();
      if (!saved) throw new Error('The connection was not saved');
      return saved;
    },

    async rename(accountId: string, connectionId: string, name: string) {
      const rows = await db
        .update(integrationConnections)
        .set({ name, updatedAt: new Date() })
        .where(inAccount(accountId, connectionId))
        .returning({ id: integrationConnections.id });
      return rows.length > 0;
    },

    /** Changes a connection of the account; false when it is not there (any more). */
    async update(accountId: string, connectionId: string, changes: Partial<ConnectionRow>): Promise<boolean> {
      const rows = await db
        .update(integrationConnections)
        .set({ ...changes, updatedAt: new Date() })
        .where(inAccount(accountId, connectionId))
        .returning({ id: integrationConnections.id });
      return rows.length > 0;
    },

    async remove(accountId: string, connectionId: string): Promise<boolean> {
      const rows = await db
        .delete(integrationConnections)
        .where(inAccount(accountId, connectionId))
        .returning({ id: integrationConnections.id });
      return rows.length > 0;
    },

    /**
     * Runs `work` holding the connection's advisory lock, with the row read after the lock: a
     * caller that waited sees what the one before it stored.
     */
    withLockedConnection<T>(
      accountId: string,
      connectionId: string,
      work: (row: ConnectionRow | null, tx: Tx) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`integration:${connectionId}`}))`);
        const [row] = await tx.select().from(integrationConnections).where(inAccount(accountId, connectionId));
        return work(row ?? null, tx);
      });
    },

    async updateInTx(tx: Tx, connectionId: string, changes: Partial<ConnectionRow>) {
      await tx
        .update(integrationConnections)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(integrationConnections.id, connectionId));
    },

    /** Sets a connection's status; the row as it is now, or null when it is not the account's. */
    async setStatus(accountId: string, connectionId: string, status: ConnectionRow['status']) {
      const [row] = await db
        .update(integrationConnections)
        .set({ status, updatedAt: new Date() })
        .where(inAccount(accountId, connectionId))
        .returning();
      return row ?? null;
    },

    async insertState(row: typeof integrationOauthStates.$inferInsert) {
      // Old attempts are of no use to anyone: each new one clears the expired.
      await db
        .delete(integrationOauthStates)
        .where(lt(integrationOauthStates.expiresAt, sql`now() - interval '1 day'`));
      await db.insert(integrationOauthStates).values(row);
    },

    /** The state of `userId`, marked used in the same statement so that only one callback gets it. */
    async takeState(state: string, userId: string): Promise<{ row: OauthStateRow | null; alreadyUsed: boolean }> {
      const [taken] = await db
        .update(integrationOauthStates)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(integrationOauthStates.state, state),
            eq(integrationOauthStates.userId, userId),
            isNull(integrationOauthStates.usedAt),
          ),
        )
        .returning();
      if (taken) return { row: taken, alreadyUsed: false };
      const [existing] = await db
        .select({ state: integrationOauthStates.state })
        .from(integrationOauthStates)
        .where(and(eq(integrationOauthStates.state, state), eq(integrationOauthStates.userId, userId)));
      return { row: null, alreadyUsed: Boolean(existing) };
    },
  };
}

export type IntegrationRepository = ReturnType<typeof integrationRepository>;
