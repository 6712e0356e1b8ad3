import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { sessions } from '../db/schema';
import { signUpVerified, startTestServer, TEST_APP_URL, TEST_SECRET, type TestServer } from '../test/test-server';
import { type Auth, createAuth } from './auth';
import { type SessionLookup, sessionLookup } from './session-lookup';

const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
let auth: Auth;
let lookup: SessionLookup;
beforeAll(async () => {
  server = await startTestServer();
  // The server's own auth, rebuilt on its database with its config and secret.
  auth = createAuth({
    db: server.db,
    config: loadConfig({ APP_URL: TEST_APP_URL, LOG_LEVEL: 'silent' }),
    secret: TEST_SECRET,
    mailer: { send: async () => {} } as never,
    logger: pino({ level: 'silent' }),
    hooks: { onUserCreated: async () => {}, beforeUserDeleted: async () => {}, onSessionEnded: () => {} },
  });
  lookup = sessionLookup({ auth, db: server.db });
});
afterAll(() => server.close());

async function signedIn(email: string) {
  const member = await signUpVerified(server, { name: 'Lu', email });
  const [row] = await server.db.select().from(sessions).where(eq(sessions.userId, member.user.id));
  if (!row) throw new Error('no session row');
  return { ...member, session: row };
}

/** A write, which always reads the session afresh. */
const write = ({ client, user }: Awaited<ReturnType<typeof signedIn>>) =>
  client.patch('/api/me', { name: 'Lu', username: user.username });

describe('session lookup', () => {
  it('reads a signed-in user in one query, as better-auth reads them', async () => {
    const { client, user } = await signedIn('lu@example.com');
    const fromBetterAuth = await auth.api.getSession({ headers: new Headers({ cookie: client.cookieHeader }) });
    const found = await lookup.user(client.cookieHeader);
    expect(found).toEqual({ id: user.id, email: 'lu@example.com', name: 'Lu', emailVerified: true });
    expect(found).toEqual({
      id: fromBetterAuth?.user.id,
      email: fromBetterAuth?.user.email,
      name: fromBetterAuth?.user.name,
      emailVerified: fromBetterAuth?.user.emailVerified,
    });
    // Among other cookies, in any order.
    expect(await lookup.user(`theme=dark; ${client.cookieHeader}; other=1`)).toEqual(found);
  });

  it('leaves a cookie whose signature does not hold, or none, to better-auth, which refuses it', async () => {
    const { client } = await signedIn('lu-forged@example.com');
    const [name, value] = client.cookieHeader.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect(await lookup.user(forged)).toBeUndefined();
    expect(await lookup.user(`${name}=${token}`)).toBeUndefined();
    expect(await lookup.user(undefined)).toBeUndefined();
    expect(await lookup.user('theme=dark')).toBeUndefined();
    const res = await fetch(`${server.baseUrl}/api/me`, {
      method: 'PATCH',
      headers: { cookie: forged, origin: TEST_APP_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mallory' }),
    });
    expect(res.status).toBe(401);
  });

  it('finds nothing once the session is signed out or revoked, so the next write is refused at once', async () => {
    const out = await signedIn('lu-out@example.com');
    const cookie = out.client.cookieHeader;
    expect((await out.client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await lookup.user(cookie)).toBeUndefined();

    const revoked = await signedIn('lu-revoked@example.com');
    expect((await write(revoked)).status).toBe(200);
    // Revoked from another device: the row is gone.
    await server.db.delete(sessions).where(eq(sessions.id, revoked.session.id));
    expect(await lookup.user(revoked.client.cookieHeader)).toBeUndefined();
    expect((await write(revoked)).status).toBe(401);
  });

  it('leaves an expired session to better-auth, which refuses and deletes it', async () => {
    const member = await signedIn('lu-expired@example.com');
    const { client, session } = member;
    await server.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect(await lookup.user(client.cookieHeader)).toBeUndefined();
    expect((await write(member)).status).toBe(401);
    expect(await server.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });

  it('leaves a session due for its daily refresh to better-auth, which extends it', async () => {
    const member = await signedIn('lu-refresh@example.com');
    const { client, session } = member;
    const due = new Date(Date.now() + 29 * DAY_MS - 60_000); // last refreshed just over a day ago
    await server.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.id, session.id));
    expect(await lookup.user(client.cookieHeader)).toBeUndefined();
    expect((await write(member)).status).toBe(200);
    const [refreshed] = await server.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(await lookup.user(client.cookieHeader)).toMatchObject({ email: 'lu-refresh@example.com' });
  });

  it('leaves a "don\'t remember me" session to better-auth', async () => {
    const { client } = await signedIn('lu-forget@example.com');
    const context = await auth.$context;
    const cookie = `${client.cookieHeader}; ${context.authCookies.dontRememberToken.name}=anything`;
    expect(await lookup.user(cookie)).toBeUndefined();
  });
});
