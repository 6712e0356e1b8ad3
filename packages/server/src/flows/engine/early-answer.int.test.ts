import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { waitFor } from '../../test/wait';

// A webhook answered by a Respond step does not wait for its record when its run has not acted
// outside itself; one whose run has acted answers only once that is saved. The database is made
// to stall by a transaction holding a lock that every execution write waits for.

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let api: Server;
const received: string[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    received.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({ FLOWMIND_HTTP_ALLOW_HOSTS: '127.0.0.1' });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => api.close(resolve));
});

const node = (id: string, type: string, params: Record<string, unknown>, x: number) => ({
  id,
  type,
  name: id,
  position: { x, y: 0 },
  params,
});

async function published(middle: ReturnType<typeof node>) {
  const graph = {
    nodes: [
      node('hook', 'trigger.webhook', { respond: 'respond_step', method: 'POST' }, 0),
      middle,
      node('answer', 'webhook.respond', { bodyType: 'first_item' }, 600),
    ],
    edges: [
      { id: 'e1', source: 'hook', target: middle.id },
      { id: 'e2', source: middle.id, target: 'answer' },
    ],
  };
  const accountId = owner.user.personalAccountId as string;
  const created = await owner.client.post('/api/flows', { accountId, name: 'Early', graph });
  expect(created.status, created.text).toBe(201);
  const flow = await owner.client.post(`/api/flows/${created.body.id}/publish`, {});
  expect(flow.status, flow.text).toBe(200);
  return flow.body as { id: string; webhookId: string };
}

const call = (flow: { webhookId: string }) =>
  fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ a: 2, b: 3 }),
  });

const saved = async (flowId: string) =>
  (await owner.client.get(`/api/executions?flowId=${flowId}&limit=5`)).body.executions as { status: string }[];

/** Runs `during` while every write to executions waits for a lock this holds. */
async function whileWritesStall<T>(during: () => Promise<T>): Promise<T> {
  return server.db.transaction(async (tx) => {
    await tx.execute(sql`lock table executions in share row exclusive mode`);
    return during();
  });
}

describe('webhook answers and saved records', () => {
  it('a run that only computes answers while its record cannot be written yet, and is saved after', async () => {
    const flow = await published(
      node(
        'sum',
        'set',
        { keepOnlySet: true, assignments: [{ name: 'sum', value: '{{ $json.body.a + $json.body.b }}' }] },
        300,
      ),
    );
    const answered = await whileWritesStall(async () => {
      const res = await call(flow);
      return { status: res.status, body: await res.json() };
    });
    expect(answered).toEqual({ status: 200, body: { sum: 5 } });
    const rows = await waitFor(
      () => saved(flow.id),
      (list) => list.length === 1 && list[0]?.status === 'succeeded',
    );
    expect(rows).toHaveLength(1);
  });

  it('a run that acts outside itself answers only once it is saved', async () => {
    const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/effect`;
    const flow = await published(node('effect', 'http.request', { method: 'GET', url }, 300));
    let pending: Promise<Response> | null = null;
    const early = await whileWritesStall(async () => {
      pending = call(flow);
      // Its effectful step waits for the run's row before it acts, so neither happens meanwhile.
      const outcome = await Promise.race([
        pending.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
      ]);
      return { outcome, requests: received.length };
    });
    expect(early).toEqual({ outcome: 'waiting', requests: 0 });
    const res = await (pending as unknown as Promise<Response>);
    expect(res.status).toBe(200);
    expect(received).toEqual(['/effect']);
    // Its record is there when it is answered; its end (written after the Respond step) follows.
    expect(await saved(flow.id)).toHaveLength(1);
    await waitFor(
      () => saved(flow.id),
      (list) => list.length === 1 && list[0]?.status === 'succeeded',
    );
  });
});
