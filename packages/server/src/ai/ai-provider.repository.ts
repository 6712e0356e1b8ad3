import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountMembers } from '../db/schema';
import { aiProviders, aiSettings } from '../db/schema-ai';

export type AiProviderRow = typeof aiProviders.$inferSelect;
type ProviderChanges = Partial<Pick<AiProviderRow, 'name' | 'baseUrl' | 'apiKeySealed' | 'models'>>;

/** Every query names the account: another account's provider is simply not there. */
export function aiProviderRepository(db: Db) {
  const inAccount = (accountId: string, providerId: string) =>
    and(eq(aiProviders.accountId, accountId), eq(aiProviders.id, providerId));

  return {
    list(accountId: string): Promise<AiProviderRow[]> {
      return db
        .select()
        .from(aiProviders)
        .where(eq(aiProviders.accountId, accountId))
        .orderBy(asc(aiProviders.createdAt), asc(aiProviders.id));
    },

    async get(accountId: string, providerId: string): Promise<AiProviderRow | null> {
      const [row] = await db.select().from(aiProviders).where(inAccount(accountId, providerId));
      return row ?? null;
    },

    /** The account of a provider whose account `userId` is a member of; null otherwise. */
    async accountForMember(providerId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ accountId: aiProviders.accountId })
        .from(aiProviders)
        .innerJoin(
          accountMembers,
          and(eq(accountMembers.accountId, aiProviders.accountId), eq(accountMembers.userId, userId)),
        )
        .where(eq(aiProviders.id, providerId));
      return row?.accountId ?? null;
    },

    async insert(row: typeof aiProviders.$inferInsert): Promise<AiProviderRow> {
      const [created] = await db.insert(aiProviders).values(row).returning();
      if (!created) throw new Error('The AI provider was not saved');
      return created;
    },

    async update(accountId: string, providerId: string, changes: ProviderChanges): Promise<AiProviderRow | null> {
      const [row] = await db
        .update(aiProviders)
        .set({ ...changes, updatedAt: new Date() })
        .where(inAccount(accountId, providerId))
        .returning();
      return row ?? null;
    },

    async remove(accountId: string, providerId: string): Promise<boolean> {
      const rows = await db
        .delete(aiProviders)
        .where(inAccount(accountId, providerId))
        .returning({ id: aiProviders.id });
      return rows.length > 0;
    },

    async defaultModel(accountId: string): Promise<string | null> {
      const [row] = await db
        .select({ defaultModel: aiSettings.defaultModel })
        .from(aiSettings)
        .where(eq(aiSettings.accountId, accountId));
      return row?.defaultModel ?? null;
    },

    async setDefaultModel(accountId: string, defaultModel: string | null) {
      await db
        .insert(aiSettings)
        .values({ accountId, defaultModel })
        .onConflictDoUpdate({ target: aiSettings.accountId, set: { defaultModel, updatedAt: new Date() } });
    },
  };
}

export type AiProviderRepository = ReturnType<typeof aiProviderRepository>;
