import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import {
  accountId,
  createFlow,
  finished,
  graph,
  owner,
  server,
  stepOf,
  stranger,
  useEngineServer,
} from './engine-test-setup';

useEngineServer();

describe('the engine end to end', () => {
  it('answers at once with 202 and runs the execution from the queue; failures say which step and why', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 'hook', type: 'trigger.webhook', name: 'Webhook' },
          { id: 'code', type: 'code', name: 'Explode', params: { code: 'throw new Error("no customer id")' } },
        ],
        [['hook', 'code']],
      ),
    );
    const res = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}?source=test`, {
      method: 'PUT',
      body: 'plain text',
    });
    expect(res.status).toBe(202);
    const { executionId } = (await res.json()) as { executionId: string };
    const execution = await finished(executionId);
    expect(execution.status).toBe('failed');
    expect(execution.error).toMatchObject({ nodeId: 'code', nodeName: 'Explode' });
    expect(execution.error.message).toMatch(/no customer id/);
    expect(stepOf(execution, 'hook')?.output.main?.[0]).toMatchObject({
      method: 'PUT',
      body: 'plain text',
      query: { source: 'test' },
    });
  });

  it('a webhook under steady calls stops soon after its flow is switched off, and comes back', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
          { id: 'ok', type: 'webhook.respond', name: 'Answer', params: { status: 200, bodyType: 'text', text: 'on' } },
        ],
        [['hook', 'ok']],
      ),
    );
    const call = async () => (await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, { method: 'POST' })).status;
    // Calls keep the hook's cache warm (and refreshed ahead of expiry) while its flow changes.
    const statusesUntil = async (want: number) => {
      const started = Date.now();
      for (;;) {
        const statuses = await Promise.all([call(), call(), call()]);
        if (statuses.every((status) => status === want)) return;
        if (Date.now() - started > 5000) throw new Error(`still ${statuses.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await statusesUntil(200);
    await owner.client.patch(`/api/flows/${flow.id}`, { active: false });
    await statusesUntil(404);
    await owner.client.patch(`/api/flows/${flow.id}`, { active: true });
    await statusesUntil(200);
  });

  it('tests one step with the last run’s data, and re-runs from a step keeping earlier results', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 't', type: 'trigger.manual', name: 'Start', params: { sample: '[{"n": 1}, {"n": 2}]' } },
          {
            id: 'a',
            type: 'code',
            name: 'A',
            params: { code: 'return items.map((i) => ({ n: i.n * 10, at: Date.now() }))' },
          },
          {
            id: 'b',
            type: 'set',
            name: 'B',
            params: { assignments: [{ name: 'doubled', value: '{{ $json.n * 2 }}' }] },
          },
        ],
        [
          ['t', 'a'],
          ['a', 'b'],
        ],
      ),
      { publish: false },
    );
    // Before any run the step has no input: that is said, not reported as the template failing.
    const unrun = await owner.client.post(`/api/flows/${flow.id}/preview-expression`, {
      template: '{{ $json.n.x.y }}',
      nodeId: 'b',
    });
    expect(unrun.body).toEqual({ ok: false, noInput: true });
    const first = await finished((await owner.client.post(`/api/flows/${flow.id}/run`, {})).body.id);
    expect(first.status).toBe('succeeded');
    expect(stepOf(first, 'b')?.output.main?.map((i) => (i as { doubled: number }).doubled)).toEqual([20, 40]);

    const test = await owner.client.post(`/api/flows/${flow.id}/run`, { nodeId: 'b' });
    const tested = await finished(test.body.id);
    expect(stepOf(tested, 'a')?.startedAt).toBe(stepOf(first, 'a')?.startedAt);
    expect(stepOf(tested, 'b')?.startedAt).not.toBe(stepOf(first, 'b')?.startedAt);

    const rerun = await owner.client.post(`/api/executions/${first.id}/rerun`, { fromNodeId: 'b' });
    expect(rerun.status).toBe(201);
    const again = await finished(rerun.body.id);
    expect(again.mode).toBe('rerun');
    expect(stepOf(again, 'a')?.output).toEqual(stepOf(first, 'a')?.output);
    expect(stepOf(again, 'b')?.startedAt).not.toBe(stepOf(first, 'b')?.startedAt);

    const preview = await owner.client.post(`/api/flows/${flow.id}/preview-expression`, {
      template: '{{ $json.n }} and {{ $node["A"].items.length }}',
      nodeId: 'b',
      itemIndex: 1,
    });
    expect(preview.body).toEqual({ ok: true, value: '20 and 2' });
    const broken = await owner.client.post(`/api/flows/${flow.id}/preview-expression`, {
      template: '{{ $json.n.x.y }}',
      nodeId: 'b',
    });
    expect(broken.body.ok).toBe(false);
    expect(broken.body.error).toMatch(/failed/);
  });

  it('waits and resumes, and can cancel a waiting execution', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 't', type: 'trigger.manual', name: 'Start' },
          { id: 'w', type: 'wait', name: 'Pause', params: { mode: 'duration', amount: 1, unit: 'seconds' } },
          {
            id: 'after',
            type: 'set',
            name: 'After',
            params: { assignments: [{ name: 'resumed', value: '{{ true }}' }] },
          },
        ],
        [
          ['t', 'w'],
          ['w', 'after'],
        ],
      ),
    );
    const run = await owner.client.post(`/api/flows/${flow.id}/run`, {});
    const waiting = await waitFor(
      async () => (await owner.client.get(`/api/executions/${run.body.id}`)).body,
      (e) => e.status === 'waiting',
    );
    expect(waiting.resumeAt).toBeTruthy();
    const done = await finished(run.body.id);
    expect(done.status).toBe('succeeded');
    expect(stepOf(done, 'after')?.output.main?.[0]).toMatchObject({ resumed: true });

    const second = await owner.client.post(`/api/flows/${flow.id}/run`, {});
    await waitFor(
      async () => (await owner.client.get(`/api/executions/${second.body.id}`)).body,
      (e) => e.status === 'waiting',
    );
    await owner.client.post(`/api/executions/${second.body.id}/cancel`);
    expect((await finished(second.body.id)).status).toBe('cancelled');
  });

  it('deletes finished executions past the retention period, with their steps, and keeps the rest', async () => {
    const flow = await createFlow(graph([{ id: 't', type: 'trigger.manual', name: 'Start' }], []));
    const old = await finished((await owner.client.post(`/api/flows/${flow.id}/run`, {})).body.id);
    const recent = await finished((await owner.client.post(`/api/flows/${flow.id}/run`, {})).body.id);
    await server.db.execute(sql`update executions set finished_at = now() - interval '31 days' where id = ${old.id}`);
    const deleted = await server.flows.runtime.prune();
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await owner.client.get(`/api/executions/${old.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/executions/${recent.id}`)).status).toBe(200);
    const steps = await server.db.execute(
      sql`select count(*)::int as n from execution_steps where execution_id = ${old.id}`,
    );
    expect((steps as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    // The flow's run counts are a history of their own and stay.
    expect((await owner.client.get(`/api/flows/${flow.id}`)).body.executionCounts.total).toBe(2);
  });

  it('keeps another account’s executions out of reach (404)', async () => {
    const flow = await createFlow(graph([{ id: 't', type: 'trigger.manual', name: 'Start' }], []));
    const run = await owner.client.post(`/api/flows/${flow.id}/run`, {});
    const them = stranger.client;
    expect((await them.get(`/api/executions/${run.body.id}`)).status).toBe(404);
    expect((await them.post(`/api/executions/${run.body.id}/cancel`)).status).toBe(404);
    expect((await them.post(`/api/executions/${run.body.id}/rerun`, {})).status).toBe(404);
    expect((await them.get(`/api/executions?flowId=${flow.id}`)).status).toBe(404);
    expect((await them.get(`/api/executions?accountId=${accountId()}`)).status).toBe(404);
    expect((await them.post(`/api/flows/${flow.id}/run`, {})).status).toBe(404);
    expect((await them.post(`/api/flows/${flow.id}/preview-expression`, { template: '1', nodeId: 't' })).status).toBe(
      404,
    );
  });
});

describe('a long execution', () => {
  it('carries each step’s last run and totals, and any other run on request', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 't', type: 'trigger.manual', name: 'Start' },
          {
            id: 'many',
            type: 'code',
            name: 'Many',
            params: { code: 'return Array.from({ length: 150 }, (_, n) => ({ n }));' },
          },
          { id: 'loop', type: 'loop', name: 'Each', params: { batchSize: 1 } },
          {
            id: 'double',
            type: 'set',
            name: 'Double',
            params: { assignments: [{ name: 'twice', value: '{{ $json.n * 2 }}' }] },
          },
        ],
        [
          ['t', 'many'],
          ['many', 'loop'],
          ['loop', 'double', 'loop'],
          ['double', 'loop'],
        ],
      ),
      { publish: false },
    );
    const run = await owner.client.post(`/api/flows/${flow.id}/run`, {});
    expect(run.status, run.text).toBe(201);
    const done = await waitFor(
      async () => (await owner.client.get(`/api/executions/${run.body.id}`)).body,
      (e) => ['succeeded', 'failed', 'cancelled'].includes(e?.status),
      { timeoutMs: 45_000 },
    );
    expect(done.status).toBe('succeeded');
    expect(done.stepsTotal).toBeGreaterThan(300);
    // One (the last) run per step, with the totals over all runs beside.
    expect(done.steps.map((s: { nodeId: string }) => s.nodeId).sort()).toEqual(['double', 'loop', 'many', 't']);
    const summary = (id: string) => done.nodes.find((n: { nodeId: string }) => n.nodeId === id);
    expect(summary('double')).toMatchObject({ runs: 150, counts: { main: 150 } });
    expect(summary('loop')).toMatchObject({ runs: 151, counts: { loop: 150, done: 150 } });
    expect(stepOf(done, 'double')).toMatchObject({ output: { main: [{ n: 149, twice: 298 }] } });

    const tenth = await owner.client.get(`/api/executions/${run.body.id}/steps/double/9`);
    expect(tenth.status, tenth.text).toBe(200);
    expect(tenth.body).toMatchObject({ runIndex: 9, output: { main: [{ n: 9, twice: 18 }] } });
    expect((await owner.client.get(`/api/executions/${run.body.id}/steps/double/150`)).status).toBe(404);
    expect((await stranger.client.get(`/api/executions/${run.body.id}/steps/double/9`)).status).toBe(404);
  }, 60_000);

  it('carries every run of a short one', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 't', type: 'trigger.manual', name: 'Start' },
          { id: 'many', type: 'code', name: 'Many', params: { code: 'return [{ n: 1 }, { n: 2 }, { n: 3 }];' } },
          { id: 'loop', type: 'loop', name: 'Each', params: { batchSize: 1 } },
          { id: 'same', type: 'set', name: 'Same', params: { assignments: [] } },
        ],
        [
          ['t', 'many'],
          ['many', 'loop'],
          ['loop', 'same', 'loop'],
          ['same', 'loop'],
        ],
      ),
      { publish: false },
    );
    const done = await finished((await owner.client.post(`/api/flows/${flow.id}/run`, {})).body.id);
    expect(done.stepsTotal).toBe(done.steps.length);
    expect(done.steps.filter((s: { nodeId: string }) => s.nodeId === 'same')).toHaveLength(3);
  });
});
