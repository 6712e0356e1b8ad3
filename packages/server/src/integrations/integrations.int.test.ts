import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections, integrationOauthStates } from '../db/schema-integrations';
import { type SlackServer, startSlackServer } from '../test/slack-server';
import {
  businessAccountWithMember,
  signUpVerified,
  startTestServer,
  TEST_APP_URL,
  type TestServer,
} from '../test/test-server';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let slack: SlackServer;
let server: TestServer;
let second: TestServer;
let owner: Member;
let stranger: Member;

beforeAll(async () => {
  slack = await startSlackServer({ clientId: '1111.2222', clientSecret: 'slack-client-secret-9f8e' });
  server = await startTestServer(slack.env);
  // A second api process on the same database: the refresh must happen once across both.
  second = await startTestServer(slack.env, { shareWith: server, worker: false });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
  await slack?.close();
});

const accountOf = (member: Member) => member.user.personalAccountId;

async function startConnect(member: Member, accountId = accountOf(member), returnTo = '/integrations') {
  const res = await member.client.post('/api/integrations/slack/connect', { accountId, returnTo });
  expect(res.status, res.text).toBe(200);
  return new URL(res.body.authorizeUrl);
}

/** The browser's trip to Slack's consent page: where Slack sends it back. */
async function consent(authorizeUrl: URL) {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  return { back, code: back.searchParams.get('code'), state: back.searchParams.get('state') ?? '' };
}

async function connect(member: Member, accountId = accountOf(member)) {
  const { code, state } = await consent(await startConnect(member, accountId));
  const res = await member.client.post('/api/integrations/complete', { provider: 'slack', code, state });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('connecting Slack', () => {
  it('lists Slack as configured, with the redirect URI to register, and no connections yet', async () => {
    const res = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      providers: [
        expect.objectContaining({
          id: 'slack',
          configured: true,
          missing: [],
          redirectUri: `${TEST_APP_URL}/integrations/callback/slack`,
        }),
        expect.objectContaining({
          id: 'notion',
          configured: false,
          missing: ['NOTION_CLIENT_ID', 'NOTION_CLIENT_SECRET'],
          redirectUri: `${TEST_APP_URL}/integrations/callback/notion`,
        }),
        expect.objectContaining({
          id: 'google',
          label: 'Google Calendar',
          configured: false,
          missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
          redirectUri: `${TEST_APP_URL}/integrations/callback/google`,
        }),
        expect.objectContaining({
          id: 'twitter',
          label: 'X',
          configured: false,
          missing: ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
          redirectUri: `${TEST_APP_URL}/integrations/callback/twitter`,
        }),
        expect.objectContaining({
          id: 'linkedin',
          label: 'LinkedIn',
          configured: false,
          missing: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
          redirectUri: `${TEST_APP_URL}/integrations/callback/linkedin`,
        }),
        // The operator's own OAuth 2.0 server comes after the named services.
        expect.objectContaining({
          id: 'oauth2',
          configured: false,
          missing: ['OAUTH2_CLIENT_ID', 'OAUTH2_CLIENT_SECRET', 'OAUTH2_AUTHORIZE_URL', 'OAUTH2_TOKEN_URL'],
        }),
      ],
      connections: [],
      canManage: true,
    });
  });

  it('sends a state and an S256 challenge, trades the code with the verifier and client auth, and keeps the workspace', async () => {
    const authorizeUrl = await startConnect(owner, accountOf(owner), '/flows');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(slack.env.SLACK_AUTHORIZE_URL);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/integrations/callback/slack`);
    const { back, code, state } = await consent(authorizeUrl);
    expect(back.pathname).toBe('/integrations/callback/slack');

    const before = slack.tokenRequests.length;
    const res = await owner.client.post('/api/integrations/complete', { provider: 'slack', code, state });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      accountId: accountOf(owner),
      returnTo: '/flows',
      connection: { provider: 'slack', name: 'Acme', status: 'connected', createdBy: { name: 'Ada' } },
    });
    const sent = slack.tokenRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.form).toMatchObject({ grant_type: 'authorization_code', code });
    expect(sent[0]?.form.code_verifier).toMatch(/^[\w-]{43}$/);
    expect(sent[0]?.authorization).toMatch(/^Basic /);

    const [stored] = await server.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.id, res.body.connection.id));
    // Sealed at rest: no token the server handed out appears in the row.
    for (const token of slack.accessTokens) expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.accessTokenSealed).toMatch(/^v1\./);
    expect(stored?.refreshTokenSealed).toMatch(/^v1\./);

    const listed = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(listed.body.connections).toHaveLength(1);
    for (const token of slack.accessTokens) expect(listed.text).not.toContain(token);
    expect(listed.text).not.toMatch(/xoxe|xoxb|sealed/i);
  });

  it('takes a state once: the second callback with it is refused, and nothing more is saved', async () => {
    const { code, state } = await consent(await startConnect(owner));
    expect((await owner.client.post('/api/integrations/complete', { provider: 'slack', code, state })).status).toBe(
      200,
    );
    const again = await owner.client.post('/api/integrations/complete', { provider: 'slack', code, state });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This connection attempt was already used. Start again from Integrations.');
    // Connecting the same workspace again reconnected it: still one connection.
    const listed = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(listed.body.connections).toHaveLength(1);
  });

  it('refuses an expired state, and another user’s state', async () => {
    const expired = await consent(await startConnect(owner));
    await server.db
      .update(integrationOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationOauthStates.state, expired.state));
    const late = await owner.client.post('/api/integrations/complete', { provider: 'slack', ...expired });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toMatch(/expired after 10 minutes/);

    const ownersAttempt = await consent(await startConnect(owner));
    const stolen = await stranger.client.post('/api/integrations/complete', { provider: 'slack', ...ownersAttempt });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.message).toMatch(/started by someone else/);
    // The owner's attempt was not spent by the refusal.
    const own = await owner.client.post('/api/integrations/complete', { provider: 'slack', ...ownersAttempt });
    expect(own.status).toBe(200);
  });

  it('says in words what went wrong when Slack refuses the code, never the protocol’s text', async () => {
    const { state } = await consent(await startConnect(owner));
    const res = await owner.client.post('/api/integrations/complete', { provider: 'slack', code: 'made-up', state });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Slack did not accept the authorization: it expired or was already used. Connect again.',
    );
  });

  it('refuses a returnTo of another site (an open redirect), naming the field', async () => {
    const res = await owner.client.post('/api/integrations/slack/connect', {
      accountId: accountOf(owner),
      returnTo: '//evil.example/steal',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('returnTo');
  });

  it('hides another account’s connections and refuses to start one there', async () => {
    const [connection] = (await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`)).body.connections;
    expect((await stranger.client.get(`/api/integrations?accountId=${accountOf(owner)}`)).status).toBe(404);
    expect(
      (await stranger.client.post('/api/integrations/slack/connect', { accountId: accountOf(owner) })).status,
    ).toBe(404);
    expect((await stranger.client.patch(`/api/integrations/connections/${connection.id}`, { name: 'X' })).status).toBe(
      404,
    );
    expect((await stranger.client.delete(`/api/integrations/connections/${connection.id}`)).status).toBe(404);
    await expect(
      second.services.integrations.tokenFor({ accountId: accountOf(stranger), connectionId: connection.id }),
    ).rejects.toThrow('Connection not found');
  });

  it('lets members see connections; only owners and admins connect, rename and disconnect', async () => {
    const { accountId, colleague } = await businessAccountWithMember(server, owner, {
      name: 'Acme Inc',
      handle: 'acme-inc',
      member: { name: 'Kai', email: 'kai@example.com' },
    });
    const { connection } = await connect(owner, accountId);
    const seen = await colleague.client.get(`/api/integrations?accountId=${accountId}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ canManage: false, connections: [{ id: connection.id, name: 'Acme' }] });
    expect((await colleague.client.post('/api/integrations/slack/connect', { accountId })).status).toBe(403);
    expect((await colleague.client.patch(`/api/integrations/connections/${connection.id}`, { name: 'X' })).status).toBe(
      403,
    );
    expect((await colleague.client.delete(`/api/integrations/connections/${connection.id}`)).status).toBe(403);

    const renamed = await owner.client.patch(`/api/integrations/connections/${connection.id}`, { name: ' Acme HQ ' });
    expect(renamed.body.name).toBe('Acme HQ');
    const blank = await owner.client.patch(`/api/integrations/connections/${connection.id}`, { name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.field).toBe('name');
    const token = await server.services.integrations.tokenFor({ accountId, connectionId: connection.id });
    expect((await owner.client.delete(`/api/integrations/connections/${connection.id}`)).status).toBe(204);
    // Disconnecting revokes the token at Slack too, not only here.
    expect(slack.revoked).toContain(token);
    expect(slack.accessTokens.has(token)).toBe(false);
    expect((await colleague.client.get(`/api/integrations?accountId=${accountId}`)).body.connections).toEqual([]);
  });
});

describe('tokens of a connection', () => {
  it('uses a token far from expiry as it is, without asking Slack', async () => {
    const { connection } = await connect(owner);
    const before = slack.tokenRequests.length;
    const token = await server.services.integrations.tokenFor({
      accountId: accountOf(owner),
      connectionId: connection.id,
    });
    expect(slack.accessTokens.has(token)).toBe(true);
    expect(slack.tokenRequests.length).toBe(before);
  });

  it('refreshes once for 20 concurrent callers on two processes, and stores the rotated refresh token', async () => {
    // A token that expires within the refresh margin: every caller finds it due for refreshing.
    slack.setExpiresIn(60);
    const { connection } = await connect(owner);
    slack.setExpiresIn(43_200);
    const before = slack.tokenRequests.length;
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? second : server).services.integrations.tokenFor({
          accountId: accountOf(owner),
          connectionId: connection.id,
        }),
      ),
    );
    const refreshes = slack.tokenRequests.slice(before);
    expect(refreshes.map((request) => request.form.grant_type)).toEqual(['refresh_token']);
    expect(new Set(tokens).size).toBe(1);
    expect(slack.accessTokens.has(tokens[0] as string)).toBe(true);
    // The rotated refresh token was kept: the old one is spent at Slack, yet refreshing works again.
    await server.db
      .update(integrationConnections)
      .set({ expiresAt: new Date(Date.now() + 1000) })
      .where(eq(integrationConnections.id, connection.id));
    const next = await server.services.integrations.tokenFor({
      accountId: accountOf(owner),
      connectionId: connection.id,
    });
    expect(next).not.toBe(tokens[0]);
    expect(slack.tokenRequests.length).toBe(before + 2);
  });

  it('marks a connection whose refresh token Slack no longer accepts as needing a reconnect', async () => {
    slack.setExpiresIn(60);
    const { connection } = await connect(owner);
    slack.setExpiresIn(43_200);
    slack.revokeAll();
    const use = () =>
      server.services.integrations.tokenFor({ accountId: accountOf(owner), connectionId: connection.id });
    await expect(use()).rejects.toThrow('Reconnect Slack (Acme) in Integrations');
    const listed = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(listed.body.connections.find((c: { id: string }) => c.id === connection.id).status).toBe('needs_reconnect');
    // Later callers get the same message without asking Slack again.
    const before = slack.tokenRequests.length;
    await expect(use()).rejects.toThrow('Reconnect Slack (Acme) in Integrations');
    expect(slack.tokenRequests.length).toBe(before);
    // Connecting again brings it back.
    await connect(owner);
    const after = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(after.body.connections.find((c: { id: string }) => c.id === connection.id).status).toBe('connected');
  });
});

describe('an unconfigured server', () => {
  it('says which variables to set and refuses to start a connection', async () => {
    const bare = await startTestServer({}, { shareWith: server, worker: false });
    try {
      const listed = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
      expect(listed.status).toBe(200);
      const client = bare.client();
      // The same user's session cookie belongs to the first server's client; sign in anew here.
      const res = await client.post('/api/auth/sign-in/email', {
        email: 'ada@example.com',
        password: 'correct horse battery',
      });
      expect(res.status, res.text).toBe(200);
      const info = await client.get(`/api/integrations?accountId=${accountOf(owner)}`);
      expect(info.body.providers[0]).toMatchObject({
        configured: false,
        missing: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
        redirectUri: `${TEST_APP_URL}/integrations/callback/slack`,
      });
      const refused = await client.post('/api/integrations/slack/connect', { accountId: accountOf(owner) });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe('Slack is not configured on this server');
    } finally {
      await bare.close();
    }
  });
});
