import { queryClient } from '../../app/query-client';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { authOverlay } from '../../shell/auth-overlay-store';
import { liveClient } from '../live/live-client';
import { session } from '../session/session-store';
import { authCall, authClient } from './auth-client';
import { wipeBrowserStorage } from './wipe-browser-storage';

/** Forgets everything the browser holds about the user, then restarts the app on the login page. */
export async function forgetUserAndLeave(destination = '/auth/login') {
  liveClient.disconnect();
  session.clear({ signingOut: true });
  queryClient.clear();
  await wipeBrowserStorage();
  // The router saves scroll positions to sessionStorage as the page unloads; clear again after it.
  window.addEventListener('pagehide', () => sessionStorage.clear());
  // A full load rather than a client navigation: no in-memory state of the old user survives.
  window.location.replace(destination);
}

/** Spec §4 sign-out; a failure keeps the user signed in and says so (spec §8). */
export async function signOut(): Promise<void> {
  authOverlay.start('Signing you out...');
  try {
    await authCall(authClient.signOut());
  } catch (error) {
    authOverlay.stop();
    alerts.error(`Oops, something went wrong 😕 : ${errorMessage(error)}`);
    return;
  }
  await forgetUserAndLeave();
}
