import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's client, imported only by pages that sign in, sign out or change credentials, so the landing
 * page never downloads it.
 */
export const authClient = createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth' });

/** A better-auth failure as an Error, keeping its code (e.g. USER_ALREADY_EXISTS) for field mapping. */
export class AuthError extends Error {
  readonly code?: string;
  readonly status?: number;
  constructor({ message, code, status }: { message?: string; code?: string; status?: number }) {
    super(message || 'Something went wrong');
    this.name = 'AuthError';
    this.code = code;
    this.status = status;
  }
}

/** better-auth's error, or (for what our server refuses before better-auth, like a foreign Origin) our `{ error }` body spread into it. */
type AuthFailure = { message?: string; code?: string; status?: number; error?: { message?: string; code?: string } };
type AuthResult<T> = { data: T | null; error: AuthFailure | null };

/** Unwraps better-auth's { data, error } answer into a value or a thrown AuthError. */
export async function authCall<T>(call: Promise<AuthResult<T>>): Promise<T> {
  let result: AuthResult<T>;
  try {
    result = await call;
  } catch (error) {
    throw new AuthError({ message: error instanceof Error ? error.message : 'Could not reach the server' });
  }
  if (result.error) {
    throw new AuthError({
      message:
        result.error.message || result.error.error?.message || result.error.code?.replaceAll('_', ' ').toLowerCase(),
      code: result.error.code,
      status: result.error.status,
    });
  }
  return result.data as T;
}
