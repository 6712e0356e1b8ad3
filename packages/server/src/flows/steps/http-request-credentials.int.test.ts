import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { waitFor } from '../../test/wait';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let server: TestServer;
let owner: Member;
let stranger: Member;
let api: Server;
let apiUrl: string;
const received: { url: string; headers: IncomingHttpHeaders }[] = [];

const KEY = 'wk-live-8c1e2f0a';
const QUERY_KEY = 'qk-live-44b9';

beforeAll(async () => {
  // An API that echoes what it got (as debugging endpoints do), and refuses a wrong key naming it.
  api = createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/refuse')) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: `key ${req.headers['x-api-key']} is not allowed` }));
      return;
    }
    res.end(JSON.stringify({ url: req.url, headers: req.headers }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  server = await startTestServer({ FLOWMIND_HTTP_ALLOW_HOSTS: new URL(apiUrl).host });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => api?.close(resolve));
});

async function credential(member: Member, body: Record<string, unknown>) {
  const res = await member.client.post('/api/integrations/credentials', {
    accountId: member.user.personalAccountId,
    ...body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

/** Publishes manual trigger → HTTP request with `params`, runs it and returns the finished execution as sent to the browser. */
async function run(member: Member, params: Record<string, unknown>) {
  const graph = {
    nodes: [
      { id: 't', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} },
      { id: 'call', type: 'http.request', name: 'Call', position: { x: 300, y: 0 }, params },
    ],
    edges: [{ id: 'e1', source: 't', target: 'call', sourceHandle: 'main', targetHandle: 'main' }],
  };
  const created = await member.client.post('/api/flows', {
    accountId: member.user.personalAccountId,
    name: 'Signed call',
    graph,
  });
  expect(created.status, created.text).toBe(201);
  // Publishing refuses a connection the account may not use; the draft still runs, and the step must refuse it too.
  const publish = await member.client.post(`/api/flows/${created.body.id}/publish`, {});
  const started = await member.client.post(`/api/flows/${created.body.id}/run`, {});
  expect(started.status, started.text).toBe(201);
  const done = await waitFor(
    () => member.client.get(`/api/executions/${started.body.id}`),
    (res) => ['succeeded', 'failed'].includes(res.body?.status),
  );
  const step = done.body.steps.find((s: { nodeId: string }) => s.nodeId === 'call');
  return { text: done.text, status: done.body.status as string, step, published: publish.status };
}

describe('the HTTP request step with a credential', () => {
  it('sends an API key header, and saves no trace of it even when the API echoes it', async () => {
    const id = await credential(owner, {
      kind: 'api_key',
      name: 'Weather',
      placement: 'header',
      paramName: 'X-Api-Key',
      key: KEY,
    });
    const before = received.length;
    const { text, status, step } = await run(owner, { url: `${apiUrl}/weather`, credential: id });
    expect(status).toBe('succeeded');
    expect(received.slice(before).map((r) => r.headers['x-api-key'])).toEqual([KEY]);
    expect(step.output.main[0].body.headers['x-api-key']).toBe('[secret]');
    expect(text).not.toContain(KEY);
  });

  it('sends a key as a query parameter, shown nowhere in the execution', async () => {
    const id = await credential(owner, {
      kind: 'api_key',
      name: 'Maps',
      placement: 'query',
      paramName: 'key',
      key: QUERY_KEY,
    });
    const before = received.length;
    const { text, status, step } = await run(owner, {
      url: `${apiUrl}/maps?q=paris`,
      credential: id,
    });
    expect(status).toBe('succeeded');
    expect(received.slice(before).map((r) => r.url)).toEqual([`/maps?q=paris&key=${QUERY_KEY}`]);
    expect(step.logs.map((l: { message: string }) => l.message).join('\n')).toContain('GET http://127.0.0.1');
    expect(text).not.toContain(QUERY_KEY);
  });

  it('sends bearer and basic credentials as Authorization', async () => {
    const bearer = await credential(owner, { kind: 'bearer', name: 'CRM', token: 'crm-token-31' });
    const basic = await credential(owner, { kind: 'basic', name: 'Legacy', username: 'ada', password: 'pw-77' });
    const before = received.length;
    const first = await run(owner, { url: `${apiUrl}/crm`, credential: bearer });
    const second = await run(owner, { url: `${apiUrl}/legacy`, credential: basic });
    expect([first.status, second.status]).toEqual(['succeeded', 'succeeded']);
    expect(received.slice(before).map((r) => r.headers.authorization)).toEqual([
      'Bearer crm-token-31',
      `Basic ${Buffer.from('ada:pw-77').toString('base64')}`,
    ]);
    expect(first.text).not.toContain('crm-token-31');
    expect(second.text).not.toContain('pw-77');
    expect(second.text).not.toContain(Buffer.from('ada:pw-77').toString('base64'));
  });

  it('keeps the key out of the error when the API quotes it back', async () => {
    const id = await credential(owner, {
      kind: 'api_key',
      name: 'Refusing',
      placement: 'header',
      paramName: 'X-Api-Key',
      key: KEY,
    });
    const { text, status, step } = await run(owner, { url: `${apiUrl}/refuse`, credential: id });
    expect(status).toBe('failed');
    expect(step.error).toBe('The server answered 401 Unauthorized: {"error":"key [secret] is not allowed"}');
    expect(text).not.toContain(KEY);
  });

  it("fails a flow naming another account's connection, without sending its secret", async () => {
    const owners = await credential(owner, { kind: 'bearer', name: 'Owner only', token: 'owner-only-token-9' });
    const before = received.length;
    const { status, step, published } = await run(stranger, { url: `${apiUrl}/steal`, credential: owners });
    expect(published).toBe(400);
    expect(status).toBe('failed');
    expect(step.error).toBe(
      'The chosen connection is not one of this account’s: choose another in Integrations or in the step',
    );
    expect(received.slice(before)).toEqual([]);
  });

  it('refuses a connection that cannot sign requests', async () => {
    const mcp = await credential(owner, { kind: 'mcp', name: 'Tools', url: 'https://mcp.example.com/mcp' });
    const { status, step, published } = await run(owner, { url: `${apiUrl}/x`, credential: mcp });
    expect(published).toBe(400);
    expect(status).toBe('failed');
    expect(step.error).toBe(
      '"Tools" cannot sign HTTP requests: choose an API key, bearer token, basic auth or OAuth 2.0 connection',
    );
  });
});
