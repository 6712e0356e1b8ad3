import {
  Account,
  ChangeMemberRole,
  CheckHandle,
  CreateBusinessAccount,
  CreateInvite,
  HandleAvailability,
  Invite,
  InvitePreview,
  Member,
  PendingInvite,
  RespondResult,
  RespondToInvite,
  UpdateAccount,
  UpdateProfile,
  UserDoc,
} from '@flowmind/shared/accounts';
import { AppError } from '@flowmind/shared/errors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { authAccounts, users } from '../db/schema';
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { AccountService } from './account.service';
import type { InviteService } from './invite.service';

const AccountParams = z.object({ accountId: z.string().min(1).max(64) });
const MemberParams = AccountParams.extend({ userId: z.string().min(1).max(64) });
const InviteParams = AccountParams.extend({ inviteId: z.string().min(1).max(64) });
const TokenParams = z.object({ token: z.string().min(10).max(200) });
const MyInviteParams = z.object({ inviteId: z.string().min(1).max(64) });
const MeDoc = UserDoc.extend({ emailVerified: z.boolean(), providers: z.array(z.string()) });

export async function loadUserDoc(
  db: Db,
  userId: string,
): Promise<UserDoc & { emailVerified: boolean; providers: string[] }> {
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
  const withLimit = (doc: RouteDoc) => ({ config: { doc, rateLimit: { max: 60, timeWindow: '1 minute' } } });

  app.get(
    '/api/me',
    { config: { doc: { summary: 'Get the signed-in user', tags: ['Me'], response: MeDoc } } },
    async (req) => {
      const user = await session.requireUser(req, { allowUnverified: true });
      return loadUserDoc(db, user.id);
    },
  );

  app.patch(
    '/api/me',
    {
      config: {
        doc: { summary: 'Update the profile (name, username)', tags: ['Me'], body: UpdateProfile, response: MeDoc },
      },
    },
    async (req) => {
      const user = await session.requireUser(req);
      const input = parse(UpdateProfile, req.body);
      await accounts.updateProfile({ userId: user.id, ...input });
      return loadUserDoc(db, user.id);
    },
  );

  app.get(
    '/api/accounts',
    {
      config: {
        doc: {
          summary: 'List the accounts the user is a member of, oldest first',
          tags: ['Accounts'],
          response: z.array(Account),
        },
      },
    },
    async (req) => {
      const user = await session.requireUser(req);
      return accounts.list(user.id);
    },
  );

  app.post(
    '/api/accounts/handle-availability',
    withLimit({
      summary: 'Check whether a business handle is free (normalised per spec §5)',
      tags: ['Accounts'],
      body: CheckHandle,
      response: HandleAvailability,
    }),
    async (req) => {
      await session.requireUser(req);
      const { handle } = parse(CheckHandle, req.body);
      return accounts.checkHandle(handle);
    },
  );

  app.post(
    '/api/accounts',
    {
      config: {
        doc: {
          summary: 'Create a business account; the caller is its owner',
          tags: ['Accounts'],
          body: CreateBusinessAccount,
          response: z.object({ id: z.string() }),
          status: 201,
        },
      },
    },
    async (req, reply) => {
      const user = await session.requireUser(req);
      const input = parse(CreateBusinessAccount, req.body);
      reply.status(201);
      return accounts.createBusiness({ userId: user.id, ...input });
    },
  );

  app.get(
    '/api/accounts/:accountId',
    { config: { doc: { summary: 'Get one account', tags: ['Accounts'], params: AccountParams, response: Account } } },
    async (req) => {
      const user = await session.requireUser(req);
      const { accountId } = parse(AccountParams, req.params);
      return accounts.requireMember(accountId, user.id);
    },
  );

  app.patch(
    '/api/accounts/:accountId',
    {
      config: {
        doc: {
          summary: 'Rename an account (owners, admins)',
          tags: ['Accounts'],
          params: AccountParams,
          body: UpdateAccount,
          response: Account,
        },
      },
    },
    async (req) => {
      const user = await session.requireUser(req);
      const { accountId } = parse(AccountParams, req.params);
      const { name } = parse(UpdateAccount, req.body);
      return accounts.rename({ accountId, userId: user.id, name });
    },
  );

  app.delete(
    '/api/accounts/:accountId',
    {
      config: {
        doc: { summary: 'Delete a business account (owners)', tags: ['Accounts'], params: AccountParams, status: 204 },
      },
    },
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { accountId } = parse(AccountParams, req.params);
      await accounts.remove({ accountId, userId: user.id });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/accounts/:accountId/members',
    {
      config: { doc: { summary: 'List members', tags: ['Members'], params: AccountParams, response: z.array(Member) } },
    },
    async (req) => {
      const user = await session.requireUser(req);
      const { accountId } = parse(AccountParams, req.params);
      return accounts.members({ accountId, userId: user.id });
    },
  );

  app.patch(
    '/api/accounts/:accountId/members/:userId',
    {
      config: {
        doc: {
          summary: 'Change the role of a member',
          tags: ['Members'],
          params: MemberParams,
          body: ChangeMemberRole,
          status: 204,
        },
      },
    },
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { accountId, userId } = parse(MemberParams, req.params);
      const { role } = parse(ChangeMemberRole, req.body);
      await accounts.changeRole({ accountId, userId: user.id, memberId: userId, role });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/accounts/:accountId/members/:userId',
    {
      config: {
        doc: {
          summary: 'Remove a member, or leave (your own id)',
          tags: ['Members'],
          params: MemberParams,
          status: 204,
        },
      },
    },
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { accountId, userId } = parse(MemberParams, req.params);
      await accounts.removeMember({ accountId, userId: user.id, memberId: userId });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/accounts/:accountId/invites',
    {
      config: {
        doc: {
          summary: 'List pending invites (owners, admins)',
          tags: ['Invites'],
          params: AccountParams,
          response: z.array(Invite),
        },
      },
    },
    async (req) => {
      const user = await session.requireUser(req);
      const { accountId } = parse(AccountParams, req.params);
      return invites.list({ accountId, userId: user.id });
    },
  );

  app.post(
    '/api/accounts/:accountId/invites',
    {
      config: {
        doc: {
          summary: 'Invite someone by email',
          tags: ['Invites'],
          params: AccountParams,
          body: CreateInvite,
          response: z.object({ id: z.string() }),
          status: 201,
        },
      },
    },
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { accountId } = parse(AccountParams, req.params);
      const input = parse(CreateInvite, req.body);
      reply.status(201);
      return invites.create({ accountId, userId: user.id, ...input });
    },
  );

  app.delete(
    '/api/accounts/:accountId/invites/:inviteId',
    { config: { doc: { summary: 'Revoke a pending invite', tags: ['Invites'], params: InviteParams, status: 204 } } },
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { accountId, inviteId } = parse(InviteParams, req.params);
      await invites.revoke({ accountId, userId: user.id, inviteId });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/invites/:token',
    withLimit({
      summary: 'Preview an invite from its emailed link',
      tags: ['Invites'],
      params: TokenParams,
      response: InvitePreview,
      public: true,
    }),
    async (req) => {
      const { token } = parse(TokenParams, req.params);
      return invites.preview(token);
    },
  );

  app.get(
    '/api/me/invites',
    withLimit({
      summary: "The signed-in user's pending invites (sent to their email address)",
      tags: ['Invites'],
      response: z.object({ invites: z.array(PendingInvite) }),
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return { invites: await invites.pendingFor(user.id) };
    },
  );

  app.post(
    '/api/me/invites/:inviteId/respond',
    withLimit({
      summary: 'Accept or decline one of the signed-in user’s invites',
      tags: ['Invites'],
      params: MyInviteParams,
      body: RespondToInvite,
      response: RespondResult,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      const { inviteId } = parse(MyInviteParams, req.params);
      const { accept } = parse(RespondToInvite, req.body);
      return invites.respondById({ inviteId, userId: user.id, accept });
    },
  );

  app.post(
    '/api/invites/:token/respond',
    withLimit({
      summary: 'Accept or decline an invite (the invited address only)',
      tags: ['Invites'],
      params: TokenParams,
      body: RespondToInvite,
      response: RespondResult,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      const { token } = parse(TokenParams, req.params);
      const { accept } = parse(RespondToInvite, req.body);
      return invites.respond({ token, userId: user.id, accept });
    },
  );
}
