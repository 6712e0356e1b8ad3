import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { createServices, type Services } from '../services';
import { signUpVerified, startTestServer, TEST_APP_URL, TEST_SECRET } from '../test/test-server';
import { waitFor } from '../test/wait';

/**
 * A worker that dies while a step with effects is in flight: the step saved that it started
 * before it acted, so the worker taking over knows it may have acted and runs it again only as
 * its retries allow, with the same idempotency key.
 */

const ENV = { FLOWMIND_EXECUTION_LEASE_MS: '1000', FLOWMIND_HTTP_ALLOW_HOSTS: 'localhost' };
type Seen = { path: string; key: string | undefined };
const seen: Seen[] = [];
let api: Server;
let apiUrl: string;

beforeAll(async () => {
  // `/hang/…` never answers; `/once/…` does not answer its first request and answers the others.
  api = createServer((req, res) => {
    const path = req.url ?? '';
    const key = req.headers['idempotency-key'] as string | undefined;
    const before = seen.filter((s) => s.path === path).length;
    seen.push({ path, key });
    req.resume();
    if (path.startsWith('/hang') || (path.startsWith('/once') && before === 0)) return;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://localhost:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
});

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Body = any;
const finished = (e: Body) => ['succeeded', 'failed', 'cancelled'].includes(e?.status ?? '');

/** A server whose flow worker can be stopped mid-step, and a second worker on its database. */
async function setUp(email: string) {
  const server = await startTestServer(ENV);
  const { client, user } = await signUpVerified(server, { name: 'Effects', email });
  let takeover: Services | null = null;
  const flow = async (nodes: Record<string, unknown>[]) => {
    const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: n.id }));
    const graph = { nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })), edges };
    const created = await client.post('/api/flows', { accountId: user.personalAccountId, name: 'Effects', graph });
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  };
  const run = async (flowId: string) => {
    const started = await client.post(`/api/flows/${flowId}/run`, {});
    expect(started.status, started.text).toBeLessThan(300);
    return started.body.id as string;
  };
  const execution = async (id: string): Promise<Body> => (await client.get(`/api/executions/${id}`)).body;
  return {
    server,
    client,
    user,
    flow,
    run,
    execution,
    /** The first worker stops without finishing what it runs (its claim stays until it expires). */
    async killWorker() {
      await server.flows.stop();
    },
    /** Another worker on the same database; its reaper takes over once the dead one's claim expires. */
    async startTakeover() {
      const logger = pino({ level: 'silent' });
      const config = loadConfig({ APP_URL: TEST_APP_URL, FLOWMIND_WEB_DIST: '/nonexistent', ...ENV });
      takeover = createServices({
        config,
        database: server.database,
        bus: server.bus,
        mailer: createMailer({ smtpUrl: null, from: config.mailFrom, logger }),
        logger,
        secret: TEST_SECRET,
        queue: null,
      });
      await takeover.flowSystem.startWorker({ schedulerIntervalMs: 200 });
    },
    /**
     * Puts back what a worker killed after a step acted and before its result was saved leaves
     * behind: the step started, the execution held by a claim that has run out.
     */
    async interruptAfterActing(executionId: string, nodeId: string) {
      await server.db.execute(sql`
        update execution_steps set status = 'started', output = null, error = null, finished_at = null, attempts = 1
        where execution_id = ${executionId} and node_id = ${nodeId}`);
      await server.db.execute(sql`
        update executions set status = 'running', lease_owner = 'dead-worker', finished_at = null, error = null,
          lease_until = now() - interval '1 second'
        where id = ${executionId}`);
    },
    async close() {
      await takeover?.stop();
      await server.close();
    },
  };
}

describe('an HTTP request in flight when its worker dies', () => {
  it('is not sent again without retries: the step fails as interrupted after one attempt', async () => {
    const t = await setUp('no-retry@example.com');
    try {
      const flowId = await t.flow([
        { id: 't', type: 'trigger.manual', name: 'Start' },
        {
          id: 'h',
          type: 'http.request',
          name: 'Charge',
          params: { method: 'POST', url: `${apiUrl}/hang/charge`, bodyType: 'json', jsonBody: '{"amount":5}' },
        },
        { id: 'after', type: 'http.request', name: 'After', params: { url: `${apiUrl}/count/after` } },
      ]);
      const id = await t.run(flowId);
      await waitFor(
        async () => seen.filter((s) => s.path === '/hang/charge').length,
        (n) => n === 1,
      );
      const inFlight = await t.execution(id);
      expect(inFlight.steps.find((s: { nodeId: string }) => s.nodeId === 'h')).toMatchObject({
        status: 'started',
        attempts: 1,
      });

      await t.killWorker();
      await t.startTakeover();
      const done = await waitFor(() => t.execution(id), finished);

      expect(seen.filter((s) => s.path === '/hang/charge')).toHaveLength(1);
      expect(seen.filter((s) => s.path === '/count/after')).toHaveLength(0);
      expect(done.status).toBe('failed');
      expect(done.error).toMatchObject({ nodeId: 'h', nodeName: 'Charge' });
      expect(done.error.message).toMatch(/^Interrupted, may have been sent/);
      const step = done.steps.find((s: { nodeId: string }) => s.nodeId === 'h');
      expect(step).toMatchObject({ status: 'failed', attempts: 1 });
      expect(step.error).toMatch(/^Interrupted, may have been sent/);
    } finally {
      await t.close();
    }
  });

  it('is sent again with the same Idempotency-Key when its retries allow, and counts two attempts', async () => {
    const t = await setUp('retry@example.com');
    try {
      const flowId = await t.flow([
        { id: 't', type: 'trigger.manual', name: 'Start' },
        {
          id: 'h',
          type: 'http.request',
          name: 'Charge',
          params: { method: 'POST', url: `${apiUrl}/once/charge`, bodyType: 'json', jsonBody: '{"amount":5}' },
          settings: { retries: 1, retryDelayMs: 100 },
        },
      ]);
      const id = await t.run(flowId);
      await waitFor(
        async () => seen.filter((s) => s.path === '/once/charge').length,
        (n) => n === 1,
      );
      await t.killWorker();
      await t.startTakeover();
      const done = await waitFor(() => t.execution(id), finished);

      const sent = seen.filter((s) => s.path === '/once/charge');
      expect(sent).toHaveLength(2);
      expect(sent[0]?.key).toBe(`${id}:h:0:0`);
      expect(sent[1]?.key).toBe(sent[0]?.key);
      expect(done.status).toBe('succeeded');
      const step = done.steps.find((s: { nodeId: string }) => s.nodeId === 'h');
      expect(step).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(step.output.main[0].body).toEqual({ ok: true });
      expect(step.logs.map((l: { message: string }) => l.message).join('\n')).toMatch(
        /Attempt 1 was interrupted .* may have been sent/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('a table record step interrupted after its insert', () => {
  it('is retried without creating its record twice', async () => {
    const t = await setUp('tables@example.com');
    try {
      const table = await t.client.post('/api/tables', { accountId: t.user.personalAccountId, name: 'Orders' });
      expect(table.status, table.text).toBe(201);
      const tableId = table.body.id as string;
      const field = await t.client.post(`/api/tables/${tableId}/fields`, { name: 'Who', options: { type: 'text' } });
      expect(field.status, field.text).toBe(201);
      const flowId = await t.flow([
        { id: 't', type: 'trigger.manual', name: 'Start' },
        {
          id: 'rec',
          type: 'table.records',
          name: 'Save order',
          params: { tableId, operation: 'create', values: [{ name: 'Who', value: 'Ada' }] },
          settings: { retries: 1, retryDelayMs: 100 },
        },
      ]);
      const id = await t.run(flowId);
      const first = await waitFor(() => t.execution(id), finished);
      expect(first.status).toBe('succeeded');
      const created = first.steps.find((s: { nodeId: string }) => s.nodeId === 'rec').output.main[0];

      await t.interruptAfterActing(id, 'rec');
      const again = await waitFor(
        () => t.execution(id),
        (e) => finished(e) && e.steps.find((s: { nodeId: string }) => s.nodeId === 'rec')?.attempts === 2,
      );

      expect(again.status).toBe('succeeded');
      const step = again.steps.find((s: { nodeId: string }) => s.nodeId === 'rec');
      expect(step.output.main).toEqual([created]);
      const listed = await t.client.get(`/api/tables/${tableId}/records`);
      expect(listed.body.records).toHaveLength(1);
      expect(listed.body.records[0].id).toBe(created.id);
    } finally {
      await t.close();
    }
  });
});

describe('a sub-flow step interrupted after it started its flow', () => {
  it('finds the execution it started instead of starting another', async () => {
    const t = await setUp('subflow@example.com');
    try {
      const child = await t.flow([
        { id: 't', type: 'trigger.manual', name: 'Start' },
        { id: 'tag', type: 'set', name: 'Tag', params: { assignments: [{ name: 'child', value: 'yes' }] } },
      ]);
      expect((await t.client.post(`/api/flows/${child}/publish`, {})).status).toBeLessThan(300);
      const parent = await t.flow([
        { id: 't', type: 'trigger.manual', name: 'Start' },
        {
          id: 'sub',
          type: 'flow.run',
          name: 'Run child',
          params: { flowId: child, wait: true },
          settings: { retries: 1, retryDelayMs: 100 },
        },
      ]);
      const id = await t.run(parent);
      const first = await waitFor(() => t.execution(id), finished);
      expect(first.status, JSON.stringify(first.error)).toBe('succeeded');
      const children = async () =>
        (await t.client.get(`/api/executions?flowId=${child}`)).body.executions as { id: string }[];
      const [made] = await children();

      await t.interruptAfterActing(id, 'sub');
      const again = await waitFor(
        () => t.execution(id),
        (e) => finished(e) && e.steps.find((s: { nodeId: string }) => s.nodeId === 'sub')?.attempts === 2,
      );

      expect(await children()).toHaveLength(1);
      const step = again.steps.find((s: { nodeId: string }) => s.nodeId === 'sub');
      expect(step.error).toContain(`already ran for this step before the server stopped (execution ${made?.id}`);
    } finally {
      await t.close();
    }
  });
});

describe('a worker paused past its lease while another took its execution over', () => {
  it('does not act: its effectful step is not started and its request is never sent', async () => {
    // A long lease: the heartbeat (every third of it) cannot notice before the step is reached.
    const server = await startTestServer({
      FLOWMIND_EXECUTION_LEASE_MS: '30000',
      FLOWMIND_HTTP_ALLOW_HOSTS: 'localhost',
    });
    try {
      const { client, user } = await signUpVerified(server, { name: 'Paused', email: 'paused@example.com' });
      const nodes = [
        { id: 't', type: 'trigger.manual', name: 'Start' },
        {
          id: 'slow',
          type: 'code',
          name: 'Think',
          params: { code: 'const until = Date.now() + 1500; while (Date.now() < until) {} return items;' },
        },
        { id: 'h', type: 'http.request', name: 'Charge', params: { method: 'POST', url: `${apiUrl}/paused/charge` } },
      ];
      const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: n.id }));
      const graph = { nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })), edges };
      const created = await client.post('/api/flows', { accountId: user.personalAccountId, name: 'Paused', graph });
      const started = await client.post(`/api/flows/${created.body.id}/run`, {});
      const id = started.body.id as string;
      // While it thinks, the reaper of another process takes the execution over.
      await waitFor(
        async () =>
          ((await server.db.execute(sql`select lease_owner from executions where id = ${id}`)) as unknown as Body)
            .rows as { lease_owner: string | null }[],
        (rows) => Boolean(rows[0]?.lease_owner),
      );
      await server.db.execute(sql`update executions set lease_owner = 'another-worker' where id = ${id}`);
      await waitFor(
        async () => (await client.get(`/api/executions/${id}`)).body as Body,
        (e) => e.steps?.some((s: Body) => s.nodeId === 'slow' && s.status === 'succeeded'),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(seen.filter((s) => s.path === '/paused/charge')).toEqual([]);
      const execution = (await client.get(`/api/executions/${id}`)).body as Body;
      expect(execution.steps.find((s: Body) => s.nodeId === 'h')).toBeUndefined();
    } finally {
      await server.close();
    }
  }, 90_000);
});
