import { AppError } from '@flowmind/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth';

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

export function sessionReader(auth: Auth) {
  async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
    const session = await auth.api.getSession({ headers: nodeHeadersToFetch(request.headers) });
    return session ? (session.user as SessionUser) : null;
  }

  /** The signed-in user; password users must have verified their email to reach tenant data. */
  async function requireUser(request: FastifyRequest, { allowUnverified = false } = {}): Promise<SessionUser> {
    const user = await optionalUser(request);
    if (!user) throw new AppError('unauthorized', 'Sign in to continue');
    if (!user.emailVerified && !allowUnverified)
      throw new AppError('email_not_verified', 'Verify your email to continue');
    return user;
  }

  return { optionalUser, requireUser };
}

export type SessionReader = ReturnType<typeof sessionReader>;
