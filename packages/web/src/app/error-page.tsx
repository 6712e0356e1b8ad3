import { House, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { LogoMark } from '../components/ui/logo';
import { SocialLinks } from '../components/ui/social-links';
import { documentTitle } from '../features/page-header/page-header-store';
import { trackPageView } from '../lib/analytics';
import { claimChunkReload, isChunkLoadError } from '../lib/chunk-reload';
import { loadingBar } from '../shell/loading-bar-store';
import { copyrightLine } from './site';

export type ErrorInfo = {
  statusCode?: number | string;
  statusMessage?: string;
  message?: string;
  stack?: string;
  url?: string;
};

const FALLBACK = {
  statusCode: 'Error',
  statusMessage: 'This page does not exist',
  message: "Sorry, we couldn't find the page you're looking for.",
};

function toErrorInfo(error: unknown): ErrorInfo {
  const url = window.location.pathname;
  if (isRouteErrorResponse(error)) {
    const body = (error.data ?? {}) as { statusMessage?: string; message?: string };
    return {
      statusCode: error.status,
      // A 404 without its own status message uses the spec's fallback, not the generic HTTP text.
      statusMessage: body.statusMessage || (error.status === 404 ? undefined : error.statusText) || undefined,
      message: body.message,
      url,
    };
  }
  if (error instanceof Error) {
    return {
      statusCode: 500,
      statusMessage: 'Something went wrong',
      message: 'An unexpected error stopped this page. Reloading usually helps; if it keeps happening, tell us.',
      stack: error.stack,
      url,
    };
  }
  return { url };
}

/** The error page of spec §2, for 404s and fatal rendering errors alike. */
export function ErrorView({
  statusCode,
  statusMessage,
  message,
  stack,
  url,
  canReload,
}: ErrorInfo & { canReload?: boolean }) {
  const code = statusCode ?? FALLBACK.statusCode;
  const title = statusMessage || FALLBACK.statusMessage;
  const isServerError = canReload || (typeof code === 'number' && code >= 500);

  useEffect(() => {
    console.error('[error page]', { statusCode: code, statusMessage: title, message, stack, url });
    document.title = documentTitle(title);
    trackPageView({ path: url ?? window.location.pathname, title });
  }, [code, title, message, stack, url]);

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="px-6 py-5">
        <Link to="/" className="inline-flex items-center gap-2 rounded-md font-semibold text-[15px]">
          <LogoMark />
          Flowmind
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-6 py-12">
        <div className="max-w-md text-center">
          <p className="font-semibold text-primary text-sm tracking-wide" data-testid="error-status-code">
            {code}
          </p>
          <h1 className="mt-3 font-semibold text-2xl tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-3 break-words text-muted-foreground">{message || FALLBACK.message}</p>
          <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
            <Link
              to="/"
              className="inline-flex h-9 items-center gap-2 rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm shadow-xs hover:bg-primary-hover"
            >
              <House className="size-4" aria-hidden="true" />
              Go Home
            </Link>
            {isServerError && (
              <button
                type="button"
                onClick={() => window.location.reload()}
                className="inline-flex h-9 items-center gap-2 rounded-md border bg-background px-4 font-medium text-sm shadow-xs hover:bg-accent"
              >
                <RotateCw className="size-4" aria-hidden="true" />
                Reload
              </button>
            )}
          </div>
        </div>
      </main>
      <footer className="flex flex-col items-center justify-between gap-3 border-t px-6 py-5 text-muted-foreground text-sm sm:flex-row">
        <p>{copyrightLine()}</p>
        <SocialLinks />
      </footer>
    </div>
  );
}

/** The router's errorElement: a failed chunk reloads the page; anything else shows the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailure = isChunkLoadError(error);
  // Decided once per error: reload (guarded against loops) or, if a reload just failed to help, explain.
  const [reloading] = useState(() => chunkFailure && claimChunkReload());
  useEffect(() => {
    if (reloading) window.location.reload();
    else loadingBar.error();
  }, [reloading]);
  if (reloading) return null;
  if (chunkFailure) {
    return (
      <ErrorView
        statusMessage="This page could not be loaded"
        message="Part of Flowmind could not be downloaded. Check your connection, then reload the page."
        url={window.location.pathname}
        canReload
      />
    );
  }
  return <ErrorView {...toErrorInfo(error)} />;
}
