import type { Account, PendingInvite } from '@flowmind/shared/accounts';
import { Check, ChevronsUpDown, MailCheck, Plus, Settings2, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { openCreateBusinessDialog } from './create-business-dialog-store';
import { useActiveAccount } from './use-active-account';
import { useAnswerInvite, usePendingInvites } from './use-pending-invites';

const describe = (account: Account) =>
  account.type === 'personal'
    ? 'Personal account'
    : `Business · ${account.role[0]?.toUpperCase()}${account.role.slice(1)}`;

/** Top of the sidebar: which account the user works in, and every other account they have (live). */
export function AccountSwitcher() {
  const { account, accounts, isLoading, switchAccount } = useActiveAccount();
  const navigate = useNavigate();
  const invites = usePendingInvites().data ?? [];
  const answer = useAnswerInvite();
  const respond = (invite: PendingInvite, accept: boolean) =>
    answer.mutate(
      { inviteId: invite.id, accept },
      {
        onSuccess: () =>
          alerts.success(accept ? `You joined ${invite.accountName}` : `Invite to ${invite.accountName} declined`),
        onError: (failure) => alerts.error(errorMessage(failure)),
      },
    );

  if (isLoading || !account) {
    return (
      <div className="flex h-12 items-center gap-2.5 px-2" role="status" aria-label="Loading accounts">
        <Skeleton className="size-8" />
        <div className="grid flex-1 gap-1.5">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-2.5 w-16" />
        </div>
      </div>
    );
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex h-12 w-full items-center gap-2.5 rounded-lg px-2 text-left hover:bg-accent data-[state=open]:bg-accent"
        data-testid="account-switcher"
      >
        <Avatar name={account.name} seed={account.id} shape="square" />
        <span className="grid min-w-0 flex-1 leading-tight">
          <span className="truncate font-semibold text-sm">{account.name}</span>
          <span className="truncate text-muted-foreground text-xs">{describe(account)}</span>
        </span>
        {/* Named by what it shows (WCAG 2.5.3: speech users say the words they see), then what it does. */}
        <span className="sr-only">, switch account</span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-[var(--radix-dropdown-menu-trigger-width)]">
        <DropdownMenuLabel>Accounts</DropdownMenuLabel>
        {accounts.map((candidate) => {
          const active = candidate.id === account.id;
          return (
            <DropdownMenuItem
              key={candidate.id}
              onSelect={() => switchAccount(candidate.id)}
              aria-current={active ? 'true' : undefined}
            >
              <Avatar name={candidate.name} seed={candidate.id} shape="square" size="sm" />
              <span className="grid min-w-0 flex-1 leading-tight">
                <span className="truncate">{candidate.name}</span>
                <span className="truncate text-muted-foreground text-xs">{describe(candidate)}</span>
              </span>
              {active && <Check className="text-primary! size-4" aria-label="Active account" />}
            </DropdownMenuItem>
          );
        })}
        {invites.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Invites</DropdownMenuLabel>
            {invites.map((invite) => (
              <div key={invite.id} className="grid gap-0.5">
                <p className="px-2 pt-1 text-muted-foreground text-xs">
                  {invite.inviterName} invited you to {invite.accountName}
                </p>
                <DropdownMenuItem onSelect={() => respond(invite, true)}>
                  <MailCheck aria-hidden="true" />
                  Join {invite.accountName}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => respond(invite, false)}>
                  <X aria-hidden="true" />
                  Decline {invite.accountName}
                </DropdownMenuItem>
              </div>
            ))}
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={openCreateBusinessDialog}>
          <Plus aria-hidden="true" />
          Create business account
        </DropdownMenuItem>
        {account.type === 'business' && (
          <DropdownMenuItem onSelect={() => navigate('/settings/members')}>
            <Settings2 aria-hidden="true" />
            Manage members
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
