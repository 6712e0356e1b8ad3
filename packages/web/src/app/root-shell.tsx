import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useRevalidator } from 'react-router';
import { sessionStore } from '../features/session/session-store';
import { Alerts } from '../shell/alerts';
import { AuthOverlay } from '../shell/auth-overlay';
import { LoadingBar, useRouteLoadingBar } from '../shell/loading-bar';
import { loadingBar } from '../shell/loading-bar-store';
import { OfflineStrip } from '../shell/offline-strip';
import { UpdateToast } from '../shell/update-toast';

/** When the session ends (signed out elsewhere, expired), the guards run again so protected pages close. */
function useGuardsFollowSession() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let hadUser = Boolean(sessionStore.get().user);
    return sessionStore.subscribe(() => {
      const { user, signingOut } = sessionStore.get();
      const hasUser = Boolean(user);
      if (hadUser && !hasUser && !signingOut) void revalidate();
      hadUser = hasUser;
    });
  }, [revalidate]);
}

/** Spec §2 root shell: the current page plus the loading bar, auth overlay, alerts and offline strip. */
export function RootShell() {
  useRouteLoadingBar();
  useGuardsFollowSession();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[101] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <LoadingBar />
      <Outlet />
      <AuthOverlay />
      <Alerts />
      <UpdateToast />
      <OfflineStrip />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code and guards load. */
export function InitialLoading() {
  useEffect(() => loadingBar.start(), []);
  return <LoadingBar />;
}
