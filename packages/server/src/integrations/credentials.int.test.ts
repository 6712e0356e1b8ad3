import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../db/schema-integrations';
import { startMcpServer, type TestMcpServer } from '../test/mcp-server';
import { businessAccountWithMember, signUpVerified, startTestServer, type TestServer } from '../test/test-server';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let mcp: TestMcpServer;
let server: TestServer;
let owner: Member;
let stranger: Member;

const MCP_TOKEN = 'mcp-token-5d1f0c';

beforeAll(async () => {
  mcp = await startMcpServer({ token: MCP_TOKEN });
  // Only the MCP server's own port is opened: other local ports stay refused.
  server = await startTestServer({ FLOWMIND_HTTP_ALLOW_HOSTS: new URL(mcp.url).host });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await server?.close();
  await mcp?.close();
});

const accountOf = (member: Member) => member.user.personalAccountId;

async function create(member: Member, body: Record<string, unknown>, accountId = accountOf(member)) {
  return member.client.post('/api/integrations/credentials', { accountId, ...body });
}

async function sealedOf(connectionId: string) {
  const [row] = await server.db
    .select()
    .from(integrationConnections)
    .where(eq(integrationConnections.id, connectionId));
  return row;
}

describe('credential connections', () => {
  it('keeps an API key sealed and sends back only its name and where it goes', async () => {
    const res = await create(owner, {
      kind: 'api_key',
      name: 'Weather API',
      placement: 'header',
      paramName: 'X-Api-Key',
      key: 'wk-secret-77aa',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      provider: 'api_key',
      name: 'Weather API',
      status: 'connected',
      settings: { placement: 'header', paramName: 'X-Api-Key' },
      createdBy: { id: owner.user.id, name: 'Ada' },
    });
    expect(res.text).not.toContain('wk-secret-77aa');
    const listed = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(listed.text).not.toContain('wk-secret-77aa');
    expect(listed.body.connections.map((c: { name: string }) => c.name)).toContain('Weather API');
    const row = await sealedOf(res.body.id);
    expect(row?.accessTokenSealed).toMatch(/^v1\./);
    expect(row?.accessTokenSealed).not.toContain('wk-secret');
  });

  it('has no provider Test: a 400 that says so, never its secret', async () => {
    const res = await create(owner, { kind: 'bearer', name: 'Status page', token: 'bt-secret-41' });
    const test = await owner.client.post(`/api/integrations/connections/${res.body.id}/test`);
    expect(test.status).toBe(400);
    expect(test.body.error.message).toBe('Bearer token connections have no test: use one in a step');
    expect(test.text).not.toContain('bt-secret-41');
  });

  it('names the field of a bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'api_key', name: 'K', placement: 'header', paramName: 'X-Key', key: '' }, 'key'],
      [{ kind: 'api_key', name: 'K', placement: 'header', paramName: 'X Key', key: 'k' }, 'paramName'],
      [{ kind: 'api_key', name: 'K', placement: 'cookie', paramName: 'k', key: 'k' }, 'placement'],
      [{ kind: 'bearer', name: ' ', token: 't' }, 'name'],
      [{ kind: 'basic', name: 'B', username: 'a:b', password: 'p' }, 'username'],
      [{ kind: 'mcp', name: 'M', url: 'ftp://example.com' }, 'url'],
      [{ kind: 'ssh', name: 'S' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await create(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('replaces a secret of the same kind, and refuses another kind', async () => {
    const { body: created } = await create(owner, { kind: 'bearer', name: 'CRM', token: 'first-token-1' });
    const before = (await sealedOf(created.id))?.accessTokenSealed;
    const replaced = await owner.client.request('PUT', `/api/integrations/connections/${created.id}/secret`, {
      kind: 'bearer',
      token: 'second-token-2',
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.text).not.toContain('second-token-2');
    expect((await sealedOf(created.id))?.accessTokenSealed).not.toBe(before);
    const auth = await server.services.credentials.forAccount(accountOf(owner)).requestAuth(created.id);
    expect(auth.headers).toEqual({ authorization: 'Bearer second-token-2' });
    const wrongKind = await owner.client.request('PUT', `/api/integrations/connections/${created.id}/secret`, {
      kind: 'basic',
      username: 'u',
      password: 'p',
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error).toMatchObject({ field: 'kind', message: 'This connection is a Bearer token' });
  });

  it('signs requests as each kind says', async () => {
    const connections = server.services.credentials.forAccount(accountOf(owner));
    const { body: query } = await create(owner, {
      kind: 'api_key',
      name: 'Maps',
      placement: 'query',
      paramName: 'api_key',
      key: 'mk-1',
    });
    expect(await connections.requestAuth(query.id)).toEqual({
      headers: {},
      query: [['api_key', 'mk-1']],
      secrets: ['mk-1'],
    });
    const { body: basic } = await create(owner, { kind: 'basic', name: 'Legacy', username: 'ada', password: 'pw 1' });
    const auth = await connections.requestAuth(basic.id);
    expect(auth.headers).toEqual({ authorization: `Basic ${Buffer.from('ada:pw 1').toString('base64')}` });
    expect(auth.secrets).toContain('pw 1');
  });

  it('lets members see credentials but only owners and admins add, replace, rename or remove them', async () => {
    const { accountId, colleague } = await businessAccountWithMember(server, owner, {
      name: 'Acme Inc',
      handle: 'acme-inc',
      member: { name: 'Kai', email: 'kai@example.com' },
    });
    const refused = await create(colleague, { kind: 'bearer', name: 'Mine', token: 't' }, accountId);
    expect(refused.status).toBe(403);
    const { body: shared } = await create(owner, { kind: 'bearer', name: 'Shared', token: 'shared-t' }, accountId);
    const seen = await colleague.client.get(`/api/integrations?accountId=${accountId}`);
    expect(seen.body.connections.map((c: { name: string }) => c.name)).toEqual(['Shared']);
    expect(seen.body.canManage).toBe(false);
    const replace = await colleague.client.request('PUT', `/api/integrations/connections/${shared.id}/secret`, {
      kind: 'bearer',
      token: 'mine',
    });
    expect(replace.status).toBe(403);
    expect((await colleague.client.delete(`/api/integrations/connections/${shared.id}`)).status).toBe(403);
    expect(
      (await owner.client.patch(`/api/integrations/connections/${shared.id}`, { name: 'Shared CRM' })).status,
    ).toBe(200);
    expect((await owner.client.delete(`/api/integrations/connections/${shared.id}`)).status).toBe(204);
  });

  it("does not let another account's user add to, read or use an account's credentials", async () => {
    const res = await create(stranger, { kind: 'bearer', name: 'Sneaky', token: 't' }, accountOf(owner));
    expect(res.status).toBe(404);
    const { body: own } = await create(owner, { kind: 'bearer', name: 'Private', token: 'owners-token' });
    const replace = await stranger.client.request('PUT', `/api/integrations/connections/${own.id}/secret`, {
      kind: 'bearer',
      token: 'x',
    });
    expect(replace.status).toBe(404);
    expect((await stranger.client.get(`/api/integrations/connections/${own.id}/tools`)).status).toBe(404);
    // A flow of another account naming this id finds nothing.
    await expect(server.services.credentials.forAccount(accountOf(stranger)).requestAuth(own.id)).rejects.toThrow(
      'The chosen connection is not one of this account’s',
    );
  });
});

describe('credentials in flows', () => {
  const httpFlow = async (member: Member, credential: string) => {
    const graph = {
      nodes: [
        { id: 'start', type: 'trigger.manual', name: 'Manual trigger', position: { x: 0, y: 0 }, params: {} },
        {
          id: 'call',
          type: 'http.request',
          name: 'Call the API',
          position: { x: 300, y: 0 },
          params: { method: 'GET', url: 'https://api.example.com/v1/items', credential },
        },
      ],
      edges: [{ id: 'e1', source: 'start', target: 'call', sourceHandle: 'main', targetHandle: 'main' }],
    };
    const created = await member.client.post('/api/flows', { accountId: accountOf(member), name: 'Items', graph });
    expect(created.status, created.text).toBe(201);
    return {
      id: created.body.id as string,
      publish: () => member.client.post(`/api/flows/${created.body.id}/publish`, {}),
    };
  };

  it('publishes only with a credential of the account, of a kind the step takes, and lists the flow as its user', async () => {
    const { body: strangers } = await create(stranger, { kind: 'bearer', name: 'Theirs', token: 'strangers-token' });
    const borrowed = await (await httpFlow(owner, strangers.id)).publish();
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.error).toMatchObject({
      field: 'graph.nodes.1.params.credential',
      message: 'Call the API: choose a connection of this account for “Credential”',
    });
    expect(borrowed.text).not.toContain('Theirs');
    // An MCP server is the account's own, but not a credential an HTTP request signs with.
    const { body: mcpServer } = await create(owner, { kind: 'mcp', name: 'Tools', url: mcp.url, token: MCP_TOKEN });
    expect((await (await httpFlow(owner, mcpServer.id)).publish()).status).toBe(400);
    const { body: own } = await create(owner, { kind: 'bearer', name: 'Items API', token: 'items-token' });
    const flow = await httpFlow(owner, own.id);
    const published = await flow.publish();
    expect(published.status, published.text).toBe(200);
    const listed = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    const connection = listed.body.connections.find((c: { id: string }) => c.id === own.id);
    expect(connection.usedBy.flows).toEqual([{ id: flow.id, name: 'Items' }]);
  });
});

describe('MCP server connections', () => {
  it('lists the tools of the server, with whether each only reads', async () => {
    const created = await create(owner, { kind: 'mcp', name: 'Orders', url: mcp.url, token: MCP_TOKEN });
    expect(created.status, created.text).toBe(200);
    expect(created.body.settings).toEqual({ url: mcp.url });
    expect(created.text).not.toContain(MCP_TOKEN);
    const tools = await owner.client.get(`/api/integrations/connections/${created.body.id}/tools`);
    expect(tools.status, tools.text).toBe(200);
    expect(tools.body.tools.map((t: { name: string; readOnly: boolean }) => [t.name, t.readOnly])).toEqual([
      ['lookup_order', true],
      ['create_ticket', false],
      ['always_fails', true],
    ]);
    expect(tools.body.tools[0]).toMatchObject({
      title: 'Look up an order',
      description: 'Find an order by its id and tell its status',
      inputSchema: expect.objectContaining({ properties: { orderId: { type: 'string' } } }),
    });
  });

  it('says the server refused the token, without a stack', async () => {
    const { body } = await create(owner, { kind: 'mcp', name: 'Orders (old token)', url: mcp.url, token: 'stale' });
    const tools = await owner.client.get(`/api/integrations/connections/${body.id}/tools`);
    expect(tools.status).toBe(400);
    expect(tools.body.error.message).toBe(
      `The MCP server at ${new URL(mcp.url).host} refused the token (HTTP 401). Replace the token of this connection in Integrations.`,
    );
  });

  it('refuses a private address the operator has not allowed', async () => {
    const res = await create(owner, { kind: 'mcp', name: 'Local', url: 'http://127.0.0.1:9/mcp' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      field: 'url',
      message:
        "127.0.0.1:9 is a private address. The server's operator can allow it with FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:9.",
    });
  });
});
