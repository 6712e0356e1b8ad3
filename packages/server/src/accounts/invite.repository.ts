import type { MemberRole } from '@flowmind/shared/accounts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountInvites, accounts, users } from '../db/schema';
import { accountRepository } from './account.repository';

export type InviteRow = typeof accountInvites.$inferSelect;

/**
 * Invites' statements. An invite is reached three ways, each filtered at its source: by the
 * account that sent it (its managers), by the hash of its secret link, or by the address of the
 * signed-in user it was sent to.
 */
export function inviteRepository(db: Db) {
  /** An invite with the names shown about it: its account's, and its inviter's. */
  const withNames = () =>
    db
      .select({
        invite: accountInvites,
        accountName: accounts.name,
        accountHandle: accounts.handle,
        inviterName: users.name,
      })
      .from(accountInvites)
      .innerJoin(accounts, eq(accounts.id, accountInvites.accountId))
      .leftJoin(users, eq(users.id, accountInvites.invitedBy));
  /** The signed-in user's address, as invites store addresses (lower case). */
  const addressOf = (userId: string) => sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId})`;

  return {
    async byTokenHash(tokenHash: string) {
      const [row] = await withNames().where(eq(accountInvites.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Pending, unexpired invites sent to the user's address. */
    async pendingFor(userId: string) {
      return withNames()
        .where(
          and(
            eq(accountInvites.status, 'pending'),
            gt(accountInvites.expiresAt, new Date()),
            sql`${accountInvites.email} = ${addressOf(userId)}`,
          ),
        )
        .orderBy(accountInvites.createdAt);
    },

    /** The invite when it was sent to the user's address; null for anyone else's. */
    async sentTo(inviteId: string, userId: string): Promise<InviteRow | null> {
      const [row] = await db
        .select()
        .from(accountInvites)
        .where(and(eq(accountInvites.id, inviteId), sql`${accountInvites.email} = ${addressOf(userId)}`));
      return row ?? null;
    },

    async userIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
      return row?.id ?? null;
    },

    async userEmail(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email.toLowerCase() ?? null;
    },

    async userName(userId: string): Promise<string | null> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name ?? null;
    },

    /** A new invite of the account to `email`; a pending one to the same address is revoked, so only the newest link works. */
    async replacePending(values: {
      id: string;
      accountId: string;
      email: string;
      /** Owners are made by a transfer, never by an invite. */
      role: Exclude<MemberRole, 'owner'>;
      tokenHash: string;
      invitedBy: string;
      expiresAt: Date;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .update(accountInvites)
          .set({ status: 'revoked', respondedAt: new Date() })
          .where(
            and(
              eq(accountInvites.accountId, values.accountId),
              eq(accountInvites.email, values.email),
              eq(accountInvites.status, 'pending'),
            ),
          );
        await tx.insert(accountInvites).values(values);
      });
    },

    /** Revokes the account's pending invite; false when there is none by that id in this account. */
    async revoke(accountId: string, inviteId: string): Promise<boolean> {
      const updated = await db
        .update(accountInvites)
        .set({ status: 'revoked', respondedAt: new Date() })
        .where(
          and(
            eq(accountInvites.id, inviteId),
            eq(accountInvites.accountId, accountId),
            eq(accountInvites.status, 'pending'),
          ),
        )
        .returning({ id: accountInvites.id });
      return updated.length > 0;
    },

    /** Records the answer; an accepted invite makes the user a member with its role, in the same transaction. */
    async answer(invite: InviteRow, userId: string, accept: boolean) {
      await db.transaction(async (tx) => {
        await tx
          .update(accountInvites)
          .set({ status: accept ? 'accepted' : 'declined', respondedAt: new Date() })
          .where(eq(accountInvites.id, invite.id));
        if (accept) await accountRepository(tx as unknown as Db).addMember(invite.accountId, userId, invite.role);
      });
    },
  };
}
