import type {
  Account,
  CreateBusinessAccount,
  CreatedId,
  HandleAvailability,
  PendingInviteList,
  RespondResult,
} from '@flowmind/shared/accounts';
import { api } from '../../lib/api';
import { alerts } from '../../shell/alert-store';

/** Spec §9: the accounts fetch guard resets one second after the fetch. */
const FETCH_GUARD_RESET_MS = 1000;
export const FAILED_TO_LOAD_ACCOUNTS = 'Failed to load accounts';

let guardedFetch: Promise<Account[]> | null = null;

/**
 * The user's accounts, oldest first. Calls that arrive while a fetch is running, or within a second after it,
 * share its answer. A failure is reported once and reads as an empty list (spec §8).
 */
export function fetchAccounts({ force = false }: { force?: boolean } = {}): Promise<Account[]> {
  if (guardedFetch && !force) return guardedFetch;
  const request = api<Account[]>('/api/accounts').catch((error) => {
    console.error(FAILED_TO_LOAD_ACCOUNTS, error);
    alerts.error(FAILED_TO_LOAD_ACCOUNTS);
    return [] as Account[];
  });
  guardedFetch = request;
  void request.finally(() =>
    setTimeout(() => {
      if (guardedFetch === request) guardedFetch = null;
    }, FETCH_GUARD_RESET_MS),
  );
  return request;
}

export const accountsApi = {
  checkHandle: (handle: string) =>
    api<HandleAvailability>('/api/accounts/handle-availability', { method: 'POST', body: { handle } }),
  createBusiness: (input: CreateBusinessAccount) => api<CreatedId>('/api/accounts', { method: 'POST', body: input }),
  rename: ({ accountId, name }: { accountId: string; name: string }) =>
    api<Account>(`/api/accounts/${encodeURIComponent(accountId)}`, { method: 'PATCH', body: { name } }),
  remove: (accountId: string) => api<void>(`/api/accounts/${encodeURIComponent(accountId)}`, { method: 'DELETE' }),
  myInvites: () => api<PendingInviteList>('/api/me/invites').then((body) => body.invites),
  respondToMyInvite: ({ inviteId, accept }: { inviteId: string; accept: boolean }) =>
    api<RespondResult>(`/api/me/invites/${encodeURIComponent(inviteId)}/respond`, { method: 'POST', body: { accept } }),
};
