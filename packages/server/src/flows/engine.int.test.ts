import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';
import { waitFor } from '../test/wait';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let stranger: Awaited<ReturnType<typeof signUpVerified>>;
let api: Server;
let apiUrl: string;
const apiCalls: { path: string; body: string }[] = [];
let flaky = 0;

beforeAll(async () => {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      apiCalls.push({ path: req.url ?? '', body });
      if (req.url?.startsWith('/slow')) {
        setTimeout(() => res.end(JSON.stringify({ slow: true })), 3000);
        return;
      }
      if (req.url?.startsWith('/flaky')) {
        flaky += 1;
        res.statusCode = flaky % 3 === 0 ? 200 : 503;
        res.end(JSON.stringify({ attempt: flaky }));
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ received: body ? JSON.parse(body) : null, path: req.url }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://localhost:${(api.address() as AddressInfo).port}`;
  server = await startTestServer({ FLOWMIND_HTTP_ALLOW_HOSTS: 'localhost', SMTP_INBOUND_PORT: '0' });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => api.close(resolve));
});

const accountId = () => owner.user.personalAccountId as string;
type Node = {
  id: string;
  type: string;
  name: string;
  params?: Record<string, unknown>;
  settings?: Record<string, unknown>;
};

function graph(nodes: Node[], edges: [string, string, string?, string?][]) {
  return {
    nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })),
    edges: edges.map(([source, target, sourceHandle = 'main', targetHandle = 'main'], i) => ({
      id: `e${i}`,
      source,
      target,
      sourceHandle,
      targetHandle,
    })),
  };
}

async function createFlow(g: ReturnType<typeof graph>, { publish = true } = {}) {
  const res = await owner.client.post('/api/flows', { accountId: accountId(), name: 'Test flow', graph: g });
  expect(res.status, res.text).toBe(201);
  if (publish) {
    const published = await owner.client.post(`/api/flows/${res.body.id}/publish`, {});
    expect(published.status, published.text).toBe(200);
    return published.body;
  }
  return res.body;
}

const finished = (id: string) =>
  waitFor(
    async () => (await owner.client.get(`/api/executions/${id}`)).body,
    (e) => ['succeeded', 'failed', 'cancelled'].includes(e?.status),
  );

const stepOf = (execution: { steps: { nodeId: string }[] }, nodeId: string) =>
  execution.steps.find((s) => s.nodeId === nodeId) as
    | {
        status: string;
        output: Record<string, unknown[]>;
        input: Record<string, unknown[]>;
        error: string;
        attempts: number;
        startedAt: string;
        logs: { message: string }[];
      }
    | undefined;

describe('the engine end to end', () => {
  it('runs webhook → code → if → HTTP request → respond and answers from the Respond step', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step', method: 'POST' } },
          {
            id: 'code',
            type: 'code',
            name: 'Score',
            params: {
              code: 'console.log("scoring", items.length); return items.map((i) => ({ email: i.body.email, score: i.body.amount * 2 }));',
            },
          },
          {
            id: 'if',
            type: 'if',
            name: 'Big?',
            params: { conditions: [{ left: '{{ $json.score }}', operator: 'gt', right: '100' }] },
          },
          {
            id: 'http',
            type: 'http.request',
            name: 'Notify',
            params: {
              method: 'POST',
              url: `${apiUrl}/notify`,
              bodyType: 'json',
              jsonBody: '{ "who": "{{ $json.email }}", "score": {{ $json.score }} }',
            },
          },
          {
            id: 'ok',
            type: 'webhook.respond',
            name: 'Accepted',
            params: {
              status: 201,
              bodyType: 'json',
              json: '{ "accepted": true, "echo": {{ JSON.stringify($node["Notify"].json.body.received) }} }',
            },
          },
          {
            id: 'small',
            type: 'webhook.respond',
            name: 'Too small',
            params: { status: 422, bodyType: 'text', text: 'Score {{ $json.score }} is too small' },
          },
        ],
        [
          ['hook', 'code'],
          ['code', 'if'],
          ['if', 'http', 'true'],
          ['http', 'ok'],
          ['if', 'small', 'false'],
        ],
      ),
    );
    const big = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', amount: 60 }),
    });
    expect(big.status).toBe(201);
    expect(await big.json()).toEqual({ accepted: true, echo: { who: 'a@b.co', score: 120 } });
    expect(apiCalls.some((c) => c.path === '/notify' && JSON.parse(c.body).score === 120)).toBe(true);

    const small = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}/any/sub/path`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'c@d.co', amount: 3 }),
    });
    expect(small.status).toBe(422);
    expect(await small.text()).toBe('Score 6 is too small');

    const wrongMethod = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`);
    expect(wrongMethod.status).toBe(405);

    const list = await owner.client.get(`/api/executions?flowId=${flow.id}`);
    expect(list.body.executions).toHaveLength(2);
    const execution = await finished(list.body.executions[1].id);
    expect(execution).toMatchObject({ status: 'succeeded', mode: 'webhook', version: 1 });
    expect(stepOf(execution, 'hook')?.output.main?.[0]).toMatchObject({ method: 'POST', body: { email: 'a@b.co' } });
    const code = stepOf(execution, 'code');
    expect(code?.output.main).toEqual([{ email: 'a@b.co', score: 120 }]);
    expect(code?.logs[0]?.message).toBe('scoring 1');
    expect(stepOf(execution, 'if')?.output.true).toEqual([{ email: 'a@b.co', score: 120 }]);
    expect(stepOf(execution, 'if')?.output.false ?? []).toEqual([]);
    expect(stepOf(execution, 'http')?.output.main?.[0]).toMatchObject({ status: 200 });
    expect(stepOf(execution, 'small')).toBeUndefined();

    const counted = await waitFor(
      async () => (await owner.client.get(`/api/flows/${flow.id}`)).body,
      (f) => f.executionCounts.total === 2,
    );
    expect(counted.lastExecution.status).toBe('succeeded');
  });

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

  it('refuses HTTP steps to loopback and link-local addresses by default, in words', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 't', type: 'trigger.manual', name: 'Start' },
          {
            id: 'local',
            type: 'http.request',
            name: 'Local',
            params: { url: apiUrl.replace('localhost', '127.0.0.1') },
            settings: { onError: 'continue' },
          },
          {
            id: 'meta',
            type: 'http.request',
            name: 'Metadata',
            params: { url: 'http://169.254.169.254/latest/meta-data/' },
          },
        ],
        [
          ['t', 'local'],
          ['local', 'meta'],
        ],
      ),
    );
    const run = await owner.client.post(`/api/flows/${flow.id}/run`, {});
    expect(run.status, run.text).toBe(201);
    const execution = await finished(run.body.id);
    expect(execution.status).toBe('failed');
    expect(stepOf(execution, 'local')?.status).toBe('failed');
    expect(stepOf(execution, 'local')?.error).toMatch(/Refused to connect to 127\.0\.0\.1/);
    expect(stepOf(execution, 'meta')?.error).toMatch(/Refused to connect to 169\.254\.169\.254/);
    expect(execution.error.nodeName).toBe('Metadata');
  });

  it('retries with back-off, and takes the error branch when asked', async () => {
    flaky = 0;
    const flow = await createFlow(
      graph(
        [
          { id: 't', type: 'trigger.manual', name: 'Start' },
          {
            id: 'flaky',
            type: 'http.request',
            name: 'Flaky',
            params: { url: `${apiUrl}/flaky` },
            settings: { retries: 3, retryDelayMs: 50 },
          },
          { id: 'bad', type: 'code', name: 'Bad', params: { code: 'return 42' }, settings: { onError: 'branch' } },
          { id: 'handled', type: 'set', name: 'Handled', params: { assignments: [{ name: 'handled', value: 'yes' }] } },
        ],
        [
          ['t', 'flaky'],
          ['flaky', 'bad'],
          ['bad', 'handled', 'error'],
        ],
      ),
    );
    const run = await owner.client.post(`/api/flows/${flow.id}/run`, {});
    const execution = await finished(run.body.id);
    expect(execution.status).toBe('succeeded');
    const flakyStep = stepOf(execution, 'flaky');
    expect(flakyStep?.attempts).toBe(3);
    expect(flakyStep?.logs.map((l) => l.message).filter((m) => m.startsWith('Attempt'))).toEqual([
      expect.stringMatching(/^Attempt 1 failed: .*503.*Retrying in 50 ms/),
      expect.stringMatching(/^Attempt 2 failed: .*Retrying in 100 ms/),
    ]);
    expect(stepOf(execution, 'bad')?.status).toBe('failed');
    expect(stepOf(execution, 'handled')?.output.main?.[0]).toMatchObject({
      handled: 'yes',
      error: expect.stringMatching(/must return/),
    });
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

  it('cancels a running execution', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 't', type: 'trigger.manual', name: 'Start' },
          { id: 'slow', type: 'http.request', name: 'Slow', params: { url: `${apiUrl}/slow` } },
        ],
        [['t', 'slow']],
      ),
    );
    const run = await owner.client.post(`/api/flows/${flow.id}/run`, {});
    await waitFor(
      async () => (await owner.client.get(`/api/executions/${run.body.id}`)).body,
      (e) => e.steps.some((s: { nodeId: string }) => s.nodeId === 'slow'),
    );
    const cancel = await owner.client.post(`/api/executions/${run.body.id}/cancel`);
    expect(cancel.status).toBe(200);
    const execution = await finished(run.body.id);
    expect(execution.status).toBe('cancelled');
    expect(stepOf(execution, 'slow')?.status).toBe('cancelled');
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

  it('fires a schedule once per tick however many schedulers look', async () => {
    const flow = await createFlow(
      graph(
        [
          {
            id: 's',
            type: 'trigger.schedule',
            name: 'Every 10 s',
            params: { mode: 'interval', every: 10, unit: 'seconds' },
          },
          {
            id: 'x',
            type: 'set',
            name: 'Mark',
            params: { assignments: [{ name: 'fired', value: '{{ $json.firedAt }}' }] },
          },
        ],
        [['s', 'x']],
      ),
    );
    // Make it due now, then let two more schedulers race the one the server runs.
    await server.db.execute(
      sql`update flow_schedules set next_at = now() - interval '1 second' where flow_id = ${flow.id}`,
    );
    const { startScheduler } = await import('./triggers/schedule');
    const pino = (await import('pino')).default;
    const extra = [1, 2].map(() =>
      startScheduler({
        db: server.db,
        runtime: server.flows.runtime,
        logger: pino({ level: 'silent' }),
        intervalMs: 3600_000,
      }),
    );
    // Each started with a tick; four more at once race for the same due schedule.
    await Promise.all([...extra, ...extra].map((s) => s.tick()));
    for (const s of extra) s.stop();
    const executions = async () => (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body.executions;
    const [first] = await waitFor(executions, (list) => list.length > 0);
    await Promise.all(extra.map((s) => s.tick()));
    const list = await executions();
    expect(list).toHaveLength(1);
    expect(list[0].mode).toBe('schedule');
    const execution = await finished(first.id);
    expect(stepOf(execution, 'x')?.output.main?.[0]).toMatchObject({ fired: expect.any(String) });
  });

  it('starts a flow from an email sent over SMTP', async () => {
    const flow = await createFlow(
      graph(
        [
          { id: 'mail', type: 'trigger.email', name: 'Inbox' },
          {
            id: 'x',
            type: 'set',
            name: 'Subject',
            params: { assignments: [{ name: 'title', value: '{{ $json.subject.toUpperCase() }}' }] },
          },
        ],
        [['mail', 'x']],
      ),
    );
    const inbound = server.flows.inboundPort();
    expect(inbound).toBeGreaterThan(0);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inbound ?? 0,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: 'Bob <bob@example.com>',
      to: flow.emailAddress,
      subject: 'Invoice 42',
      text: 'Please pay.',
    });
    await expect(
      transport.sendMail({ from: 'bob@example.com', to: 'flow-nothere@localhost', subject: 'x', text: 'y' }),
    ).rejects.toThrow(/550/);
    const list = await waitFor(
      async () => (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body,
      (page) => page.executions.length === 1,
    );
    const execution = await finished(list.executions[0].id);
    expect(stepOf(execution, 'mail')?.output.main?.[0]).toMatchObject({
      from: 'bob@example.com',
      subject: 'Invoice 42',
      text: 'Please pay.\n',
    });
    expect(stepOf(execution, 'x')?.output.main?.[0]).toMatchObject({ title: 'INVOICE 42' });
  });

  it('starts a flow when a table record is created, and a flow’s own writes do not loop', async () => {
    const table = (await owner.client.post('/api/tables', { accountId: accountId(), name: 'Leads' })).body;
    const flow = await createFlow(
      graph(
        [
          { id: 'rec', type: 'trigger.table', name: 'New lead', params: { tableId: table.id, event: 'created' } },
          {
            id: 'copy',
            type: 'table.records',
            name: 'Copy',
            params: {
              tableId: table.id,
              operation: 'create',
              values: [{ name: 'Name', value: '{{ $json.fields.Name }} (copy)' }],
            },
          },
        ],
        [['rec', 'copy']],
      ),
    );
    const created = await owner.client.post(`/api/tables/${table.id}/records`, { records: [{ values: {} }] });
    expect(created.status, created.text).toBe(201);
    const fields = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
    await owner.client.patch(`/api/tables/${table.id}/records`, {
      records: [{ id: created.body.records[0].id, values: { [fields[0].id]: 'Ann' } }],
    });
    const list = await waitFor(
      async () => (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body,
      (page) => page.executions.length >= 1,
    );
    await finished(list.executions[0].id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body;
    expect(after.executions).toHaveLength(1);
    const records = (await owner.client.get(`/api/tables/${table.id}/records`)).body.records;
    expect(records).toHaveLength(2);

    // A public form's submission is a created record too.
    const { body: view } = await owner.client.post(`/api/tables/${table.id}/views`, { name: 'Sign up', type: 'form' });
    const shared = await owner.client.patch(`/api/tables/${table.id}/views/${view.id}`, {
      config: { formPublic: true },
    });
    const visitor = server.client();
    const submitted = await visitor.post(`/api/forms/${shared.body.publicId}/submit`, {
      values: { [fields[0].id]: 'From the form' },
    });
    expect(submitted.status, submitted.text).toBe(201);
    const more = await waitFor(
      async () => (await owner.client.get(`/api/executions?flowId=${flow.id}`)).body,
      (page) => page.executions.length === 2,
    );
    const fromForm = await finished(more.executions[0].id);
    expect(stepOf(fromForm, 'rec')?.output.main?.[0]).toMatchObject({
      event: 'created',
      fields: { Name: 'From the form' },
    });
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
