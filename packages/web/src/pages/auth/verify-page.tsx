import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ResendVerification } from '../../features/auth/resend-verification';
import { VERIFIED_MARKER } from '../../features/auth/verify-callback';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { session, useSession } from '../../features/session/session-store';
import { AuthCard } from '../../layouts/auth-layout';
import { redirectUrl } from '../../lib/storage';
import { Spinner } from '../../shell/spinner';

const CONTINUE_AFTER_MS = 2500;

/** Where email verification links land (with ?error=… when the token was bad). */
export function VerifyPage() {
  usePageHeader({ title: 'Verify your email' });
  const [params] = useSearchParams();
  const error = params.get('error');
  const navigate = useNavigate();
  const { user } = useSession();
  const [checked, setChecked] = useState(false);
  const target = redirectUrl.resolve(null);

  useEffect(() => {
    // The link signed the user in on the server; read the new session.
    void session.refresh().then(() => setChecked(true));
  }, []);

  const verified = checked && !error && user?.emailVerified;

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => {
      redirectUrl.clear();
      navigate(target, { replace: true });
    }, CONTINUE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate, target]);

  if (!checked) {
    return (
      <AuthCard title="Verifying your email..." description="One moment.">
        <div className="flex justify-center">
          <Spinner className="size-6 text-primary" />
        </div>
      </AuthCard>
    );
  }

  if (verified) {
    return (
      <AuthCard
        icon={<CircleCheck className="size-5" aria-hidden="true" />}
        title="Your email is verified"
        description="Thanks! Taking you to Flowmind…"
      >
        <Link to={target} onClick={() => redirectUrl.clear()} className={buttonClasses({ className: 'w-full' })}>
          Continue
        </Link>
      </AuthCard>
    );
  }

  if (!error && !user) {
    // Signed out: verified only when better-auth came back here with its marker; else no link was followed.
    const followed = params.get(VERIFIED_MARKER) === '1';
    return (
      <AuthCard
        icon={
          followed ? (
            <CircleCheck className="size-5" aria-hidden="true" />
          ) : (
            <TriangleAlert className="size-5" aria-hidden="true" />
          )
        }
        title={followed ? 'Your email is verified' : 'This verification link is missing or invalid'}
        description={
          followed
            ? 'Log in to continue.'
            : 'Open the link in the most recent email we sent you, or log in to have a new one sent.'
        }
      >
        <Link to="/auth/login" className={buttonClasses({ className: 'w-full' })}>
          Log in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<TriangleAlert className="size-5" aria-hidden="true" />}
      title="This verification link doesn't work"
      description="It may have expired (links work for 24 hours) or been replaced by a newer one. We can send you a new link."
    >
      <ResendVerification email={user?.email} />
    </AuthCard>
  );
}
