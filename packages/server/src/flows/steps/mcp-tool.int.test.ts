import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServer, type TestMcpServer } from '../../test/mcp-server';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { waitFor } from '../../test/wait';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

const TOKEN = 'mcp-step-token-71c0';
let mcp: TestMcpServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let connectionId: string;

beforeAll(async () => {
  mcp = await startMcpServer({ token: TOKEN });
  server = await startTestServer({ FLOWMIND_HTTP_ALLOW_HOSTS: new URL(mcp.url).host });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  const created = await owner.client.post('/api/integrations/credentials', {
    accountId: owner.user.personalAccountId,
    kind: 'mcp',
    name: 'Orders',
    url: mcp.url,
    token: TOKEN,
  });
  expect(created.status, created.text).toBe(200);
  connectionId = created.body.id;
});
afterAll(async () => {
  await server?.close();
  await mcp?.close();
});

async function run(member: Member, params: Record<string, unknown>, sample = '[{}]') {
  const graph = {
    nodes: [
      { id: 't', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: { sample } },
      { id: 'tool', type: 'mcp.tool', name: 'Tool', position: { x: 300, y: 0 }, params },
    ],
    edges: [{ id: 'e1', source: 't', target: 'tool', sourceHandle: 'main', targetHandle: 'main' }],
  };
  const created = await member.client.post('/api/flows', {
    accountId: member.user.personalAccountId,
    name: 'MCP',
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
  return {
    published: publish.status,
    text: done.text,
    status: done.body.status as string,
    step: done.body.steps.find((s: { nodeId: string }) => s.nodeId === 'tool'),
  };
}

describe('the MCP tool step', () => {
  it('calls the tool once per item with its arguments, and outputs the result', async () => {
    const before = mcp.calls.length;
    const { text, status, step } = await run(
      owner,
      { connection: connectionId, tool: 'lookup_order', arguments: '{"orderId": "{{ $json.id }}"}' },
      '[{"id": "A-1"}, {"id": "B-2"}]',
    );
    expect(status, step?.error).toBe('succeeded');
    expect(mcp.calls.slice(before)).toEqual([
      { tool: 'lookup_order', args: { orderId: 'A-1' }, authorization: `Bearer ${TOKEN}` },
      { tool: 'lookup_order', args: { orderId: 'B-2' }, authorization: `Bearer ${TOKEN}` },
    ]);
    expect(step.output.main).toEqual([
      {
        content: [{ type: 'text', text: 'Order A-1: shipped' }],
        text: 'Order A-1: shipped',
        structuredContent: { orderId: 'A-1', status: 'shipped' },
      },
      {
        content: [{ type: 'text', text: 'Order B-2: unknown' }],
        text: 'Order B-2: unknown',
        structuredContent: { orderId: 'B-2', status: 'unknown' },
      },
    ]);
    expect(text).not.toContain(TOKEN);
  });

  it("fails with the tool's own message when it reports an error", async () => {
    const { status, step } = await run(owner, { connection: connectionId, tool: 'always_fails' });
    expect(status).toBe('failed');
    expect(step.error).toBe('The tool always_fails failed: The order service is down');
  });

  it('refuses arguments that are not an object', async () => {
    const { status, step } = await run(owner, { connection: connectionId, tool: 'lookup_order', arguments: '[1]' });
    expect(status).toBe('failed');
    expect(step.error).toBe('The arguments must be a JSON object, such as {"orderId": "A-1"}');
  });

  it("cannot reach another account's MCP server", async () => {
    const before = mcp.calls.length;
    const { status, step, published } = await run(stranger, {
      connection: connectionId,
      tool: 'create_ticket',
      arguments: '{"title": "x"}',
    });
    expect(published).toBe(400);
    expect(status).toBe('failed');
    expect(step.error).toBe(
      'The chosen connection is not one of this account’s: choose another in Integrations or in the step',
    );
    expect(mcp.calls.length).toBe(before);
  });
});
