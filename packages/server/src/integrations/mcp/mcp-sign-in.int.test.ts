import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../ai/secret-box';
import { integrationConnections } from '../../db/schema-integrations';
import { startMcpOAuthServer, type TestMcpOAuthServer } from '../../test/mcp-oauth-server';
import {
  businessAccountWithMember,
  signUpVerified,
  startTestServer,
  TEST_APP_URL,
  TEST_SECRET,
  type TestServer,
} from '../../test/test-server';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

const REDIRECT = `${TEST_APP_URL}/integrations/callback/mcp`;
let mcp: TestMcpOAuthServer;
let server: TestServer;
let owner: Member;
let stranger: Member;

beforeAll(async () => {
  mcp = await startMcpOAuthServer();
  server = await startTestServer({
    FLOWMIND_HTTP_ALLOW_HOSTS: `${new URL(mcp.url).host},${new URL(mcp.issuer).host}`,
  });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Eve', email: 'eve@example.com' });
});
afterAll(async () => {
  await server?.close();
  await mcp?.close();
});

const accountId = () => owner.user.personalAccountId;

/** The browser's part after a start: the consent page, then the callback page's call. */
async function consentAndComplete(who: Member, authorizeUrl: string) {
  const back = await mcp.consent(authorizeUrl, REDIRECT);
  return who.client.post('/api/integrations/complete', {
    provider: 'mcp',
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
}

async function signIn(name = 'Orders') {
  const started = await owner.client.post('/api/integrations/mcp/connect', {
    accountId: accountId(),
    name,
    url: mcp.url,
  });
  expect(started.status, started.text).toBe(200);
  const done = await consentAndComplete(owner, started.body.authorizeUrl);
  expect(done.status, done.text).toBe(200);
  return done.body.connection as { id: string; name: string; status: string; settings: Record<string, unknown> };
}

const tools = (who: Member, connectionId: string) =>
  who.client.get(`/api/integrations/connections/${connectionId}/tools`);

const expireSoon = (connectionId: string) =>
  server.db
    .update(integrationConnections)
    .set({ expiresAt: new Date(Date.now() + 1000) })
    .where(eq(integrationConnections.id, connectionId));

describe('an MCP server signed in to with OAuth', () => {
  it('signs in with PKCE and a token bound to the server, and lists its tools with that token', async () => {
    const started = await owner.client.post('/api/integrations/mcp/connect', {
      accountId: accountId(),
      name: 'Orders',
      url: mcp.url,
      returnTo: '/flows/abc',
    });
    expect(started.status, started.text).toBe(200);
    const asked = new URL(started.body.authorizeUrl);
    expect(asked.origin).toBe(mcp.issuer);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('resource')).toBe(mcp.url);
    expect(asked.searchParams.get('redirect_uri')).toBe(REDIRECT);
    const done = await consentAndComplete(owner, started.body.authorizeUrl);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ accountId: accountId(), returnTo: '/flows/abc' });
    // What the browser sees: the URL and how it signs in; the client and server metadata stay on the server.
    expect(done.body.connection).toMatchObject({ provider: 'mcp', name: 'Orders', status: 'connected' });
    expect(done.body.connection.settings).toEqual({ url: mcp.url, auth: 'oauth' });
    expect(JSON.stringify(done.body)).not.toMatch(/client_id|token_endpoint/);

    const listed = await tools(owner, done.body.connection.id);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.tools.map((tool: { name: string }) => tool.name)).toContain('lookup_order');
    expect(mcp.tokenRequests()).toBe(1);
  });

  it('refuses bad input at its field, members who do not manage the account, and other accounts', async () => {
    const bad = await owner.client.post('/api/integrations/mcp/connect', {
      accountId: accountId(),
      name: 'X',
      url: 'ftp://x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('url');
    const noName = await owner.client.post('/api/integrations/mcp/connect', {
      accountId: accountId(),
      name: ' ',
      url: mcp.url,
    });
    expect(noName.body.error.field).toBe('name');
    const elsewhere = await stranger.client.post('/api/integrations/mcp/connect', {
      accountId: accountId(),
      name: 'Mine',
      url: mcp.url,
    });
    expect(elsewhere.status).toBe(404);
    const { accountId: business, colleague } = await businessAccountWithMember(server, owner, {
      name: 'Acme Inc',
      handle: 'acme-mcp',
      member: { name: 'Kai', email: 'kai-mcp@example.com' },
    });
    const asMember = await colleague.client.post('/api/integrations/mcp/connect', {
      accountId: business,
      name: 'Orders',
      url: mcp.url,
    });
    expect(asMember.status).toBe(403);
    // A server that does not ask to sign in is not an OAuth server: added with a token instead.
    const open = await owner.client.post('/api/integrations/mcp/connect', {
      accountId: accountId(),
      name: 'Open',
      url: `${mcp.issuer}/nothing-here`,
    });
    expect(open.status).toBe(400);
    expect(open.body.error).toMatchObject({ field: 'url', message: expect.stringMatching(/did not ask to sign in/) });

    const connection = await signIn('Orders (Ada)');
    expect((await stranger.client.post(`/api/integrations/connections/${connection.id}/reconnect`, {})).status).toBe(
      404,
    );
    expect((await tools(stranger, connection.id)).status).toBe(404);
    // Its token is the sign-in's: a secret cannot be typed over it.
    const replaced = await owner.client.request('PUT', `/api/integrations/connections/${connection.id}/secret`, {
      kind: 'mcp',
      url: mcp.url,
      token: 'typed',
    });
    expect(replaced.status).toBe(400);
    expect(replaced.body.error.message).toMatch(/reconnect it instead/);
  });

  it('a state is single use and another user cannot finish it', async () => {
    const started = await owner.client.post('/api/integrations/mcp/connect', {
      accountId: accountId(),
      name: 'Once',
      url: mcp.url,
    });
    const back = await mcp.consent(started.body.authorizeUrl, REDIRECT);
    const input = { provider: 'mcp', code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    const theirs = await stranger.client.post('/api/integrations/complete', input);
    expect(theirs.status).toBe(400);
    expect(theirs.body.error.field).toBe('state');
    expect((await owner.client.post('/api/integrations/complete', input)).status).toBe(200);
    const again = await owner.client.post('/api/integrations/complete', input);
    expect(again.body.error.message).toMatch(/already used/);
  });

  it('refreshes an expiring token once for concurrent callers, and a refused token once more', async () => {
    const connection = await signIn('Orders (refresh)');
    await expireSoon(connection.id);
    const before = mcp.tokenRequests();
    const answers = await Promise.all(Array.from({ length: 6 }, () => tools(owner, connection.id)));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(mcp.tokenRequests() - before).toBe(1);

    // The server stops taking the access token before its time; its refresh token still works.
    await mcp.revoke({ refreshTokens: false });
    const after = await tools(owner, connection.id);
    expect(after.status, after.text).toBe(200);
    expect(mcp.tokenRequests() - before).toBe(2);
  });

  it('a grant revoked at the server asks to reconnect, and reconnecting keeps the connection', async () => {
    const connection = await signIn('Support desk');
    await mcp.revoke({ refreshTokens: true });
    const refused = await tools(owner, connection.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Reconnect MCP server (Support desk) in Integrations');
    const listed = await owner.client.get(`/api/integrations?accountId=${accountId()}`);
    const row = listed.body.connections.find((c: { id: string }) => c.id === connection.id);
    expect(row.status).toBe('needs_reconnect');

    const again = await owner.client.post(`/api/integrations/connections/${connection.id}/reconnect`, {});
    expect(again.status, again.text).toBe(200);
    const done = await consentAndComplete(owner, again.body.authorizeUrl);
    expect(done.status, done.text).toBe(200);
    expect(done.body.connection).toMatchObject({ id: connection.id, name: 'Support desk', status: 'connected' });
    expect((await tools(owner, connection.id)).status).toBe(200);
  });

  it('disconnecting revokes the grant at the authorization server', async () => {
    const connection = await signIn('Short-lived');
    const [row] = await server.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.id, connection.id));
    const before = mcp.revocations();
    const removed = await owner.client.delete(`/api/integrations/connections/${connection.id}`);
    expect(removed.status).toBe(204);
    expect(mcp.revocations()).toBe(before + 1);
    // The server forgot the grant: its sealed refresh token no longer works there.
    const refresh = row?.refreshTokenSealed
      ? createSecretBox({ secret: TEST_SECRET, purpose: 'integration-token' }).open(row.refreshTokenSealed)
      : '';
    expect(refresh).not.toBe('');
    expect(await mcp.provider.RefreshToken.find(refresh)).toBeUndefined();
  });
});
