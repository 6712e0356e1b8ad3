import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPOSITORY_URL } from '../config';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../test/test-server';
import { authStorages } from './auth-context';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('health', () => {
  it('answers ok with the database reachable', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
  });
});

describe('sign-up and email verification', () => {
  it('gives a new user a personal account, locked until the emailed link is followed', async () => {
    const client = server.client();
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
      callbackURL: '/auth/verify',
    });
    expect(signUp.status).toBe(200);

    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({ email: 'ada@example.com', emailVerified: false, providers: ['credential'] });
    expect(me.body.personalAccountId).toMatch(/^acc_/);

    const locked = await client.get('/api/accounts');
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe('email_not_verified');

    const email = await server.mail.waitFor('ada@example.com', /verify/i);
    const link = server.mail.link(email, `${TEST_APP_URL}/api/auth/verify-email`);
    const verify = await client.get(server.local(link));
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toContain('/auth/verify');

    const accounts = await client.get('/api/accounts');
    expect(accounts.status).toBe(200);
    expect(accounts.body).toHaveLength(1);
    expect(accounts.body[0]).toMatchObject({ type: 'personal', role: 'owner', id: me.body.personalAccountId });
  });

  it('rejects a second sign-up with the same email', async () => {
    const res = await server.client().post('/api/auth/sign-up/email', {
      name: 'Copy',
      email: 'ada@example.com',
      password: 'another-password',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('better-auth state between calls', () => {
  it('switches its storages off once no call is in flight, and concurrent calls still each see their own', async () => {
    const clients = [server.client(), server.client(), server.client()];
    const signUps = await Promise.all(
      clients.map((client, i) =>
        client.post('/api/auth/sign-up/email', {
          name: `Quiet ${i}`,
          email: `quiet-${i}@example.com`,
          password: 'analytical-engine',
          callbackURL: '/auth/verify',
        }),
      ),
    );
    expect(signUps.map((res) => res.status)).toEqual([200, 200, 200]);
    const mes = await Promise.all(clients.map((client) => client.get('/api/me')));
    expect(mes.map((res) => res.body.email)).toEqual([
      'quiet-0@example.com',
      'quiet-1@example.com',
      'quiet-2@example.com',
    ]);
    // On Node 20 and 22 a storage left on runs promise hooks on every promise of the process.
    const storages = authStorages();
    expect(storages.length).toBeGreaterThan(0);
    for (const storage of storages) expect(storage.enabled ?? false).toBe(false);
  });
});

describe('password reset', () => {
  it('resets by the emailed link and only the new password works', async () => {
    await signUpVerified(server, { name: 'Bo', email: 'bo@example.com', password: 'old-password-1' });
    const anon = server.client();
    const request = await anon.post('/api/auth/request-password-reset', {
      email: 'bo@example.com',
      redirectTo: '/auth/new-password',
    });
    expect(request.status).toBe(200);
    const email = await server.mail.waitFor('bo@example.com', /reset/i);
    const link = server.mail.link(email, `${TEST_APP_URL}/api/auth/reset-password/`);
    const landing = await anon.get(server.local(link));
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get('location') ?? '', TEST_APP_URL);
    expect(location.pathname).toBe('/auth/new-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await anon.post('/api/auth/reset-password', { newPassword: 'new-password-2', token });
    expect(reset.status).toBe(200);

    const oldLogin = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'bo@example.com', password: 'old-password-1' });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'bo@example.com', password: 'new-password-2' });
    expect(newLogin.status).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session', async () => {
    const { client } = await signUpVerified(server, { name: 'Cy', email: 'cy@example.com' });
    expect((await client.get('/api/accounts')).status).toBe(200);
    const out = await client.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect((await client.get('/api/accounts')).status).toBe(401);
  });

  it('refuses the signed-out cookie at once, though reads reuse a session for a few seconds', async () => {
    const { client } = await signUpVerified(server, { name: 'Cyd', email: 'cyd@example.com' });
    const cookie = client.cookieHeader;
    const readWith = (path: string) =>
      fetch(`${client.baseUrl}${path}`, { headers: { cookie, origin: TEST_APP_URL } }).then((res) => res.status);
    expect(await readWith('/api/accounts')).toBe(200);
    expect(await readWith('/api/accounts')).toBe(200);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    // The same cookie, as a copy kept elsewhere would send it: the kept session went with the sign-out.
    expect(await readWith('/api/accounts')).toBe(401);
  });
});

describe('request safety', () => {
  it('refuses cookie-authenticated writes from another origin', async () => {
    const { client } = await signUpVerified(server, { name: 'Di', email: 'di@example.com' });
    const res = await client.request(
      'POST',
      '/api/accounts',
      { name: 'Evil', handle: 'evil-co' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('answers bad JSON with 400 and the one error shape', async () => {
    const { client } = await signUpVerified(server, { name: 'Ed', email: 'ed@example.com' });
    const res = await client.request('POST', '/api/accounts', undefined, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await server.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found' });
  });
});

describe('sign-in rate limit', () => {
  it('refuses sign-in attempts past the limit per minute', async () => {
    const limited = await startTestServer({ FLOWMIND_SIGNIN_RATE_LIMIT: '3' });
    try {
      const client = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        // No proxy is trusted by default: a made-up X-Forwarded-For does not buy a fresh limit.
        const res = await client.request(
          'POST',
          '/api/auth/sign-in/email',
          { email: 'nobody@example.com', password: 'wrong-password' },
          { 'x-forwarded-for': `198.51.100.${i}` },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('behind a trusted proxy (FLOWMIND_TRUST_PROXY), limits each real client on its own', async () => {
    const proxied = await startTestServer({ FLOWMIND_SIGNIN_RATE_LIMIT: '2', FLOWMIND_TRUST_PROXY: '1' });
    try {
      const client = proxied.client();
      const attempt = async (clientIp: string) =>
        (
          await client.request(
            'POST',
            '/api/auth/sign-in/email',
            { email: 'nobody@example.com', password: 'wrong-password' },
            // What the proxy appends is the address it saw; anything before it is the client's say-so.
            { 'x-forwarded-for': `10.9.9.9, ${clientIp}` },
          )
        ).status;
      expect([await attempt('203.0.113.7'), await attempt('203.0.113.7'), await attempt('203.0.113.7')]).toEqual([
        401, 401, 429,
      ]);
      expect(await attempt('203.0.113.8')).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('Google sign-in', () => {
  it('is off without credentials', async () => {
    expect((await server.client().get('/api/config')).body).toEqual({
      googleSignIn: false,
      codeTimeoutMaxMs: 60_000,
      repositoryUrl: DEFAULT_REPOSITORY_URL,
    });
  });

  it('with credentials, starts the Google OAuth flow with our callback', async () => {
    const google = await startTestServer({
      GOOGLE_CLIENT_ID: 'client-123.apps.example',
      GOOGLE_CLIENT_SECRET: 'shh',
      FLOWMIND_REPOSITORY_URL: 'https://git.example.com/team/flowmind',
    });
    try {
      const client = google.client();
      // The operator's settings, the repository link among them, reach the web app through /api/config.
      expect((await client.get('/api/config')).body).toMatchObject({
        googleSignIn: true,
        repositoryUrl: 'https://git.example.com/team/flowmind',
      });
      const res = await client.post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/auth/popup',
        disableRedirect: true,
      });
      expect(res.status).toBe(200);
      const url = new URL(res.body.url);
      expect(url.hostname).toBe('accounts.google.com');
      expect(url.searchParams.get('client_id')).toBe('client-123.apps.example');
      expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/api/auth/callback/google`);
      expect(url.searchParams.get('state')).toBeTruthy();
    } finally {
      await google.close();
    }
  });
});
