import { Mail } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { useAnswerInvite, usePendingInvites } from './use-pending-invites';

/** The signed-in user's pending invites, each with Accept and Decline; nothing when there are none. */
export function PendingInvites() {
  const invites = usePendingInvites().data ?? [];
  const answer = useAnswerInvite();
  if (invites.length === 0) return null;
  return (
    <section aria-label="Invites" className="grid gap-3 rounded-xl border bg-background p-5 shadow-xs">
      <h2 className="font-semibold">Invites</h2>
      <ul className="grid gap-2">
        {invites.map((invite) => {
          const answering = answer.isPending && answer.variables?.inviteId === invite.id;
          const respond = (accept: boolean) =>
            answer.mutate(
              { inviteId: invite.id, accept },
              {
                onSuccess: () =>
                  alerts.success(
                    accept ? `You joined ${invite.accountName}` : `Invite to ${invite.accountName} declined`,
                  ),
                onError: (failure) => alerts.error(errorMessage(failure)),
              },
            );
          return (
            <li key={invite.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
              <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <strong className="font-medium">{invite.inviterName}</strong> invited you to{' '}
                <strong className="font-medium">{invite.accountName}</strong> as {invite.role}
              </span>
              <span className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={answering}
                  pending={answering && answer.variables?.accept === false}
                  onClick={() => respond(false)}
                >
                  Decline
                </Button>
                <Button
                  size="sm"
                  disabled={answering}
                  pending={answering && answer.variables?.accept === true}
                  onClick={() => respond(true)}
                >
                  Accept
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
