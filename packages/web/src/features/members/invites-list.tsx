import type { Invite } from '@flowmind/shared/accounts';
import { Mail } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { alerts } from '../../shell/alert-store';
import { roleLabels } from './member-permissions';
import type { useMemberActions } from './use-members';

/** Invites waiting for an answer; revoking one makes its link stop working. */
export function InvitesList({
  invites,
  isLoading,
  actions,
}: {
  invites: Invite[] | undefined;
  isLoading: boolean;
  actions: ReturnType<typeof useMemberActions>;
}) {
  if (isLoading) return <Skeleton className="h-16 rounded-xl" />;
  if (!invites || invites.length === 0) {
    return (
      <p className="rounded-xl border border-dashed bg-surface px-4 py-6 text-center text-muted-foreground text-sm">
        No pending invites.
      </p>
    );
  }
  return (
    <ul className="divide-y overflow-hidden rounded-xl border bg-background shadow-xs">
      {invites.map((invite) => {
        const revoking = actions.revokeInvite.isPending && actions.revokeInvite.variables === invite.id;
        return (
          <li
            key={invite.id}
            className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6"
            data-testid={`invite-row-${invite.email}`}
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Mail className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-sm">{invite.email}</p>
              <p className="text-muted-foreground text-xs">
                Sent {formatDate(invite.createdAt)} · expires {formatDate(invite.expiresAt)}
              </p>
            </div>
            <Badge>{roleLabels[invite.role]}</Badge>
            <Button
              variant="outline"
              size="sm"
              pending={revoking}
              onClick={() =>
                actions.revokeInvite.mutate(invite.id, {
                  onSuccess: () => alerts.success(`Invite to ${invite.email} revoked`),
                  onError: (error) => alerts.error(errorMessage(error)),
                })
              }
            >
              Revoke
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
