import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  // Every execution of the test at once, none waiting for a turn.
  server = await startTestServer({ FLOWMIND_ACCOUNT_CONCURRENCY: '20' });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
});
afterAll(() => server.close());

const accountId = () => owner.user.personalAccountId as string;

type Node = { id: string; type: string; name: string; params?: Record<string, unknown>; settings?: object };

const graph = (...steps: Node[]) => {
  const nodes = [{ id: 't', type: 'trigger.manual', name: 'Start' }, ...steps];
  return {
    nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })),
    edges: nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]!.id, target: n.id })),
  };
};

async function createFlow(g: ReturnType<typeof graph>) {
  const res = await owner.client.post('/api/flows', { accountId: accountId(), name: 'Sandbox', graph: g });
  expect(res.status, res.text).toBe(201);
  const published = await owner.client.post(`/api/flows/${res.body.id}/publish`, {});
  expect(published.status, published.text).toBe(200);
  return published.body as { id: string };
}

async function run(flowId: string): Promise<string> {
  const res = await owner.client.post(`/api/flows/${flowId}/run`, {});
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

type Execution = { status: string; error: { message: string } | null };

const read = async (id: string): Promise<Execution> => (await owner.client.get(`/api/executions/${id}`)).body;
const ended = (e: Execution) => ['succeeded', 'failed', 'cancelled'].includes(e?.status);

async function finished(id: string, timeoutMs = 30_000): Promise<Execution> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const execution = await read(id);
    if (ended(execution)) return execution;
    if (Date.now() > deadline) throw new Error(`still ${execution.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const spin = '(() => { while (true) {} })()';

describe('sandboxed JavaScript off the HTTP thread', () => {
  it('keeps /api/health answering while code steps and expressions spin, and fails those runs', async () => {
    const code = await createFlow(
      graph({
        id: 'c',
        type: 'code',
        name: 'Spin',
        params: { code: 'while (true) {}' },
        settings: { timeoutMs: 3000 },
      }),
    );
    const expression = await createFlow(
      graph({ id: 's', type: 'set', name: 'Spin', params: { assignments: [{ name: 'x', value: `{{ ${spin} }}` }] } }),
    );
    const health = async () => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/health`);
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    await health();

    // Health is asked for from before the runs start until they all end; on the HTTP thread, the
    // scripts held it for their whole timeout.
    const latencies: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        latencies.push(await health());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const ids = await Promise.all([
      ...Array.from({ length: 4 }, () => run(code.id)),
      ...Array.from({ length: 8 }, () => run(expression.id)),
    ]);
    const all = await Promise.all(ids.map((id) => finished(id)));
    polling = false;
    await poller;
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(2000);

    const codeRuns = all.slice(0, 4);
    const expressionRuns = all.slice(4);
    for (const execution of codeRuns) {
      expect(execution.status).toBe('failed');
      expect(execution.error?.message).toMatch(/timed out after 3 s|took longer than 3 s/);
    }
    for (const execution of expressionRuns) {
      expect(execution.status).toBe('failed');
      expect(execution.error?.message).toBe(`Expression {{ ${spin} }} failed: timed out after 1 s`);
    }

    // The sandbox is whole again afterwards.
    const fine = await createFlow(
      graph({ id: 'c', type: 'code', name: 'Double', params: { code: 'return [{ n: 21 * 2 }]' } }),
    );
    expect(await finished(await run(fine.id))).toMatchObject({ status: 'succeeded' });
  });

  it('fails a step whose expressions are each under their timeout but too slow together', async () => {
    const slow = '(() => { const end = Date.now() + 300; while (Date.now() < end) {} return 1 })()';
    const flow = await createFlow(
      graph(
        {
          id: 'many',
          type: 'code',
          name: 'Items',
          params: { code: 'return Array.from({ length: 30 }, (_, i) => ({ i }))' },
        },
        { id: 's', type: 'set', name: 'Slow', params: { assignments: [{ name: 'x', value: `{{ ${slow} }}` }] } },
      ),
    );
    const execution = await finished(await run(flow.id));
    expect(execution.status).toBe('failed');
    expect(execution.error?.message).toMatch(/failed: this step's expressions used their 5 s of sandbox time$/);
  });

  it('refuses a code step timeout above the cap, and more retries than allowed, naming the field', async () => {
    const res = await owner.client.post('/api/flows', { accountId: accountId(), name: 'Capped' });
    expect(res.status, res.text).toBe(201);
    const save = (settings: object) =>
      owner.client.patch(`/api/flows/${res.body.id}`, {
        graph: graph({ id: 'c', type: 'code', name: 'Code', params: { code: 'return []' }, settings }),
      });

    const long = await save({ timeoutMs: 60_001 });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({
      field: 'graph.nodes.1.settings.timeoutMs',
      message: "A code step's timeout can be at most 60 s on this server",
    });
    const retries = await save({ retries: 6 });
    expect(retries.status).toBe(400);
    expect(retries.body.error.field).toBe('graph.nodes.1.settings.retries');
    expect((await save({ timeoutMs: 60_000, retries: 5 })).status).toBe(200);
  });
});
