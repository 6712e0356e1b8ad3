import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionSteps, executions } from '../../db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';

/**
 * Webhook calls of every account are saved together (one batch of the execution writer): bytes
 * one account sends or makes cannot fail another's calls, and nothing saved or answered quotes a
 * query or another account's ids.
 */

let server: TestServer;
let alice: Awaited<ReturnType<typeof signUpVerified>>;
let bob: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpVerified(server, { name: 'Alice', email: 'alice@example.com' });
  bob = await signUpVerified(server, { name: 'Bob', email: 'bob@example.com' });
});
afterAll(() => server.close());

type Node = { id: string; type: string; name: string; params?: Record<string, unknown> };

async function publish(user: typeof alice, nodes: Node[]) {
  const graph = {
    nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })),
    edges: nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: n.id })),
  };
  const created = await user.client.post('/api/flows', {
    accountId: user.user.personalAccountId,
    name: 'Hook',
    graph,
  });
  expect(created.status, created.text).toBe(201);
  const published = await user.client.post(`/api/flows/${created.body.id}/publish`, {});
  expect(published.status, published.text).toBe(200);
  return published.body as { id: string; webhookId: string };
}

async function call(webhookId: string, body: string, contentType = 'application/json') {
  const res = await fetch(`${server.baseUrl}/api/hooks/${webhookId}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : null };
}

async function finished(ids: string[]) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await server.db.select().from(executions).where(inArray(executions.id, ids));
    if (rows.length === ids.length && rows.every((r) => ['succeeded', 'failed', 'cancelled'].includes(r.status)))
      return rows;
    if (Date.now() > deadline) throw new Error(`not finished: ${JSON.stringify(rows.map((r) => r.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhook calls with bad bytes', () => {
  it("one account's NUL bodies get a 400 naming the field while another's concurrent calls are all answered and saved", async () => {
    const echo = await publish(alice, [
      { id: 'w', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
      {
        id: 'r',
        type: 'webhook.respond',
        name: 'Respond',
        params: { bodyType: 'json', json: '{ "n": {{ $node["Webhook"].json.body.n }} }' },
      },
    ]);
    const later = await publish(alice, [{ id: 'w', type: 'trigger.webhook', name: 'Webhook' }]);
    const bobs = await publish(bob, [
      { id: 'w', type: 'trigger.webhook', name: 'Webhook' },
      // A NUL made inside a run, not sent: saved (as U+FFFD) rather than refused.
      { id: 'c', type: 'code', name: 'Nul', params: { code: 'return [{ text: "a" + String.fromCharCode(0) + "b" }]' } },
    ]);

    const numbers = Array.from({ length: 8 }, (_, i) => i + 1);
    const [echoed, queued, refused, bobRun] = await Promise.all([
      Promise.all(numbers.map((n) => call(echo.webhookId, JSON.stringify({ n })))),
      Promise.all(numbers.map((n) => call(later.webhookId, JSON.stringify({ n })))),
      Promise.all([
        call(bobs.webhookId, '{"note":"a\\u0000b"}'),
        call(bobs.webhookId, '{"items":[{"k\\u0000":1}]}'),
        call(bobs.webhookId, '{"note":"\\ud800"}'),
        call(bobs.webhookId, 'nul \u0000 in text', 'text/plain'),
        call(bobs.webhookId, 'note=a%00b', 'application/x-www-form-urlencoded'),
        call(bobs.webhookId, `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
        call(`${bobs.webhookId}/sub%00path`, '{}'),
        call(`${bobs.webhookId}?q=%00`, '{}'),
      ]),
      // Brackets in strings are text, and 100 levels are within bounds.
      call(bobs.webhookId, `{"text":"${'[{'.repeat(500)}","nested":${'['.repeat(100)}${']'.repeat(100)}}`),
    ]);

    expect(echoed.map((r) => [r.status, r.json])).toEqual(numbers.map((n) => [200, { n }]));
    expect(queued.map((r) => r.status)).toEqual(numbers.map(() => 202));
    expect(refused.map((r) => [r.status, r.json?.error?.field])).toEqual([
      [400, 'note'],
      [400, 'items.0.k\ufffd'],
      [400, 'note'],
      [400, 'body'],
      [400, 'note'],
      [400, 'body'],
      [400, 'path'],
      [400, 'q'],
    ]);
    expect(bobRun.status).toBe(202);

    const aliceIds = queued.map((r) => r.json.executionId as string);
    const aliceRows = await finished(aliceIds);
    expect(aliceRows.map((r) => r.status)).toEqual(aliceIds.map(() => 'succeeded'));
    const [bobRow] = await finished([bobRun.json.executionId]);
    expect(bobRow?.status).toBe('succeeded');
    const bobSteps = await server.db
      .select()
      .from(executionSteps)
      .where(inArray(executionSteps.executionId, [bobRun.json.executionId]));
    expect(bobSteps.find((s) => s.nodeId === 'c')?.output).toEqual({ main: [{ text: 'a\ufffdb' }] });

    // Nothing Bob is answered or has saved quotes a query or names Alice's account or executions.
    const leaks = [alice.user.personalAccountId, ...aliceIds];
    const bobSaved = JSON.stringify({ bobRow, bobSteps });
    for (const text of [...refused.map((r) => r.text), bobRun.text, bobSaved]) {
      expect(text).not.toMatch(/insert into|select |Failed query/i);
      for (const id of leaks) expect(text).not.toContain(id);
    }
  });

  it('a run failing on a database error answers and saves its error without the query or its parameters', async () => {
    const table = await bob.client.post('/api/tables', { accountId: bob.user.personalAccountId, name: 'People' });
    // A new table has a Name field.
    expect(table.status, table.text).toBe(201);
    const hook = await publish(bob, [
      { id: 'w', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
      { id: 'c', type: 'code', name: 'Nul', params: { code: 'return [{ text: "a" + String.fromCharCode(0) }]' } },
      {
        id: 't',
        type: 'table.records',
        name: 'Find',
        params: {
          tableId: table.body.id,
          operation: 'find',
          filters: [{ left: 'Name', operator: 'equals', right: '{{ $json.text }}' }],
        },
      },
      { id: 'r', type: 'webhook.respond', name: 'Respond', params: { bodyType: 'json', json: '{}' } },
    ]);
    const answer = await call(hook.webhookId, '{}');
    expect(answer.status).toBe(500);
    const [row] = await finished([answer.json.executionId]);
    const steps = await server.db
      .select()
      .from(executionSteps)
      .where(inArray(executionSteps.executionId, [answer.json.executionId]));
    expect(row?.status).toBe('failed');
    for (const text of [answer.text, JSON.stringify(row?.error), JSON.stringify(steps.map((s) => s.error))]) {
      expect(text).not.toMatch(/insert into|select |Failed query|params:/i);
      expect(text).not.toContain(bob.user.personalAccountId);
      expect(text).not.toContain(table.body.id);
    }
  });
});
