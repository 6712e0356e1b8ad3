import type { InvitePreview } from '@flowmind/shared/accounts';
import { CircleCheck, CircleX, MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-field';
import { LogoMark } from '../../components/ui/logo';
import { Skeleton } from '../../components/ui/skeleton';
import { useRefetchAccounts } from '../../features/accounts/use-accounts';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { useInvitePreview, useRespondToInvite } from '../../features/invites/use-invite';
import { roleLabels } from '../../features/members/member-permissions';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { useSession } from '../../features/session/session-store';
import { ApiError, errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';

const closedStatus: Record<Exclude<InvitePreview['status'], 'pending'>, { title: string; text: string }> = {
  accepted: {
    title: 'This invite was already accepted',
    text: 'Each invite link works once. Log in to open the account.',
  },
  declined: { title: 'This invite was declined', text: 'Ask the person who invited you to send a new invite.' },
  revoked: { title: 'This invite was withdrawn', text: 'Ask the person who invited you to send a new invite.' },
  expired: { title: 'This invite has expired', text: 'Invites work for 7 days. Ask for a new one.' },
};

/**
 * What an accepted invite's link says depends on who opens it: signed out, the invitee is told to log in; the
 * invitee signed in is already a member; anyone else (the inviter checking the link) only learns it was used.
 */
function acceptedText(invite: InvitePreview, viewerEmail: string | null): string {
  if (!viewerEmail) return closedStatus.accepted.text;
  if (viewerEmail.toLowerCase() === invite.email) return 'You are a member: pick the account in the account switcher.';
  return `${invite.email} accepted it and is a member now.`;
}

/** Layout "none": a standalone card, reachable signed in or out. */
function InviteFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-surface px-4 py-10 sm:py-16">
      <Link to="/" className="mb-8 inline-flex items-center gap-2 rounded-md font-semibold text-[17px]">
        <LogoMark className="size-8" />
        Flowmind
      </Link>
      <main id="main" className="w-full max-w-[440px] rounded-xl border bg-background p-6 shadow-sm sm:p-8">
        {children}
      </main>
    </div>
  );
}

function Message({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="text-center">
      <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </div>
      <h1 className="mt-4 font-semibold text-lg">{title}</h1>
      <p className="mt-2 text-muted-foreground text-sm">{text}</p>
      {children && <div className="mt-6 grid gap-2">{children}</div>}
    </div>
  );
}

function PendingInvite({ token, invite }: { token: string; invite: InvitePreview }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const respond = useRespondToInvite(token);
  const refetchAccounts = useRefetchAccounts();
  const { switchAccount } = useActiveAccount();
  const here = `/invites/${token}`;
  const wrongEmail = user && user.email.toLowerCase() !== invite.email.toLowerCase();

  function answer(accept: boolean) {
    respond.mutate(accept, {
      onSuccess: async ({ accountId }) => {
        if (!accept || !accountId) {
          alerts.info(`You declined the invite to ${invite.accountName}`);
          navigate('/dashboard', { replace: true });
          return;
        }
        const accounts = await refetchAccounts();
        switchAccount(accountId, { among: accounts });
        alerts.success(`Welcome to ${invite.accountName}!`);
        navigate('/settings/members', { replace: true });
      },
    });
  }

  return (
    <div>
      <div className="flex flex-col items-center text-center">
        <Avatar name={invite.accountName} seed={invite.accountHandle} shape="square" size="xl" />
        <p className="mt-4 text-muted-foreground text-sm">
          <span className="font-medium text-foreground">{invite.inviterName}</span> invited you to join
        </p>
        <h1 className="mt-1 font-semibold text-xl tracking-tight">{invite.accountName}</h1>
        <p className="mt-1 text-muted-foreground text-sm">@{invite.accountHandle}</p>
        <div className="mt-3 flex items-center gap-2 text-muted-foreground text-sm">
          as <Badge tone="primary">{roleLabels[invite.role]}</Badge>
        </div>
      </div>
      <div className="mt-6 rounded-lg bg-surface px-4 py-3 text-center text-muted-foreground text-sm">
        Sent to <span className="font-medium text-foreground">{invite.email}</span>
      </div>
      {!user ? (
        <div className="mt-6 grid gap-2">
          <Link
            to={`/auth/login?redirect=${encodeURIComponent(here)}`}
            className={buttonClasses({ className: 'w-full' })}
          >
            Log in to accept
          </Link>
          <Link
            to={`/auth/signup?redirect=${encodeURIComponent(here)}`}
            className={buttonClasses({ variant: 'outline', className: 'w-full' })}
          >
            Create an account
          </Link>
          <p className="mt-2 text-center text-muted-foreground text-xs">Use {invite.email} so the invite finds you.</p>
        </div>
      ) : (
        <div className="mt-6 grid gap-3">
          {wrongEmail && (
            <p className="rounded-lg border border-warning/30 px-3 py-2 text-sm text-warning">
              You are signed in as {user.email}, but this invite is for {invite.email}.
            </p>
          )}
          <FormError>{respond.error ? errorMessage(respond.error) : null}</FormError>
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="outline"
              onClick={() => answer(false)}
              disabled={respond.isPending}
              pending={respond.isPending && respond.variables === false}
            >
              Decline
            </Button>
            <Button
              onClick={() => answer(true)}
              disabled={respond.isPending}
              pending={respond.isPending && respond.variables === true}
            >
              Accept invite
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

export function InvitePage() {
  const { token = '' } = useParams();
  const preview = useInvitePreview(token);
  const viewerEmail = useSession().user?.email ?? null;
  usePageHeader({ title: preview.data ? `Join ${preview.data.accountName}` : 'Invitation' });

  if (preview.isPending) {
    return (
      <InviteFrame>
        <div className="flex flex-col items-center gap-3" aria-busy="true">
          <Skeleton className="size-14" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-6 w-56" />
          <Skeleton className="mt-4 h-9 w-full" />
        </div>
      </InviteFrame>
    );
  }

  if (preview.error) {
    const notFound = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <InviteFrame>
        <Message
          icon={<MailWarning className="size-5" aria-hidden="true" />}
          title={notFound ? 'Invite not found' : 'Could not open this invite'}
          text={errorMessage(preview.error)}
        >
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Go to Flowmind
          </Link>
        </Message>
      </InviteFrame>
    );
  }

  const invite = preview.data;
  if (invite.status !== 'pending') {
    const closed = closedStatus[invite.status];
    const text = invite.status === 'accepted' ? acceptedText(invite, viewerEmail) : closed.text;
    return (
      <InviteFrame>
        <Message
          icon={
            invite.status === 'accepted' ? (
              <CircleCheck className="size-5" aria-hidden="true" />
            ) : (
              <CircleX className="size-5" aria-hidden="true" />
            )
          }
          title={closed.title}
          text={
            <>
              {text} The invite was to <strong className="font-medium text-foreground">{invite.accountName}</strong>.
            </>
          }
        >
          <Link to="/dashboard" className={buttonClasses({ variant: 'outline' })}>
            Go to your dashboard
          </Link>
        </Message>
      </InviteFrame>
    );
  }

  return (
    <InviteFrame>
      <PendingInvite token={token} invite={invite} />
    </InviteFrame>
  );
}
