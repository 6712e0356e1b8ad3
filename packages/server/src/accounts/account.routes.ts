import {
  Account,
  ChangeMemberRole,
  CheckHandle,
  CreateBusinessAccount,
  CreatedId,
  CreateInvite,
  HandleAvailability,
  Invite,
  InvitePreview,
  MeDoc,
  Member,
  PendingInviteList,
  RespondResult,
  RespondToInvite,
  UpdateAccount,
  UpdateProfile,
} from '@flowmind/shared/accounts';
import { AppError } from '@flowmind/shared/errors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { authAccounts, users } from '../db/schema';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { AccountService } from './account.service';
import type { InviteService } from './invite.service';

const AccountParams = z.object({ accountId: z.string().min(1).max(64) });
const MemberParams = AccountParams.extend({ userId: z.string().min(1).max(64) });
const InviteParams = AccountParams.extend({ inviteId: z.string().min(1).max(64) });
const TokenParams = z.object({ token: z.string().min(10).max(200) });
const MyInviteParams = z.object({ inviteId: z.string().min(1).max(64) });

export async function loadUserDoc(db: Db, userId: string): Promise<MeDoc> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'User not found');
  const providers = await db
    .select({ providerId: authAccounts.providerId })
    .from(authAccounts)
    .where(eq(authAccounts.userId, userId));
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.username ?? '',
    personalAccountId: user.personalAccountId ?? '',
    emailVerified: user.emailVerified,
    providers: providers.map((p) => p.providerId),
  };
}

export function registerAccountRoutes(
  app: FastifyInstance,
  {
    db,
    session,
    accounts,
    invites,
  }: { db: Db; session: SessionReader; accounts: AccountService; invites: InviteService },
) {
  const route = routesFor(app, session);
  const withLimit = <const S extends object>(doc: S) => ({
    ...doc,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  });

  route.get(
    '/api/me',
    { auth: 'unverified', summary: 'Get the signed-in user', tags: ['Me'], response: MeDoc },
    async ({ user }) => {
      return loadUserDoc(db, user.id);
    },
  );

  route.patch(
    '/api/me',
    { summary: 'Update the profile (name, username)', tags: ['Me'], body: UpdateProfile, response: MeDoc },
    async ({ user, body }) => {
      const input = body;
      await accounts.updateProfile({ userId: user.id, ...input });
      return loadUserDoc(db, user.id);
    },
  );

  route.get(
    '/api/accounts',
    {
      summary: 'List the accounts the user is a member of, oldest first',
      tags: ['Accounts'],
      response: z.array(Account),
    },
    async ({ user }) => {
      return accounts.list(user.id);
    },
  );

  route.post(
    '/api/accounts/handle-availability',
    withLimit({
      summary: 'Check whether a business handle is free (normalised per spec §5)',
      tags: ['Accounts'],
      body: CheckHandle,
      response: HandleAvailability,
    }),
    async ({ body }) => {
      const { handle } = body;
      return accounts.checkHandle(handle);
    },
  );

  route.post(
    '/api/accounts',
    {
      summary: 'Create a business account; the caller is its owner',
      tags: ['Accounts'],
      body: CreateBusinessAccount,
      response: CreatedId,
      status: 201,
    },
    async ({ reply, user, body }) => {
      const input = body;
      reply.status(201);
      return accounts.createBusiness({ userId: user.id, ...input });
    },
  );

  route.get(
    '/api/accounts/:accountId',
    { summary: 'Get one account', tags: ['Accounts'], params: AccountParams, response: Account },
    async ({ user, params }) => {
      const { accountId } = params;
      return accounts.requireMember(accountId, user.id);
    },
  );

  route.patch(
    '/api/accounts/:accountId',
    {
      summary: 'Rename an account (owners, admins)',
      tags: ['Accounts'],
      params: AccountParams,
      body: UpdateAccount,
      response: Account,
    },
    async ({ user, params, body }) => {
      const { accountId } = params;
      const { name } = body;
      return accounts.rename({ accountId, userId: user.id, name });
    },
  );

  route.delete(
    '/api/accounts/:accountId',
    { summary: 'Delete a business account (owners)', tags: ['Accounts'], params: AccountParams, status: 204 },
    async ({ reply, user, params }) => {
      const { accountId } = params;
      await accounts.remove({ accountId, userId: user.id });
      return reply.status(204).send();
    },
  );

  route.get(
    '/api/accounts/:accountId/members',
    { summary: 'List members', tags: ['Members'], params: AccountParams, response: z.array(Member) },
    async ({ user, params }) => {
      const { accountId } = params;
      return accounts.members({ accountId, userId: user.id });
    },
  );

  route.patch(
    '/api/accounts/:accountId/members/:userId',
    {
      summary: 'Change the role of a member',
      tags: ['Members'],
      params: MemberParams,
      body: ChangeMemberRole,
      status: 204,
    },
    async ({ reply, user, params, body }) => {
      const { accountId, userId } = params;
      const { role } = body;
      await accounts.changeRole({ accountId, userId: user.id, memberId: userId, role });
      return reply.status(204).send();
    },
  );

  route.delete(
    '/api/accounts/:accountId/members/:userId',
    {
      summary: 'Remove a member, or leave (your own id)',
      tags: ['Members'],
      params: MemberParams,
      status: 204,
    },
    async ({ reply, user, params }) => {
      const { accountId, userId } = params;
      await accounts.removeMember({ accountId, userId: user.id, memberId: userId });
      return reply.status(204).send();
    },
  );

  route.get(
    '/api/accounts/:accountId/invites',
    {
      summary: 'List pending invites (owners, admins)',
      tags: ['Invites'],
      params: AccountParams,
      response: z.array(Invite),
    },
    async ({ user, params }) => {
      const { accountId } = params;
      return invites.list({ accountId, userId: user.id });
    },
  );

  route.post(
    '/api/accounts/:accountId/invites',
    {
      summary: 'Invite someone by email',
      tags: ['Invites'],
      params: AccountParams,
      body: CreateInvite,
      response: CreatedId,
      status: 201,
    },
    async ({ reply, user, params, body }) => {
      const { accountId } = params;
      const input = body;
      reply.status(201);
      return invites.create({ accountId, userId: user.id, ...input });
    },
  );

  route.delete(
    '/api/accounts/:accountId/invites/:inviteId',
    { summary: 'Revoke a pending invite', tags: ['Invites'], params: InviteParams, status: 204 },
    async ({ reply, user, params }) => {
      const { accountId, inviteId } = params;
      await invites.revoke({ accountId, userId: user.id, inviteId });
      return reply.status(204).send();
    },
  );

  route.get(
    '/api/invites/:token',
    withLimit({
      auth: 'none',
      summary: 'Preview an invite from its emailed link',
      tags: ['Invites'],
      params: TokenParams,
      response: InvitePreview,
      public: true,
    }),
    async ({ params }) => {
      const { token } = params;
      return invites.preview(token);
    },
  );

  route.get(
    '/api/me/invites',
    withLimit({
      summary: "The signed-in user's pending invites (sent to their email address)",
      tags: ['Invites'],
      response: PendingInviteList,
    }),
    async ({ user }) => {
      return { invites: await invites.pendingFor(user.id) };
    },
  );

  route.post(
    '/api/me/invites/:inviteId/respond',
    withLimit({
      summary: 'Accept or decline one of the signed-in user’s invites',
      tags: ['Invites'],
      params: MyInviteParams,
      body: RespondToInvite,
      response: RespondResult,
    }),
    async ({ user, params, body }) => {
      const { inviteId } = params;
      const { accept } = body;
      return invites.respondById({ inviteId, userId: user.id, accept });
    },
  );

  route.post(
    '/api/invites/:token/respond',
    withLimit({
      summary: 'Accept or decline an invite (the invited address only)',
      tags: ['Invites'],
      params: TokenParams,
      body: RespondToInvite,
      response: RespondResult,
    }),
    async ({ user, params, body }) => {
      const { token } = params;
      const { accept } = body;
      return invites.respond({ token, userId: user.id, accept });
    },
  );
}
