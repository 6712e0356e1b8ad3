import type { LiveDoc } from '@flowmind/shared/live';
import type { Db } from '../db/client';
import { topics } from '../live/change-bus';
import type { LiveHub } from '../live/live-hub';
import { loadUserDoc } from './account.routes';
import type { AccountService } from './account.service';
import type { InviteService } from './invite.service';

const byId = <T extends Record<string, unknown>>(rows: T[], key: keyof T): LiveDoc[] =>
  rows.map((row) => ({ ...row, id: String(row[key]) }));

/** Live paths for accounts: the user's document, their account list, one account, its members and invites. */
export function registerAccountLiveSources(
  hub: LiveHub,
  { db, accounts, invites }: { db: Db; accounts: AccountService; invites: InviteService },
) {
  hub.register({
    pattern: 'users/:userId',
    async load({ userId, params }) {
      const doc = params.userId === userId ? await loadUserDoc(db, userId) : null;
      return { doc, topics: [topics.user(userId)] };
    },
  });
  hub.register({
    pattern: 'accounts',
    async load({ userId, limit }) {
      const docs = await accounts.list(userId, limit);
      return { docs, topics: [topics.user(userId), ...docs.map((a) => topics.account(a.id))] };
    },
  });
  hub.register({
    pattern: 'accounts/:accountId',
    async load({ userId, params }) {
      const doc = await accounts.requireMember(params.accountId as string, userId);
      return { doc, topics: [topics.account(doc.id), topics.user(userId)] };
    },
  });
  hub.register({
    pattern: 'accounts/:accountId/members',
    async load({ userId, params, limit }) {
      const members = await accounts.members({ accountId: params.accountId as string, userId });
      return {
        docs: byId(members.slice(0, limit), 'userId'),
        topics: [topics.account(params.accountId as string), topics.user(userId)],
      };
    },
  });
  hub.register({
    pattern: 'accounts/:accountId/invites',
    async load({ userId, params, limit }) {
      const list = await invites.list({ accountId: params.accountId as string, userId });
      return {
        docs: byId(list.slice(0, limit), 'id'),
        topics: [topics.account(params.accountId as string), topics.user(userId)],
      };
    },
  });
}
