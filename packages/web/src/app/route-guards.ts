import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { session } from '../features/session/session-store';
import { redirectUrl, safeRedirectPath } from '../lib/storage';

/** Pages an unverified password user may still open: the verification screens and the link landing. */
const VERIFICATION_EXEMPT = new Set(['/auth/verify', '/auth/verify-email', '/auth/popup']);

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return { pathname: url.pathname, target: url.pathname + url.search, url };
};

/**
 * Runs before every navigation (spec §2): a signed-in password user whose email is unverified is sent to
 * /auth/verify-email from every other route, keeping where they wanted to go.
 */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  const state = await session.load();
  const { pathname, target } = pathOf(request);
  if (state.user && state.needsEmailVerification && !VERIFICATION_EXEMPT.has(pathname)) {
    const keep = pathname !== '/' && pathname !== '/dashboard' && !pathname.startsWith('/auth/');
    // Also stored: the verification link may open in another tab, which only sees storage.
    if (keep) redirectUrl.remember(target);
    throw redirect(keep ? `/auth/verify-email?redirect=${encodeURIComponent(target)}` : '/auth/verify-email');
  }
  return null;
}

/** "required": signed-out users go to log in and come back afterwards (the redirect URL is also stored). */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const state = await session.load();
  if (!state.user) {
    const { target } = pathOf(request);
    redirectUrl.remember(target);
    throw redirect(`/auth/login?redirect=${encodeURIComponent(target)}`);
  }
  return null;
}

/** "signed-out only": a signed-in user has no business on the login or sign-up pages. */
export async function signedOutOnly({ request }: LoaderFunctionArgs) {
  const state = await session.load();
  const target = safeRedirectPath(pathOf(request).url.searchParams.get('redirect'));
  if (state.user) throw redirect(target ?? '/dashboard');
  // Remembered so that a sign-up finished through an emailed link still comes back to it.
  if (target) redirectUrl.remember(target);
  return null;
}

/** Route ids, tokens and public ids share one shape; anything else is a typo or a probe. */
const ROUTE_PARAM = /^[A-Za-z0-9_-]{1,128}$/;

/** Spec §8: a route whose parameter fails validation is a 404 "Page Not Found: {path}". */
export function validateParam(name: string) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const value = params[name];
    if (!value || !ROUTE_PARAM.test(value)) {
      throw data({ message: `Page Not Found: ${pathOf(request).pathname}` }, { status: 404, statusText: 'Not Found' });
    }
    return null;
  };
}

/** Spec §2: any other path is a 404 "Page not found". */
export function notFoundLoader(): never {
  throw data({ statusMessage: 'Page not found' }, { status: 404, statusText: 'Page not found' });
}

export const alwaysRevalidate = () => true;
