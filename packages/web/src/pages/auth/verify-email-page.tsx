import { LogOut, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ResendVerification } from '../../features/auth/resend-verification';
import { signOut } from '../../features/auth/sign-out';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { session, useSession } from '../../features/session/session-store';
import { AuthCard } from '../../layouts/auth-layout';
import { redirectUrl } from '../../lib/storage';
import { alerts } from '../../shell/alert-store';

const POLL_INTERVAL_MS = 4000;

/** Waits for a password user to click the link in their inbox, then continues on its own. */
export function VerifyEmailPage() {
  usePageHeader({ title: 'Verify your email' });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user, needsEmailVerification } = useSession();
  const target = redirectUrl.resolve(params.get('redirect'));
  const done = Boolean(user) && !needsEmailVerification;

  useEffect(() => {
    if (done) return;
    const check = () => void session.refresh();
    const timer = setInterval(check, POLL_INTERVAL_MS);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [done]);

  useEffect(() => {
    if (!done) return;
    if (user?.emailVerified) alerts.success('Your email is verified. Welcome to Flowmind!');
    redirectUrl.clear();
    navigate(target, { replace: true });
  }, [done, user?.emailVerified, navigate, target]);

  if (!user) return null;

  return (
    <AuthCard
      icon={<MailCheck className="size-5" aria-hidden="true" />}
      title="Verify your email"
      description={
        <>
          We sent a verification link to <strong className="font-medium text-foreground">{user.email}</strong>. Open it
          to finish setting up your account. This page continues by itself once you have.
        </>
      }
      footer={
        <>
          Wrong address?{' '}
          <Button variant="link" className="text-sm" onClick={() => void signOut()}>
            Log out and sign up again
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <ResendVerification email={user.email} />
        <Button variant="ghost" className="w-full" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Log out
        </Button>
      </div>
    </AuthCard>
  );
}
