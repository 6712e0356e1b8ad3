import type { MeDoc } from '@flowmind/shared/accounts';
import { createStore, useStore } from '../../lib/create-store';

/** The better-auth session user, with the additional fields the server declares. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified: boolean;
  username?: string | null;
  personalAccountId?: string | null;
  createdAt?: string;
};

export type SessionState = {
  /** Spec §4 "auth ready": false until the first session answer arrived. */
  ready: boolean;
  user: SessionUser | null;
  /** A password user whose email is not verified yet: kept on /auth/verify-email (spec §2). */
  needsEmailVerification: boolean;
  /** Set while the user signs out on purpose; the app is about to reload, so guards need not react. */
  signingOut?: boolean;
};

const signedOut: SessionState = { ready: true, user: null, needsEmailVerification: false };

export const sessionStore = createStore<SessionState>({ ready: false, user: null, needsEmailVerification: false });

let inFlight: Promise<SessionState> | null = null;

async function fetchJson<T>(path: string): Promise<T | null> {
  const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}

/**
 * Only password users must verify (spec §6). The session does not say how the user signs in, so for an
 * unverified user the profile's providers decide; if that lookup fails the user is treated as a password user.
 */
async function needsVerification(user: SessionUser): Promise<boolean> {
  if (user.emailVerified) return false;
  try {
    const me = await fetchJson<MeDoc>('/api/me');
    return me ? me.providers.includes('credential') : true;
  } catch {
    return true;
  }
}

let latestRequest = 0;

async function fetchSession(): Promise<SessionState> {
  const request = ++latestRequest;
  // An older answer that arrives late (fetched before a sign-in) must not overwrite a newer one.
  const commit = (next: SessionState): SessionState | Promise<SessionState> => {
    if (request !== latestRequest) return inFlight ?? sessionStore.get();
    sessionStore.set(next);
    return next;
  };
  try {
    // Plain fetch rather than the better-auth client keeps the auth library out of the entry chunk.
    const body = await fetchJson<{ user: SessionUser } | null>('/api/auth/get-session');
    const user = body?.user ?? null;
    const next: SessionState = user
      ? { ready: true, user, needsEmailVerification: await needsVerification(user) }
      : signedOut;
    return commit(next);
  } catch (error) {
    // Offline or the server is down: keep what we knew rather than signing the user out.
    console.error('Could not load the session', error);
    const current = sessionStore.get();
    return commit(current.ready ? current : signedOut);
  }
}

export const session = {
  /** The current session, fetched once and then served from memory. */
  load(): Promise<SessionState> {
    const current = sessionStore.get();
    if (current.ready) return Promise.resolve(current);
    inFlight ??= session.refresh();
    return inFlight;
  },
  /** Asks the server again, e.g. after signing in or verifying an email. */
  refresh(): Promise<SessionState> {
    const request = fetchSession();
    inFlight = request;
    void request.finally(() => {
      if (inFlight === request) inFlight = null;
    });
    return request;
  },
  /** Forgets the user in memory; `signingOut` marks an intentional sign-out (the app reloads next). */
  clear({ signingOut = false }: { signingOut?: boolean } = {}) {
    latestRequest += 1;
    sessionStore.set({ ...signedOut, signingOut });
  },
};

export const useSession = () => useStore(sessionStore);
