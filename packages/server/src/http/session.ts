import { AppError } from '@flowmind/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth';
import type { SessionLookup } from '../auth/session-lookup';

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

export function nodeHeadersToFetch(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, String(value));
  }
  return headers;
}

/** How long a read request may trust a session it has seen (writes always ask the database). */
export const SESSION_READ_CACHE_MS = 5_000;
const SESSION_READ_CACHE_SIZE = 10_000;

/**
 * Reads the session behind a request: `lookup` answers the common case in one query, better-auth the rest (see
 * auth/session-lookup.ts). Even so the session read is most of what a small GET costs, so GET requests reuse a verified session seen in the last
 * SESSION_READ_CACHE_MS, keyed by the whole cookie header. Anything else reads it afresh: writes, unverified users
 * (verifying must take effect at once), and every request after sign-out, sign-in or a profile change from the same
 * browser, because `forget` drops the entry when those answer. A session revoked from another device or process can
 * still read for at most that long.
 */
export function sessionReader(auth: Auth, lookup: SessionLookup) {
  const recent = new Map<string, { user: SessionUser; until: number }>();

  async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
    const cookie = request.headers.cookie;
    const cacheable = request.method === 'GET' && Boolean(cookie);
    if (cacheable && cookie) {
      const hit = recent.get(cookie);
      if (hit && hit.until > Date.now()) return hit.user;
      if (hit) recent.delete(cookie);
    }
    // The common case in one query; better-auth for everything else (expiry, refresh, no session).
    const found = await lookup.user(cookie);
    const session = found ? null : await auth.api.getSession({ headers: nodeHeadersToFetch(request.headers) });
    const user = found ?? (session ? (session.user as SessionUser) : null);
    if (cacheable && cookie && user?.emailVerified) {
      if (recent.size >= SESSION_READ_CACHE_SIZE) recent.delete(recent.keys().next().value as string);
      recent.set(cookie, { user, until: Date.now() + SESSION_READ_CACHE_MS });
    }
    return user;
  }

  /** Drops what was kept for this request's cookies (after it signed out, in, or changed the profile). */
  function forget(request: FastifyRequest) {
    if (request.headers.cookie) recent.delete(request.headers.cookie);
  }

  /** The signed-in user; password users must have verified their email to reach tenant data. */
  async function requireUser(request: FastifyRequest, { allowUnverified = false } = {}): Promise<SessionUser> {
    const user = await optionalUser(request);
    if (!user) throw new AppError('unauthorized', 'Sign in to continue');
    if (!user.emailVerified && !allowUnverified)
      throw new AppError('email_not_verified', 'Verify your email to continue');
    return user;
  }

  return { optionalUser, requireUser, forget };
}

export type SessionReader = ReturnType<typeof sessionReader>;
