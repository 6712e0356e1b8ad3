import type { Account, Member, MemberRole } from '@flowmind/shared/accounts';
import { LogOut, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NativeSelect } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { alerts } from '../../shell/alert-store';
import { useActiveAccount } from '../accounts/use-active-account';
import { canRemove, roleLabels, rolesAssignable } from './member-permissions';
import type { useMemberActions } from './use-members';

type Actions = ReturnType<typeof useMemberActions>;

function RoleCell({ member, myRole, actions }: { member: Member; myRole: MemberRole; actions: Actions }) {
  const options = rolesAssignable(myRole, member.role);
  if (options.length === 0)
    return <Badge tone={member.role === 'owner' ? 'primary' : 'neutral'}>{roleLabels[member.role]}</Badge>;
  const pending = actions.changeRole.isPending && actions.changeRole.variables?.userId === member.userId;
  return (
    <NativeSelect
      aria-label={`Role of ${member.name}`}
      value={member.role}
      disabled={pending}
      size="sm"
      className="w-[100px] sm:w-[112px]"
      onChange={(event) => {
        const role = event.target.value as MemberRole;
        actions.changeRole.mutate(
          { userId: member.userId, role },
          {
            onSuccess: () => alerts.success(`${member.name} is now ${roleLabels[role].toLowerCase()}`),
            onError: (error) => alerts.error(errorMessage(error)),
          },
        );
      }}
    >
      {options.map((role) => (
        <option key={role} value={role}>
          {roleLabels[role]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Members of a business account, with role changes, removal and leaving. */
export function MembersTable({
  account,
  members,
  isLoading,
  myUserId,
  actions,
}: {
  account: Account;
  members: Member[] | undefined;
  isLoading: boolean;
  myUserId: string;
  actions: Actions;
}) {
  const [confirming, setConfirming] = useState<Member | null>(null);
  const navigate = useNavigate();
  const { accounts, switchAccount } = useActiveAccount();
  const leaving = confirming?.userId === myUserId;

  function confirmRemoval() {
    if (!confirming) return;
    const member = confirming;
    actions.removeMember.mutate(member.userId, {
      onSuccess: () => {
        setConfirming(null);
        if (member.userId === myUserId) {
          const personal = accounts.find((candidate) => candidate.type === 'personal');
          if (personal) switchAccount(personal.id);
          alerts.success(`You left ${account.name}`);
          navigate('/dashboard');
        } else {
          alerts.success(`${member.name} was removed from ${account.name}`);
        }
      },
    });
  }

  return (
    <div className="overflow-hidden rounded-xl border bg-background shadow-xs">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Members of {account.name}</caption>
        <colgroup>
          <col />
          <col className="hidden w-[30%] md:table-column" />
          <col className="w-[116px] sm:w-[136px]" />
          <col className="hidden w-[124px] sm:table-column" />
          <col className="w-[60px] sm:w-[104px]" />
        </colgroup>
        <thead className="border-b bg-surface text-left text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium sm:px-6">
              Name
            </th>
            <th scope="col" className="hidden px-4 py-2.5 font-medium md:table-cell">
              Email
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Role
            </th>
            <th scope="col" className="hidden px-4 py-2.5 font-medium sm:table-cell">
              Joined
            </th>
            <th scope="col" className="px-4 py-2.5 sm:pr-6">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {isLoading &&
            [0, 1].map((row) => (
              <tr key={row}>
                <td colSpan={5} className="px-4 py-3 sm:px-6">
                  <Skeleton className="h-8 w-full" />
                </td>
              </tr>
            ))}
          {members?.map((member) => {
            const isMe = member.userId === myUserId;
            return (
              <tr key={member.userId} data-testid={`member-row-${member.email}`}>
                <td className="px-4 py-3 sm:px-6">
                  <div className="flex items-center gap-3">
                    <Avatar name={member.name} seed={member.userId} />
                    <div className="min-w-0">
                      <p className="flex items-center gap-1.5 truncate font-medium">
                        <span className="truncate">{member.name}</span>
                        {isMe && <Badge>You</Badge>}
                      </p>
                      <p className="truncate text-muted-foreground text-xs md:hidden">{member.email}</p>
                    </div>
                  </div>
                </td>
                <td className="hidden truncate px-4 py-3 text-muted-foreground md:table-cell">{member.email}</td>
                <td className="px-4 py-3">
                  {isMe ? (
                    <Badge tone={member.role === 'owner' ? 'primary' : 'neutral'}>{roleLabels[member.role]}</Badge>
                  ) : (
                    <RoleCell member={member} myRole={account.role} actions={actions} />
                  )}
                </td>
                <td className="hidden whitespace-nowrap px-4 py-3 text-muted-foreground sm:table-cell">
                  {formatDate(member.joinedAt)}
                </td>
                <td className="px-4 py-3 text-right sm:pr-6">
                  {isMe ? (
                    <Button variant="ghost" size="sm" onClick={() => setConfirming(member)} aria-label="Leave account">
                      <LogOut aria-hidden="true" />
                      <span className="hidden sm:inline">Leave</span>
                    </Button>
                  ) : (
                    canRemove(account.role, member.role) && (
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => setConfirming(member)}
                        aria-label={`Remove ${member.name}`}
                        title="Remove from account"
                      >
                        <UserMinus aria-hidden="true" />
                      </Button>
                    )
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(null);
            actions.removeMember.reset();
          }
        }}
        title={leaving ? `Leave ${account.name}?` : `Remove ${confirming?.name ?? ''}?`}
        description={
          leaving
            ? 'You lose access to everything in this account. An owner or admin can invite you again.'
            : `${confirming?.name ?? 'They'} lose access to ${account.name} at once. You can invite them again later.`
        }
        confirmLabel={leaving ? 'Leave account' : 'Remove member'}
        pending={actions.removeMember.isPending}
        error={actions.removeMember.error ? errorMessage(actions.removeMember.error) : null}
        onConfirm={confirmRemoval}
      />
    </div>
  );
}
