import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';
import { waitFor } from '../test/wait';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Nia', email: 'nia@example.com' });
});
afterAll(() => server.close());

const accountId = () => owner.user.personalAccountId as string;
type Node = { id: string; type: string; name: string; params?: Record<string, unknown> };

function graph(nodes: Node[], edges: [string, string][]) {
  return {
    nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })),
    edges: edges.map(([source, target], i) => ({ id: `e${i}`, source, target })),
  };
}

const hook = (respond: 'respond_step' | 'immediately' = 'respond_step'): Node => ({
  id: 'hook',
  type: 'trigger.webhook',
  name: 'Webhook',
  params: { respond, method: 'POST' },
});
const sum: Node = {
  id: 'sum',
  type: 'set',
  name: 'Sum',
  params: { keepOnlySet: true, assignments: [{ name: 'sum', value: '{{ $json.body.a + $json.body.b }}' }] },
};
const answer: Node = { id: 'answer', type: 'webhook.respond', name: 'Answer', params: { bodyType: 'first_item' } };
/** Webhook → sum → answer. */
const sumGraph = () =>
  graph(
    [hook(), sum, answer],
    [
      ['hook', 'sum'],
      ['sum', 'answer'],
    ],
  );
/** Fails (reads a field of a missing one) when `when` holds. */
const boom = (when = 'true'): Node => ({
  id: 'boom',
  type: 'set',
  name: 'Boom',
  params: { assignments: [{ name: 'sum', value: `{{ ${when} ? $json.luck.left : $json.sum }}` }] },
});

/** A published flow with its "save executions" set before its first call. */
async function flowWith(g: ReturnType<typeof graph>, saveExecutions: string) {
  const created = await owner.client.post('/api/flows', { accountId: accountId(), name: 'Saving', graph: g });
  expect(created.status, created.text).toBe(201);
  const set = await owner.client.patch(`/api/flows/${created.body.id}`, { saveExecutions });
  expect(set.status, set.text).toBe(200);
  expect(set.body.saveExecutions).toBe(saveExecutions);
  const published = await owner.client.post(`/api/flows/${created.body.id}/publish`, {});
  expect(published.status, published.text).toBe(200);
  return published.body as { id: string; webhookId: string };
}

const call = (flow: { webhookId: string }, body: unknown = { a: 2, b: 3 }) =>
  fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const executionsOf = async (flowId: string) =>
  (await owner.client.get(`/api/executions?flowId=${flowId}&limit=50`)).body.executions as {
    id: string;
    status: string;
    mode: string;
  }[];

/** Lets the writer land anything it still had (a run not kept must have left nothing behind). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('save executions', () => {
  it('is "all" by default, takes all, failures or none, and refuses anything else naming the field', async () => {
    const created = await owner.client.post('/api/flows', { accountId: accountId(), name: 'Setting' });
    expect(created.body.saveExecutions).toBe('all');
    for (const value of ['failures', 'none', 'all']) {
      const res = await owner.client.patch(`/api/flows/${created.body.id}`, { saveExecutions: value });
      expect(res.status, res.text).toBe(200);
      expect(res.body.saveExecutions).toBe(value);
    }
    for (const value of ['some', '', 3, null]) {
      const bad = await owner.client.patch(`/api/flows/${created.body.id}`, { saveExecutions: value });
      expect(bad.status).toBe(400);
      expect(bad.body.error.field).toBe('saveExecutions');
      expect(bad.body.error.message).toMatch(/saveExecutions/);
    }
    expect((await owner.client.get(`/api/flows/${created.body.id}`)).body.saveExecutions).toBe('all');
  });

  it("another account cannot change a flow's setting", async () => {
    const created = await owner.client.post('/api/flows', { accountId: accountId(), name: 'Mine' });
    const stranger = await signUpVerified(server, { name: 'Sol', email: 'sol@example.com' });
    const res = await stranger.client.patch(`/api/flows/${created.body.id}`, { saveExecutions: 'none' });
    expect(res.status).toBe(404);
    expect((await owner.client.get(`/api/flows/${created.body.id}`)).body.saveExecutions).toBe('all');
  });

  it('"all" saves a run answered by its last step ended in one go, with its steps and counts', async () => {
    const flow = await flowWith(sumGraph(), 'all');
    for (let i = 1; i <= 3; i++) {
      const res = await call(flow, { a: i, b: 1 });
      expect(await res.json()).toEqual({ sum: i + 1 });
      // A run that acted on nothing outside itself is answered first; its record follows in the
      // next batch, written in one go (never seen half done).
      const counts = await waitFor(
        async () => (await owner.client.get(`/api/flows/${flow.id}`)).body.executionCounts,
        (seen) => seen.total === i,
      );
      expect(counts).toEqual({ total: i, succeeded: i, failed: 0 });
      const [latest] = await executionsOf(flow.id);
      expect(latest?.status).toBe('succeeded');
      const detail = (await owner.client.get(`/api/executions/${latest?.id}`)).body;
      expect(detail.steps.map((step: { nodeId: string; status: string }) => [step.nodeId, step.status])).toEqual([
        ['hook', 'succeeded'],
        ['sum', 'succeeded'],
        ['answer', 'succeeded'],
      ]);
      // One row, inserted ended with its steps packed in it: never seen half done, never updated.
      const written = await server.db.execute(
        sql`select jsonb_array_length(e.steps) as packed, e.xmax::text as updated,
              (select count(*)::int from execution_steps s where s.execution_id = e.id) as rows
            from executions e where e.id = ${latest?.id}`,
      );
      const [row] = (written as unknown as { rows: { packed: number; updated: string; rows: number }[] }).rows;
      expect(row).toEqual({ packed: 3, updated: '0', rows: 0 });
    }
  });

  it('a run saved whole reads like any other: one step run, a rerun from a step, and to its account only', async () => {
    const flow = await flowWith(sumGraph(), 'all');
    expect(await (await call(flow, { a: 20, b: 1 })).json()).toEqual({ sum: 21 });
    const [run] = await waitFor(
      () => executionsOf(flow.id),
      (list) => list.length === 1,
    );
    // Packed, each item written once: Sum's input is the webhook's items, Answer's its output.
    const packed = await server.db.execute(
      sql`select jsonb_array_length(steps) as n, steps -> 0 -> 'output' as hook, steps -> 1 -> 'input' as sum,
            steps -> 2 -> 'output' as answer from executions where id = ${run?.id}`,
    );
    expect((packed as unknown as { rows: unknown[] }).rows[0]).toEqual({
      n: 3,
      hook: { main: { trigger: true } },
      sum: { main: { trigger: true } },
      answer: { main: { step: 1, side: 'output', handle: 'main' } },
    });
    const step = await owner.client.get(`/api/executions/${run?.id}/steps/sum/0`);
    expect(step.status, step.text).toBe(200);
    expect(step.body).toMatchObject({ nodeId: 'sum', status: 'succeeded', output: { main: [{ sum: 21 }] } });
    expect(step.body.input.main[0].body).toEqual({ a: 20, b: 1 });
    // From the Sum step: the webhook's result comes from the packed run, Sum and Answer run again.
    const rerun = await owner.client.post(`/api/executions/${run?.id}/rerun`, { fromNodeId: 'sum' });
    expect(rerun.status, rerun.text).toBe(201);
    const done = await waitFor(
      async () => (await owner.client.get(`/api/executions/${rerun.body.id}`)).body,
      (detail) => detail.status === 'succeeded',
    );
    expect(done.steps.map((s: { nodeId: string }) => s.nodeId)).toEqual(['hook', 'sum', 'answer']);
    expect(done.steps[0].output).toEqual(step.body.input);
    expect(done.steps[1].output).toEqual({ main: [{ sum: 21 }] });
    const stranger = await signUpVerified(server, { name: 'Ode', email: 'ode@example.com' });
    expect((await stranger.client.get(`/api/executions/${run?.id}/steps/sum/0`)).status).toBe(404);
    expect((await stranger.client.get(`/api/executions/${run?.id}`)).status).toBe(404);
  });

  it('"none" answers webhooks and keeps nothing of successful or failed runs', async () => {
    const ok = await flowWith(sumGraph(), 'none');
    for (let i = 0; i < 5; i++) {
      const res = await call(ok, { a: i, b: 3 });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ sum: i + 3 });
    }
    const failing = await flowWith(graph([hook(), boom()], [['hook', 'boom']]), 'none');
    const failed = await call(failing);
    expect(failed.status).toBe(500);
    const body = await failed.json();
    expect(body.error.message).toMatch(/Boom/);
    // No id of a run that cannot be looked up.
    expect(body.executionId).toBeUndefined();
    await settle();
    expect(await executionsOf(ok.id)).toEqual([]);
    expect(await executionsOf(failing.id)).toEqual([]);
    const flow = (await owner.client.get(`/api/flows/${ok.id}`)).body;
    expect(flow.executionCounts).toEqual({ total: 0, succeeded: 0, failed: 0 });
    expect(flow.lastExecution).toBeNull();
  });

  it('"only failures" keeps a failed run in full and nothing of a successful one', async () => {
    const g = graph(
      [hook(), sum, boom('$json.sum > 10'), answer],
      [
        ['hook', 'sum'],
        ['sum', 'boom'],
        ['boom', 'answer'],
      ],
    );
    const flow = await flowWith(g, 'failures');
    const fine = await call(flow, { a: 1, b: 2 });
    expect(fine.status).toBe(200);
    expect(await fine.json()).toEqual({ sum: 3 });
    const bad = await call(flow, { a: 10, b: 20 });
    expect(bad.status).toBe(500);
    const { executionId } = await bad.json();
    expect(executionId).toMatch(/^exe_/);
    await settle();
    const kept = await executionsOf(flow.id);
    expect(kept.map((e) => e.id)).toEqual([executionId]);
    const detail = (await owner.client.get(`/api/executions/${executionId}`)).body;
    expect(detail).toMatchObject({ status: 'failed', mode: 'webhook', error: { nodeName: 'Boom' } });
    const steps = Object.fromEntries(detail.steps.map((s: { nodeId: string }) => [s.nodeId, s])) as Record<
      string,
      { status: string; input: unknown; output: unknown }
    >;
    expect(steps.hook?.output).toMatchObject({ main: [{ body: { a: 10, b: 20 } }] });
    expect(steps.sum).toMatchObject({ status: 'succeeded', output: { main: [{ sum: 30 }] } });
    expect(steps.boom).toMatchObject({ status: 'failed', input: { main: [{ sum: 30 }] } });
    const counted = (await owner.client.get(`/api/flows/${flow.id}`)).body;
    expect(counted.executionCounts).toEqual({ total: 1, succeeded: 0, failed: 1 });
    expect(counted.lastExecution).toMatchObject({ id: executionId, status: 'failed' });
  });

  it('a queued run ("respond immediately") is saved while it waits for a worker and deleted at its end when not kept', async () => {
    const flow = await flowWith(graph([hook('immediately'), sum], [['hook', 'sum']]), 'none');
    const res = await call(flow);
    expect(res.status).toBe(202);
    const { executionId } = await res.json();
    await waitFor(
      async () => (await owner.client.get(`/api/executions/${executionId}`)).status,
      (status) => status === 404,
    );
    expect(await executionsOf(flow.id)).toEqual([]);
  });

  it('a run that parks at a wait is written when it parks, resumes, and is not kept when it succeeds', async () => {
    const wait: Node = { id: 'wait', type: 'wait', name: 'Wait', params: { amount: 1, unit: 'seconds' } };
    const after: Node = {
      id: 'after',
      type: 'set',
      name: 'After',
      params: { assignments: [{ name: 'done', value: 'yes' }] },
    };
    const flow = await flowWith(
      graph(
        [hook(), sum, answer, wait, after],
        [
          ['hook', 'sum'],
          ['sum', 'answer'],
          ['answer', 'wait'],
          ['wait', 'after'],
        ],
      ),
      'failures',
    );
    const res = await call(flow);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sum: 5 });
    // Parked: saved with what ran so far, so it can resume (here or on another worker).
    const parked = await waitFor(
      () => executionsOf(flow.id),
      (list) => list.length === 1 && list[0]?.status === 'waiting',
    );
    const detail = (await owner.client.get(`/api/executions/${parked[0]?.id}`)).body;
    expect(detail.steps.map((s: { nodeId: string; status: string }) => `${s.nodeId}:${s.status}`).sort()).toEqual([
      'answer:succeeded',
      'hook:succeeded',
      'sum:succeeded',
      'wait:waiting',
    ]);
    // Resumed and succeeded: not kept under "only failures".
    await waitFor(
      async () => (await owner.client.get(`/api/executions/${parked[0]?.id}`)).status,
      (status) => status === 404,
    );
    expect(await executionsOf(flow.id)).toEqual([]);
  });

  it('runs started from the editor are always kept', async () => {
    const constant: Node = {
      id: 'set',
      type: 'set',
      name: 'Set',
      params: { assignments: [{ name: 'x', value: '1' }] },
    };
    const flow = await flowWith(graph([hook(), constant], [['hook', 'set']]), 'none');
    // A webhook flow runs from the editor on test data (here given; else pinned, or a 400 saying to listen).
    const run = await owner.client.post(`/api/flows/${flow.id}/run`, { trigger: [{ body: {} }] });
    expect(run.status, run.text).toBe(201);
    const done = await waitFor(
      async () => (await owner.client.get(`/api/executions/${run.body.id}`)).body,
      (e) => e?.status === 'succeeded',
    );
    expect(done.steps.length).toBe(2);
    expect((await executionsOf(flow.id)).map((e) => e.id)).toEqual([run.body.id]);
  });

  it('a change of the setting applies to the next calls', async () => {
    const flow = await flowWith(sumGraph(), 'none');
    expect((await call(flow)).status).toBe(200);
    await owner.client.patch(`/api/flows/${flow.id}`, { saveExecutions: 'all' });
    // The webhook's lookup is kept a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(flow)).status).toBe(200);
    const kept = await waitFor(
      () => executionsOf(flow.id),
      (list) => list.length === 1 && list[0]?.status === 'succeeded',
    );
    expect(kept).toHaveLength(1);
  });
});
