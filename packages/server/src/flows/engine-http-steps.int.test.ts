import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { createFlow, finished, graph, owner, server, stepOf, useEngineServer } from './engine-test-setup';

// The local API is started before the test server and closed after it (hooks run in reverse order).
/** A local API for HTTP steps: it records every call; /slow answers after 3 s, /flaky fails twice in three. */
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
});
afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
});
useEngineServer();

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
});
