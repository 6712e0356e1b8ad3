import { createHash } from 'node:crypto';
import type { InvitePreview, MemberRole, PendingInvite } from '@flowmind/shared/accounts';
import { AppError } from '@flowmind/shared/errors';
import type { Db } from '../db/client';
import { newId, newToken } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import type { Mailer } from '../mail/mailer';
import { accountInvite } from '../mail/templates';
import { accountRepository } from './account.repository';
import type { AccountService } from './account.service';
import { type InviteRow, inviteRepository } from './invite.repository';

const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function inviteService({
  db,
  bus,
  mailer,
  accounts: accountsService,
  appUrl,
}: {
  db: Db;
  bus: ChangeBus;
  mailer: Mailer;
  accounts: AccountService;
  appUrl: string;
}) {
  const repo = accountRepository(db);
  const invites = inviteRepository(db);

  async function findByToken(token: string) {
    const row = await invites.byTokenHash(hashToken(token));
    if (!row) throw new AppError('not_found', 'This invite does not exist or was withdrawn');
    return row;
  }

  return {
    list: async ({ accountId, userId }: { accountId: string; userId: string }) => {
      await accountsService.requireManager(accountId, userId);
      return repo.pendingInvites(accountId);
    },

    async create({
      accountId,
      userId,
      email,
      role,
    }: {
      accountId: string;
      userId: string;
      email: string;
      role: MemberRole;
    }) {
      const account = await accountsService.requireManager(accountId, userId);
      if (account.type !== 'business') throw new AppError('bad_request', 'Invite people to a business account');
      const normalizedEmail = email.trim().toLowerCase();
      const existing = await invites.userIdByEmail(normalizedEmail);
      if (existing && account.memberIds.includes(existing)) {
        throw new AppError('conflict', 'This person is already a member', 'email');
      }
      const inviterName = await invites.userName(userId);
      const token = newToken();
      const id = newId('inv');
      await invites.replacePending({
        id,
        accountId,
        email: normalizedEmail,
        role: role === 'owner' ? 'admin' : role,
        tokenHash: hashToken(token),
        invitedBy: userId,
        expiresAt: new Date(Date.now() + INVITE_LIFETIME_MS),
      });
      await mailer.send(
        accountInvite({
          to: normalizedEmail,
          url: `${appUrl}/invites/${token}`,
          accountName: account.name,
          inviterName: inviterName ?? 'A teammate',
        }),
      );
      bus.publish([topics.account(accountId)]);
      return { id };
    },

    async revoke({ accountId, userId, inviteId }: { accountId: string; userId: string; inviteId: string }) {
      await accountsService.requireManager(accountId, userId);
      if (!(await invites.revoke(accountId, inviteId))) throw new AppError('not_found', 'Invite not found');
      bus.publish([topics.account(accountId)]);
    },

    async preview(token: string): Promise<InvitePreview> {
      const { invite, accountName, accountHandle, inviterName } = await findByToken(token);
      const expired = invite.status === 'pending' && invite.expiresAt.getTime() <= Date.now();
      return {
        accountName: accountName,
        accountHandle: accountHandle,
        inviterName: inviterName ?? 'A teammate',
        email: invite.email,
        role: invite.role,
        status: expired ? 'expired' : invite.status,
      };
    },

    /** Pending, unexpired invites sent to the user's email address: theirs alone to see. */
    async pendingFor(userId: string): Promise<PendingInvite[]> {
      const rows = await invites.pendingFor(userId);
      return rows.map((row) => ({
        id: row.invite.id,
        accountName: row.accountName,
        inviterName: row.inviterName ?? 'A teammate',
        role: row.invite.role as MemberRole,
        expiresAt: row.invite.expiresAt.toISOString(),
      }));
    },

    /** Accept or decline an invite shown in the app, by its id; only for the address it was sent to. */
    async respondById({ inviteId, userId, accept }: { inviteId: string; userId: string; accept: boolean }) {
      // Someone else's invite is not found, rather than forbidden: its existence is not theirs to learn.
      const invite = await invites.sentTo(inviteId, userId);
      if (!invite) throw new AppError('not_found', 'Invite not found');
      return answer({ invite, userId, accept });
    },

    async respond({ token, userId, accept }: { token: string; userId: string; accept: boolean }) {
      const { invite } = await findByToken(token);
      return answer({ invite, userId, accept });
    },
  };

  async function answer({ invite, userId, accept }: { invite: InviteRow; userId: string; accept: boolean }) {
    if (invite.status !== 'pending') throw new AppError('conflict', `This invite was already ${invite.status}`);
    if (invite.expiresAt.getTime() <= Date.now()) throw new AppError('conflict', 'This invite has expired');
    if ((await invites.userEmail(userId)) !== invite.email) {
      throw new AppError(
        'forbidden',
        `This invite was sent to ${invite.email}. Sign in with that address to answer it.`,
      );
    }
    await invites.answer(invite, userId, accept);
    bus.publish([topics.account(invite.accountId), topics.user(userId)]);
    return { accountId: accept ? invite.accountId : null };
  }
}

export type InviteService = ReturnType<typeof inviteService>;
