import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { authOverlay } from '../../shell/auth-overlay-store';
import { useAppConfig } from '../config/use-app-config';
import { signInWithGooglePopup } from './google-sign-in';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.79-.07-1.54-.2-2.27H12v4.3h6.45a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.57-5.17 3.57-8.65Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.95-1.07 7.93-2.91l-3.88-3c-1.07.72-2.45 1.15-4.05 1.15-3.12 0-5.76-2.1-6.7-4.93H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.31a7.2 7.2 0 0 1 0-4.62v-3.1H1.3a12 12 0 0 0 0 10.82l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.6 4.58 1.8l3.44-3.44A11.96 11.96 0 0 0 12 0 12 12 0 0 0 1.3 6.59l4 3.1C6.24 6.86 8.88 4.77 12 4.77Z"
      />
    </svg>
  );
}

/** "Continue with Google", shown only when the server has Google sign-in configured. */
export function GoogleButton({ redirectTo }: { redirectTo: string }) {
  const { data: config } = useAppConfig();
  const navigate = useNavigate();
  if (!config?.googleSignIn) return null;

  async function signIn() {
    authOverlay.start();
    try {
      const signedIn = await signInWithGooglePopup();
      if (signedIn) navigate(redirectTo, { replace: true });
    } catch (error) {
      alerts.error(`Error: ${errorMessage(error)}`);
    } finally {
      authOverlay.stop();
    }
  }

  return (
    <>
      <Button variant="outline" className="w-full" onClick={() => void signIn()}>
        <GoogleMark />
        Continue with Google
      </Button>
      <div className="my-5 flex items-center gap-3 text-muted-foreground text-xs">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </>
  );
}
