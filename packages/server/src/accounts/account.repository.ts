import type { Account, Invite, Member, MemberRole } from '@flowmind/shared/accounts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountInvites, accountMembers, accounts, users } from '../db/schema';

type AccountRow = typeof accounts.$inferSelect;

function toAccount(row: AccountRow, memberIds: string[], role: MemberRole): Account {
  return {
    id: row.id,
    type: row.type,
    handle: row.handle,
    name: row.name,
    memberIds: memberIds,
    createdAt: row.createdAt.toISOString(),
    role,
  };
}

/** Data access for accounts. Every read of an account's data is scoped by the member asking. */
export function accountRepository(db: Db) {
  async function memberIdsOf(accountIds: string[]): Promise<Map<string, string[]>> {
    const byAccount = new Map<string, string[]>(accountIds.map((id) => [id, []]));
    if (accountIds.length === 0) return byAccount;
    const rows = await db
      .select({ accountId: accountMembers.accountId, userId: accountMembers.userId })
      .from(accountMembers)
      .where(inArray(accountMembers.accountId, accountIds))
      .orderBy(asc(accountMembers.createdAt));
    for (const row of rows) byAccount.get(row.accountId)?.push(row.userId);
    return byAccount;
  }

  return {
    async listForUser(userId: string, limit = 300): Promise<Account[]> {
      const rows = await db
        .select({ account: accounts, role: accountMembers.role })
        .from(accountMembers)
        .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
        .where(eq(accountMembers.userId, userId))
        .orderBy(asc(accounts.createdAt), asc(accounts.id))
        .limit(limit);
      const memberIds = await memberIdsOf(rows.map((r) => r.account.id));
      return rows.map((r) => toAccount(r.account, memberIds.get(r.account.id) ?? [], r.role));
    },

    /** The account as its member sees it, or null when the user is not a member. */
    async getForMember(accountId: string, userId: string): Promise<Account | null> {
      const [row] = await db
        .select({ account: accounts, role: accountMembers.role })
        .from(accountMembers)
        .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
        .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
      if (!row) return null;
      const memberIds = await memberIdsOf([accountId]);
      return toAccount(row.account, memberIds.get(accountId) ?? [], row.role);
    },

    async handleTaken(handle: string): Promise<boolean> {
      const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.handle, handle)).limit(1);
      return Boolean(row);
    },

    async insert(input: { id: string; type: 'personal' | 'business'; handle: string; name: string; ownerId: string }) {
      await db.transaction(async (tx) => {
        await tx.insert(accounts).values({
          id: input.id,
          type: input.type,
          handle: input.handle,
          name: input.name,
          createdBy: input.ownerId,
        });
        await tx.insert(accountMembers).values({ accountId: input.id, userId: input.ownerId, role: 'owner' });
      });
    },

    async rename(accountId: string, name: string) {
      await db.update(accounts).set({ name }).where(eq(accounts.id, accountId));
    },

    async setHandle(accountId: string, handle: string) {
      await db.update(accounts).set({ handle }).where(eq(accounts.id, accountId));
    },

    async remove(accountId: string) {
      await db.delete(accounts).where(eq(accounts.id, accountId));
    },

    async members(accountId: string, limit = 300): Promise<Member[]> {
      const rows = await db
        .select({
          userId: accountMembers.userId,
          role: accountMembers.role,
          joinedAt: accountMembers.createdAt,
          name: users.name,
          email: users.email,
        })
        .from(accountMembers)
        .innerJoin(users, eq(users.id, accountMembers.userId))
        .where(eq(accountMembers.accountId, accountId))
        .orderBy(asc(accountMembers.createdAt))
        .limit(limit);
      return rows.map((r) => ({
        userId: r.userId,
        name: r.name,
        email: r.email,
        role: r.role,
        joinedAt: r.joinedAt.toISOString(),
      }));
    },

    async membership(accountId: string, userId: string): Promise<MemberRole | null> {
      const [row] = await db
        .select({ role: accountMembers.role })
        .from(accountMembers)
        .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
      return row?.role ?? null;
    },

    async ownerCount(accountId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(accountMembers)
        .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.role, 'owner')));
      return row?.count ?? 0;
    },

    async addMember(accountId: string, userId: string, role: MemberRole) {
      await db.insert(accountMembers).values({ accountId, userId, role }).onConflictDoNothing();
    },

    async setRole(accountId: string, userId: string, role: MemberRole) {
      await db
        .update(accountMembers)
        .set({ role })
        .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    },

    async removeMember(accountId: string, userId: string) {
      await db
        .delete(accountMembers)
        .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    },

    /** Accounts where this user is the only member: they go with the user. */
    async soleMemberAccounts(userId: string): Promise<{ id: string; type: string }[]> {
      const rows = await db.execute<{ id: string; type: string }>(sql`
        select a.id, a.type from accounts a
        join account_members m on m.account_id = a.id and m.user_id = ${userId}
        where (select count(*) from account_members o where o.account_id = a.id) = 1`);
      return (rows as unknown as { rows: { id: string; type: string }[] }).rows;
    },

    /** Business accounts this user owns alone while others are still members. */
    async ownedWithOthers(userId: string): Promise<{ id: string; name: string }[]> {
      const rows = await db.execute<{ id: string; name: string }>(sql`
        select a.id, a.name from accounts a
        join account_members m on m.account_id = a.id and m.user_id = ${userId} and m.role = 'owner'
        where a.type = 'business'
          and (select count(*) from account_members o where o.account_id = a.id and o.role = 'owner') = 1
          and (select count(*) from account_members o where o.account_id = a.id) > 1`);
      return (rows as unknown as { rows: { id: string; name: string }[] }).rows;
    },

    async pendingInvites(accountId: string, limit = 300): Promise<Invite[]> {
      const rows = await db
        .select()
        .from(accountInvites)
        .where(
          and(
            eq(accountInvites.accountId, accountId),
            eq(accountInvites.status, 'pending'),
            sql`${accountInvites.expiresAt} > now()`,
          ),
        )
        .orderBy(asc(accountInvites.createdAt))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        role: r.role,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
      }));
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
