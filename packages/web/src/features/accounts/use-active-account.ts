import type { Account } from '@flowmind/shared/accounts';
import { useCallback, useMemo } from 'react';
import { useStore } from '../../lib/create-store';
import { saveSelection, workspaceStore } from './active-account-store';
import { pickActiveAccount } from './pick-active-account';
import { useAccounts } from './use-accounts';

/** The account the user is working in, every account they have, and a way to switch. */
export function useActiveAccount() {
  const accountsQuery = useAccounts();
  const accounts = accountsQuery.data ?? [];
  const { activeAccountId } = useStore(workspaceStore);
  const account = useMemo(() => pickActiveAccount(accounts, activeAccountId), [accounts, activeAccountId]);

  /** Switches only to an account the user has; `reload` restarts the app in it. Returns whether it switched. */
  const switchAccount = useCallback(
    (accountId: string, { reload = false, among }: { reload?: boolean; among?: Account[] } = {}) => {
      const known = among ?? accountsQuery.data ?? [];
      if (!known.some((candidate) => candidate.id === accountId)) return false;
      saveSelection(accountId);
      if (reload) window.location.reload();
      return true;
    },
    [accountsQuery.data],
  );

  return {
    account,
    accounts,
    isLoading: accountsQuery.isPending && accountsQuery.fetchStatus !== 'idle',
    switchAccount,
  };
}
