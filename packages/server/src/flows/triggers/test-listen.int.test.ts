import { NO_TEST_DATA_MESSAGE, testEmailAddress } from '@flowmind/shared/flow-test-data';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flows } from '../../db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { testListens } from './test-listen';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let stranger: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer({ SMTP_INBOUND_PORT: '0' });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(() => server.close());

type Member = typeof owner;
type Node = { id: string; type: string; name: string; params?: Record<string, unknown> };

async function createFlow(who: Member, nodes: Node[]) {
  const graph = {
    nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })),
    edges: nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: n.id })),
  };
  const res = await who.client.post('/api/flows', { accountId: who.user.personalAccountId, name: 'Intake', graph });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; webhookId: string; emailAddress: string };
}

const hookFlow = (who: Member) =>
  createFlow(who, [
    { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
    {
      id: 'greet',
      type: 'set',
      name: 'Greet',
      params: { assignments: [{ name: 'hello', value: '{{ $json.body.name }}' }] },
    },
    {
      id: 'enrich',
      type: 'code',
      name: 'Enrich',
      params: { code: 'return items.map((i) => ({ ...i, source: "ran" }));' },
    },
    { id: 'answer', type: 'webhook.respond', name: 'Answer', params: { body: '{{ JSON.stringify($json) }}' } },
  ]);

const testUrl = (flow: { webhookId: string }, path = '') => `${server.baseUrl}/api/hooks/test/${flow.webhookId}${path}`;

/** Calls the test URL until the listen is in place (it starts with the request that waits). */
async function callWhenListening(url: string, init: RequestInit) {
  for (let i = 0; i < 50; i += 1) {
    const res = await fetch(url, init);
    if (res.status !== 404) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the test URL never started listening');
}

async function finished(who: Member, id: string) {
  for (let i = 0; i < 150; i += 1) {
    const { body } = await who.client.get(`/api/executions/${id}`);
    if (['succeeded', 'failed', 'cancelled'].includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the run did not finish');
}

async function liveRunOf(who: Member, flowId: string) {
  for (let i = 0; i < 150; i += 1) {
    const { body } = await who.client.get(`/api/executions?flowId=${flowId}`);
    const live = (body.executions as { mode: string }[]).find((run) => run.mode === 'webhook');
    if (live) return live;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the webhook run was not saved');
}

type Step = {
  nodeId: string;
  output: Record<string, [Record<string, unknown>, ...Record<string, unknown>[]]>;
  logs: { message: string }[];
};
const stepOf = (execution: { steps: Step[] }, nodeId: string) =>
  execution.steps.find((s) => s.nodeId === nodeId) as Step;

describe('test data: listen for a test call, pinned outputs', () => {
  it('a test call while the editor listens is answered 202 and becomes the trigger’s pinned data', async () => {
    const flow = await hookFlow(owner);
    const listening = owner.client.post(`/api/flows/${flow.id}/test-listen`, { nodeId: 'hook' });
    const call = await callWhenListening(testUrl(flow, '/orders?ref=7'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shop': 'north' },
      body: JSON.stringify({ name: 'Grace' }),
    });
    expect(call.status).toBe(202);
    expect(await call.json()).toMatchObject({ received: true });

    const heard = await listening;
    expect(heard.status, heard.text).toBe(200);
    expect(heard.body).toMatchObject({ received: true, pin: { nodeId: 'hook', source: 'test_call' } });
    const item = heard.body.pin.output.main?.[0];
    expect(item).toMatchObject({ method: 'POST', path: '/orders', query: { ref: '7' }, body: { name: 'Grace' } });
    expect(item.headers['x-shop']).toBe('north');

    const pins = await owner.client.get(`/api/flows/${flow.id}/pins`);
    expect(pins.body).toEqual([expect.objectContaining({ nodeId: 'hook', output: { main: [item] } })]);
    // One call per listen: the next one finds nobody listening.
    const again = await fetch(testUrl(flow), {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(again.status).toBe(404);
  });

  it('the test URL answers 404 when nobody listens, and the production URL of a draft does too', async () => {
    const flow = await hookFlow(owner);
    const res = await fetch(testUrl(flow), { method: 'POST' });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toMatch(/Listen for a test call/);
    expect((await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, { method: 'POST' })).status).toBe(404);
  });

  it('another account cannot listen on, pin, unpin or read the pins of a flow; its own listen does not open this one', async () => {
    const flow = await hookFlow(owner);
    expect((await stranger.client.post(`/api/flows/${flow.id}/test-listen`, {})).status).toBe(404);
    expect((await stranger.client.get(`/api/flows/${flow.id}/pins`)).status).toBe(404);
    const put = await stranger.client.request('PUT', `/api/flows/${flow.id}/pins/enrich`, {
      output: { main: [{ x: 1 }] },
    });
    expect(put.status).toBe(404);
    expect((await stranger.client.delete(`/api/flows/${flow.id}/pins/enrich`)).status).toBe(404);

    // The stranger listens on their own flow: the owner's test URL still takes nothing.
    const theirs = await hookFlow(stranger);
    const controller = new AbortController();
    const listening = fetch(`${server.baseUrl}/api/flows/${theirs.id}/test-listen`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        cookie: stranger.client.cookieHeader,
        'content-type': 'application/json',
      },
      body: '{}',
      signal: controller.signal,
    }).catch(() => null);
    await callWhenListening(testUrl(theirs), { method: 'GET' });
    const intoOwners = await fetch(testUrl(flow), { method: 'POST', body: 'x' });
    expect(intoOwners.status).toBe(404);
    controller.abort();
    await listening;
    expect((await owner.client.get(`/api/flows/${flow.id}/pins`)).body).toEqual([]);
  });

  it('a listen with a bad node id or flow id is a 400 naming the field; a stranger cannot stop a listen (404)', async () => {
    const flow = await hookFlow(owner);
    const badNode = await owner.client.post(`/api/flows/${flow.id}/test-listen`, { nodeId: 'x'.repeat(65) });
    expect(badNode.status).toBe(400);
    expect(badNode.body.error.field).toBe('nodeId');
    const badFlow = await owner.client.delete(`/api/flows/${'x'.repeat(65)}/test-listen`);
    expect(badFlow.status).toBe(400);
    expect(badFlow.body.error.field).toBe('flowId');
    expect((await stranger.client.delete(`/api/flows/${flow.id}/test-listen`)).status).toBe(404);
    expect((await server.client().delete(`/api/flows/${flow.id}/test-listen`)).status).toBe(401);
  });

  it('pinned data past 1 MB is a 400 naming the field', async () => {
    const flow = await hookFlow(owner);
    const big = { main: [{ text: 'x'.repeat(1024 * 1024) }] };
    const res = await owner.client.request('PUT', `/api/flows/${flow.id}/pins/enrich`, { output: big });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'bad_request', field: 'output' });
    expect(res.body.error.message).toMatch(/at most 1\.0 MB/);
    const missing = await owner.client.request('PUT', `/api/flows/${flow.id}/pins/nope`, { output: { main: [] } });
    expect(missing.body.error).toMatchObject({ code: 'bad_request', field: 'nodeId' });
  });

  it('a test run uses the pinned trigger data and pinned steps; a published run does not', async () => {
    const flow = await hookFlow(owner);
    const noData = await owner.client.post(`/api/flows/${flow.id}/run`, {});
    expect(noData.status).toBe(400);
    expect(noData.body.error.message).toContain(NO_TEST_DATA_MESSAGE);
    expect(noData.body.error.field).toBe('trigger');

    const pinTrigger = await owner.client.request('PUT', `/api/flows/${flow.id}/pins/hook`, {
      output: { main: [{ method: 'POST', body: { name: 'Pinned Pat' } }] },
    });
    expect(pinTrigger.status, pinTrigger.text).toBe(200);
    const pinStep = await owner.client.request('PUT', `/api/flows/${flow.id}/pins/enrich`, {
      output: { main: [{ hello: 'from the pin', source: 'pinned' }] },
    });
    expect(pinStep.status).toBe(200);

    const test = await finished(owner, (await owner.client.post(`/api/flows/${flow.id}/run`, {})).body.id);
    expect(test.status).toBe('succeeded');
    expect(stepOf(test, 'greet').output.main?.[0]).toMatchObject({ hello: 'Pinned Pat' });
    expect(stepOf(test, 'enrich').output.main).toEqual([{ hello: 'from the pin', source: 'pinned' }]);
    expect(stepOf(test, 'enrich').logs[0]?.message).toMatch(/Pinned data used/);
    expect(stepOf(test, 'answer').output.main?.[0]).toMatchObject({ source: 'pinned' });

    // Published: a real call runs every step, pins or not.
    expect((await owner.client.post(`/api/flows/${flow.id}/publish`, {})).status).toBe(200);
    // Nor does it replay the trigger a test run was given: with no live run yet there is no data.
    const noLiveData = await owner.client.post(`/api/flows/${flow.id}/run`, { published: true });
    expect(noLiveData.status, noLiveData.text).toBe(400);
    expect(noLiveData.body.error).toMatchObject({ field: 'trigger', message: expect.stringMatching(/no live run/) });
    const call = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Real Rae' }),
    });
    expect(call.status).toBe(200);
    expect(await call.json()).toMatchObject({ hello: 'Real Rae', source: 'ran' });
    // A quick run's record follows its answer in the next write batch.
    await liveRunOf(owner, flow.id);
    const published = await finished(
      owner,
      (await owner.client.post(`/api/flows/${flow.id}/run`, { published: true })).body.id,
    );
    expect(stepOf(published, 'greet').output.main?.[0]).toMatchObject({ hello: 'Real Rae' });
    expect(stepOf(published, 'enrich').output.main?.[0]).toMatchObject({ source: 'ran' });

    // Unpinned, the step runs again in a test run.
    expect((await owner.client.delete(`/api/flows/${flow.id}/pins/enrich`)).status).toBe(204);
    const after = await finished(owner, (await owner.client.post(`/api/flows/${flow.id}/run`, {})).body.id);
    expect(stepOf(after, 'greet').output.main?.[0]).toMatchObject({ hello: 'Pinned Pat' });
    expect(stepOf(after, 'enrich').output.main?.[0]).toMatchObject({ source: 'ran' });
  });

  it('an email to the test address while listening is pinned; unheard, the address refuses it', async () => {
    const flow = await createFlow(owner, [
      { id: 'mail', type: 'trigger.email', name: 'Inbox' },
      {
        id: 'x',
        type: 'set',
        name: 'Subject',
        params: { assignments: [{ name: 'title', value: '{{ $json.subject }}' }] },
      },
    ]);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.flows.inboundPort() ?? 0,
      secure: false,
      ignoreTLS: true,
    });
    const to = testEmailAddress(flow.emailAddress);
    expect(to).toMatch(/^flow-[a-z0-9]+\+test@/);
    await expect(transport.sendMail({ from: 'bob@example.com', to, subject: 'Early', text: 'x' })).rejects.toThrow(
      /550/,
    );

    const listening = owner.client.post(`/api/flows/${flow.id}/test-listen`, {});
    for (let i = 0; ; i += 1) {
      try {
        await transport.sendMail({ from: 'Bob <bob@example.com>', to, subject: 'Invoice 42', text: 'Please pay.' });
        break;
      } catch (error) {
        if (i > 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const heard = await listening;
    expect(heard.body).toMatchObject({ received: true, pin: { nodeId: 'mail', source: 'test_email' } });
    expect(heard.body.pin.output.main?.[0]).toMatchObject({ from: 'bob@example.com', subject: 'Invoice 42' });
    const run = await finished(owner, (await owner.client.post(`/api/flows/${flow.id}/run`, {})).body.id);
    expect(stepOf(run, 'x').output.main?.[0]).toMatchObject({ title: 'Invoice 42' });
  });

  it('a listen ends after its time with a message, or at once when cancelled', async () => {
    const flow = await hookFlow(owner);
    const [row] = await server.db.select().from(flows).where(eq(flows.id, flow.id));
    if (!row) throw new Error('no flow row');
    const listens = testListens({ db: server.db, bus: server.bus, timeoutMs: 300 });
    const timedOut = await listens.listen({ flow: row, userId: owner.user.id, signal: new AbortController().signal });
    expect(timedOut).toMatchObject({ received: false, reason: 'timeout' });
    expect((await fetch(testUrl(flow), { method: 'POST' })).status).toBe(404);

    const controller = new AbortController();
    const cancelled = listens.listen({ flow: row, userId: owner.user.id, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await cancelled).toMatchObject({ received: false, reason: 'cancelled' });
    expect((await fetch(testUrl(flow), { method: 'POST' })).status).toBe(404);

    // A second listen (another window) ends the first, which says so; Stop elsewhere ends the second.
    const first = owner.client.post(`/api/flows/${flow.id}/test-listen`, {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = owner.client.post(`/api/flows/${flow.id}/test-listen`, {});
    expect((await first).body).toMatchObject({
      received: false,
      reason: 'cancelled',
      message: expect.stringMatching(/elsewhere/),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await owner.client.delete(`/api/flows/${flow.id}/test-listen`)).status).toBe(204);
    expect((await second).body).toMatchObject({ received: false, reason: 'cancelled' });

    expect(
      (await owner.client.post(`/api/flows/${flow.id}/test-listen`, { nodeId: 'greet' })).body.error,
    ).toMatchObject({
      field: 'nodeId',
    });
  });
});
