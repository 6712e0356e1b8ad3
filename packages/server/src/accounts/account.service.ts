import type { Account, HandleAvailability, Member, MemberRole } from '@flowmind/shared/accounts';
import { AppError } from '@flowmind/shared/errors';
import { HANDLE_MIN_LENGTH, HANDLE_TOO_SHORT, normalizeHandle } from '@flowmind/shared/handle';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { users } from '../db/schema';
import { type ChangeBus, topics } from '../live/change-bus';
import { accountRepository } from './account.repository';

const manages = (role: MemberRole | null) => role === 'owner' || role === 'admin';

export function accountService({ db, bus }: { db: Db; bus: ChangeBus }) {
  const repo = accountRepository(db);

  async function requireMember(accountId: string, userId: string): Promise<Account> {
    const account = await repo.getForMember(accountId, userId);
    // Not a member reads as not found: other accounts' existence is not revealed.
    if (!account) throw new AppError('not_found', 'Account not found');
    return account;
  }

  async function requireManager(accountId: string, userId: string): Promise<Account> {
    const account = await requireMember(accountId, userId);
    if (!manages(account.role)) throw new AppError('forbidden', 'Only owners and admins can do that');
    return account;
  }

  async function checkHandle(raw: string): Promise<HandleAvailability> {
    const handle = normalizeHandle(raw);
    if (handle.length < HANDLE_MIN_LENGTH) return { available: false, reason: HANDLE_TOO_SHORT, handle };
    if (await repo.handleTaken(handle)) return { available: false, reason: 'This handle is already taken', handle };
    return { available: true, handle };
  }

  /** A free handle from a base: the base itself, else with a short random suffix. */
  async function freeHandle(base: string): Promise<string> {
    let stem = normalizeHandle(base);
    if (stem.length < HANDLE_MIN_LENGTH) stem = `user-${stem}`.replace(/-+$/, '');
    for (let attempt = 0; attempt < 20; attempt++) {
      const suffix = attempt === 0 ? '' : `-${Math.random().toString(36).slice(2, 6)}`;
      const candidate = normalizeHandle(stem.slice(0, 32 - suffix.length) + suffix);
      if (!(await repo.handleTaken(candidate))) return candidate;
    }
    return newId('u', 12).replace('_', '-');
  }

  return {
    requireMember,
    requireManager,
    checkHandle,

    list: (userId: string, limit?: number) => repo.listForUser(userId, limit),

    async createPersonal(user: { id: string; name: string; email: string }) {
      const username = await freeHandle(user.email.split('@')[0] ?? user.name);
      const accountId = newId('acc');
      await repo.insert({
        id: accountId,
        type: 'personal',
        handle: username,
        name: user.name || username,
        ownerId: user.id,
      });
      await db.update(users).set({ username, personalAccountId: accountId }).where(eq(users.id, user.id));
      bus.publish([topics.user(user.id)]);
      return accountId;
    },

    async createBusiness({ userId, name, handle }: { userId: string; name: string; handle: string }) {
      const availability = await checkHandle(handle);
      if (!availability.available) {
        const code = availability.reason === HANDLE_TOO_SHORT ? 'bad_request' : 'conflict';
        throw new AppError(code, availability.reason ?? 'Handle unavailable', 'handle');
      }
      const id = newId('acc');
      try {
        await repo.insert({ id, type: 'business', handle: availability.handle as string, name, ownerId: userId });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'This handle is already taken', 'handle');
        throw error;
      }
      bus.publish([topics.user(userId)]);
      return { id };
    },

    async rename({ accountId, userId, name }: { accountId: string; userId: string; name: string }) {
      await requireManager(accountId, userId);
      await repo.rename(accountId, name);
      bus.publish([topics.account(accountId)]);
      return requireMember(accountId, userId);
    },

    async remove({ accountId, userId }: { accountId: string; userId: string }) {
      const account = await requireMember(accountId, userId);
      if (account.type === 'personal') throw new AppError('bad_request', 'A personal account goes only with its user');
      if (account.role !== 'owner') throw new AppError('forbidden', 'Only an owner can delete this account');
      await repo.remove(accountId);
      bus.publish([topics.account(accountId), ...account.memberIds.map(topics.user)]);
    },

    async members({ accountId, userId }: { accountId: string; userId: string }): Promise<Member[]> {
      await requireMember(accountId, userId);
      return repo.members(accountId);
    },

    async changeRole({
      accountId,
      userId,
      memberId,
      role,
    }: {
      accountId: string;
      userId: string;
      memberId: string;
      role: MemberRole;
    }) {
      const account = await requireManager(accountId, userId);
      const current = await repo.membership(accountId, memberId);
      if (!current) throw new AppError('not_found', 'Member not found');
      const touchesOwner = current === 'owner' || role === 'owner';
      if (touchesOwner && account.role !== 'owner')
        throw new AppError('forbidden', 'Only an owner can change an owner');
      if (current === 'owner' && role !== 'owner' && (await repo.ownerCount(accountId)) === 1) {
        throw new AppError('bad_request', 'An account needs at least one owner');
      }
      await repo.setRole(accountId, memberId, role);
      bus.publish([topics.account(accountId), topics.user(memberId)]);
    },

    async removeMember({ accountId, userId, memberId }: { accountId: string; userId: string; memberId: string }) {
      const account = await requireMember(accountId, userId);
      if (account.type === 'personal') throw new AppError('bad_request', 'A personal account has no other members');
      const leaving = memberId === userId;
      const target = await repo.membership(accountId, memberId);
      if (!target) throw new AppError('not_found', 'Member not found');
      if (!leaving) {
        if (!manages(account.role)) throw new AppError('forbidden', 'Only owners and admins can remove members');
        if (target === 'owner' && account.role !== 'owner')
          throw new AppError('forbidden', 'Only an owner can remove an owner');
      }
      if (target === 'owner' && (await repo.ownerCount(accountId)) === 1) {
        throw new AppError(
          'bad_request',
          leaving ? 'Make someone else an owner before you leave' : 'An account needs at least one owner',
        );
      }
      await repo.removeMember(accountId, memberId);
      bus.publish([topics.account(accountId), topics.user(memberId)]);
    },

    /** Before a user is deleted: refuse while they alone own a shared account; else clear their accounts. */
    async prepareUserDeletion(userId: string) {
      const blocking = await repo.ownedWithOthers(userId);
      if (blocking.length > 0) {
        throw new Error(
          `Make someone else an owner of ${blocking.map((a) => a.name).join(', ')} before deleting your profile`,
        );
      }
      const accountsToDrop = await repo.soleMemberAccounts(userId);
      for (const account of accountsToDrop) await repo.remove(account.id);
      const remaining = await repo.listForUser(userId);
      bus.publish([topics.user(userId), ...remaining.map((a) => topics.account(a.id))]);
    },

    async updateProfile({ userId, name, username }: { userId: string; name: string; username: string }) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('not_found', 'User not found');
      if (username !== user.username) {
        const availability = await checkHandle(username);
        if (!availability.available || availability.handle !== username) {
          throw new AppError('conflict', availability.reason ?? 'This username is already taken', 'username');
        }
        if (user.personalAccountId) await repo.setHandle(user.personalAccountId, username);
      }
      await db.update(users).set({ name, username }).where(eq(users.id, userId));
      if (user.personalAccountId) await repo.rename(user.personalAccountId, name);
      bus.publish([topics.user(userId), ...(user.personalAccountId ? [topics.account(user.personalAccountId)] : [])]);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;

export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
