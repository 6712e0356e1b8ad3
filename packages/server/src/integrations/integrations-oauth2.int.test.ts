import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../db/schema-integrations';
import { type OAuth2Server, startOAuth2Server } from '../test/oauth2-server';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../test/test-server';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

// A real OAuth 2.0 / OpenID server (oidc-provider) that requires PKCE and rotates refresh tokens.
let idp: OAuth2Server;
let server: TestServer;
let owner: Member;

beforeAll(async () => {
  idp = await startOAuth2Server({
    clientId: 'flowmind',
    clientSecret: 'idp-client-secret-0a1b2c3d4e5f6a7b8c9d',
    redirectUri: `${TEST_APP_URL}/integrations/callback/oauth2`,
  });
  server = await startTestServer({ ...idp.env, OAUTH2_NAME: 'Acme ID' });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const accountId = () => owner.user.personalAccountId;
const tokenFor = (connectionId: string) =>
  server.services.integrations.tokenFor({ accountId: accountId(), connectionId });
const expireSoon = (connectionId: string) =>
  server.db
    .update(integrationConnections)
    .set({ expiresAt: new Date(Date.now() + 1000) })
    .where(eq(integrationConnections.id, connectionId));

async function connect() {
  const started = await owner.client.post('/api/integrations/oauth2/connect', { accountId: accountId() });
  expect(started.status, started.text).toBe(200);
  const back = await idp.consent(started.body.authorizeUrl);
  expect(back.pathname).toBe('/integrations/callback/oauth2');
  return { back, started: new URL(started.body.authorizeUrl) };
}

describe('a generic OAuth 2.0 server', () => {
  it('connects through authorization code with PKCE, and the server refuses the code without the verifier', async () => {
    const { back, started } = await connect();
    expect(started.searchParams.get('code_challenge_method')).toBe('S256');
    expect(started.searchParams.get('scope')).toBe('openid profile offline_access');
    // The real server enforces PKCE: the code alone, without the verifier only we hold, is refused.
    const stolen = await fetch(idp.env.OAUTH2_TOKEN_URL, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`flowmind:${idp.env.OAUTH2_CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: `${TEST_APP_URL}/integrations/callback/oauth2`,
      }),
    });
    expect(stolen.status).toBe(400);

    // That refusal used the code up at the server (codes are single use), so connect again.
    const second = await connect();
    const res = await owner.client.post('/api/integrations/complete', {
      provider: 'oauth2',
      code: second.back.searchParams.get('code'),
      state: second.back.searchParams.get('state'),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.connection).toMatchObject({ provider: 'oauth2', name: 'Grace Hopper', status: 'connected' });
    expect(res.body.connection.scopes).toEqual(expect.arrayContaining(['openid', 'offline_access']));
    const listed = await owner.client.get(`/api/integrations?accountId=${accountId()}`);
    expect(listed.body.providers.find((p: { id: string }) => p.id === 'oauth2')).toMatchObject({
      label: 'Acme ID',
      configured: true,
    });
  });

  it('refreshes at the real server, keeps its rotated refresh token, and asks to reconnect when a spent one is refused', async () => {
    const [connection] = (await owner.client.get(`/api/integrations?accountId=${accountId()}`)).body.connections;
    const first = await tokenFor(connection.id);
    await expireSoon(connection.id);
    const [before] = await server.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.id, connection.id));
    const refreshed = await tokenFor(connection.id);
    expect(refreshed).not.toBe(first);
    // Rotated: the next refresh works only because the new refresh token was stored.
    await expireSoon(connection.id);
    const again = await tokenFor(connection.id);
    expect(again).not.toBe(refreshed);

    // A spent refresh token (as after a lost rotation) gets invalid_grant: the user is told to reconnect.
    await server.db
      .update(integrationConnections)
      .set({ refreshTokenSealed: before?.refreshTokenSealed, expiresAt: new Date(Date.now() + 1000) })
      .where(eq(integrationConnections.id, connection.id));
    await expect(tokenFor(connection.id)).rejects.toThrow('Reconnect Acme ID (Grace Hopper) in Integrations');
    const listed = await owner.client.get(`/api/integrations?accountId=${accountId()}`);
    expect(listed.body.connections[0].status).toBe('needs_reconnect');
  });
});
