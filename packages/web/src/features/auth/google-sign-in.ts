import { session } from '../session/session-store';
import { authCall, authClient } from './auth-client';

export const POPUP_MESSAGE_TYPE = 'flowmind:auth-popup';
export type PopupMessage = { type: typeof POPUP_MESSAGE_TYPE; ok: boolean; error?: string };

function openCentredPopup(): Window | null {
  const width = 480;
  const height = 640;
  const left = window.screenX + Math.max(0, (window.outerWidth - width) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - height) / 2);
  return window.open(
    'about:blank',
    'flowmind-google-sign-in',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
}

/** Resolves with the popup page's message, or with a "closed" result if the user closed the window. */
function waitForPopup(popup: Window): Promise<{ ok: boolean; error?: string; closed?: boolean }> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const message = event.data as Partial<PopupMessage> | null;
      if (message?.type !== POPUP_MESSAGE_TYPE) return;
      finish({ ok: Boolean(message.ok), error: message.error });
    };
    const timer = setInterval(() => {
      if (popup.closed) finish({ ok: false, closed: true });
    }, 500);
    function finish(result: { ok: boolean; error?: string; closed?: boolean }) {
      clearInterval(timer);
      window.removeEventListener('message', onMessage);
      resolve(result);
    }
    window.addEventListener('message', onMessage);
  });
}

/**
 * Google sign-in in a popup (spec §2): the popup must open synchronously inside the click, so it starts blank
 * and is pointed at Google once the server hands out the URL. Returns whether the user is now signed in.
 */
export async function signInWithGooglePopup(): Promise<boolean> {
  const popup = openCentredPopup();
  if (!popup) throw new Error('Your browser blocked the sign-in window. Allow pop-ups for this site and try again.');
  try {
    const result = await authCall(
      authClient.signIn.social({
        provider: 'google',
        callbackURL: '/auth/popup',
        errorCallbackURL: '/auth/popup',
        disableRedirect: true,
      }),
    );
    if (!result?.url) throw new Error('Google sign-in is not available right now');
    popup.location.href = result.url;
  } catch (error) {
    popup.close();
    throw error;
  }
  const outcome = await waitForPopup(popup);
  // Even without a message (a closed window, a lost message) the session is the truth.
  const state = await session.refresh();
  if (state.user) return true;
  if (outcome.error) throw new Error(outcome.error);
  return false;
}
