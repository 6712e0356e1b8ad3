import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { POPUP_MESSAGE_TYPE, type PopupMessage } from '../../features/auth/google-sign-in';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { AuthCard } from '../../layouts/auth-layout';
import { Spinner } from '../../shell/spinner';

/** Where the Google sign-in popup lands: tells the opener how it went and closes itself. */
export function PopupPage() {
  usePageHeader({ title: 'Signing you in...' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      // Opened on its own (e.g. the popup was turned into a tab): just continue in this window.
      navigate(error ? '/auth/login' : '/dashboard', { replace: true });
      return;
    }
    const message: PopupMessage = {
      type: POPUP_MESSAGE_TYPE,
      ok: !error,
      ...(error ? { error: error.replaceAll('_', ' ') } : {}),
    };
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [error, navigate]);

  return (
    <AuthCard title="Signing you in..." description="This window closes by itself.">
      <div className="flex justify-center">
        <Spinner className="size-6 text-primary" />
      </div>
    </AuthCard>
  );
}
