import type { Account } from '@flowmind/shared/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { liveQueryKey, useLiveQuery } from '../live/use-live-query';
import { useSession } from '../session/session-store';
import { fetchAccounts } from './accounts-api';

export const ACCOUNTS_PATH = 'accounts';

const fromDocs = (docs: unknown[]) => docs as Account[];

/** The signed-in user's accounts, oldest first, kept live. */
export function useAccounts() {
  const { user, needsEmailVerification } = useSession();
  const enabled = Boolean(user) && !needsEmailVerification;
  return useLiveQuery<Account[]>(enabled ? ACCOUNTS_PATH : null, { fetch: fetchAccounts, fromDocs });
}

/** Fetches the list again right now, e.g. after joining or creating an account. */
export function useRefetchAccounts() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const accounts = await fetchAccounts({ force: true });
    queryClient.setQueryData(liveQueryKey(ACCOUNTS_PATH), accounts);
    return accounts;
  }, [queryClient]);
}
