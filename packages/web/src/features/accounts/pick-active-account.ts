import type { Account } from '@flowmind/shared/accounts';

/** Spec §4: the chosen account if the user still has it, else the personal account, else the first. */
export function pickActiveAccount(accounts: Account[], activeAccountId: string | null): Account | null {
  return (
    accounts.find((account) => account.id === activeAccountId) ??
    accounts.find((account) => account.type === 'personal') ??
    accounts[0] ??
    null
  );
}
