import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainedGraph } from '../test/flow-graphs';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let api: Server;
let apiUrl: string;
const inFlight = new Map<string, number>();
const peak = new Map<string, number>();
const finishedAt = new Map<string, number[]>();

beforeAll(async () => {
  api = createServer((req, res) => {
    const who = new URL(req.url ?? '/', 'http://x').searchParams.get('who') ?? '?';
    inFlight.set(who, (inFlight.get(who) ?? 0) + 1);
    peak.set(who, Math.max(peak.get(who) ?? 0, inFlight.get(who) ?? 0));
    setTimeout(() => {
      inFlight.set(who, (inFlight.get(who) ?? 1) - 1);
      finishedAt.set(who, [...(finishedAt.get(who) ?? []), Date.now()]);
      res.end('{}');
    }, 400);
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://localhost:${(api.address() as AddressInfo).port}`;
  server = await startTestServer({ FLOWMIND_HTTP_ALLOW_HOSTS: 'localhost', FLOWMIND_ACCOUNT_CONCURRENCY: '2' });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => api.close(resolve));
});

async function holdFlow(user: Awaited<ReturnType<typeof signUpVerified>>, who: string) {
  const graph = chainedGraph([
    { id: 't', type: 'trigger.manual', name: 'Start', params: {} },
    { id: 'h', type: 'http.request', name: 'Hold', params: { url: `${apiUrl}/hold?who=${who}` } },
  ]);
  const res = await user.client.post('/api/flows', { accountId: user.user.personalAccountId, name: who, graph });
  return res.body.id as string;
}

describe('the per-account limit on running executions', () => {
  it('runs at most the limit at once for one account and does not starve another', async () => {
    const flood = await signUpVerified(server, { name: 'Flood', email: 'flood@example.com' });
    const quiet = await signUpVerified(server, { name: 'Quiet', email: 'quiet@example.com' });
    const floodFlow = await holdFlow(flood, 'flood');
    const quietFlow = await holdFlow(quiet, 'quiet');
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => flood.client.post(`/api/flows/${floodFlow}/run`, {})),
    );
    const quietRun = await quiet.client.post(`/api/flows/${quietFlow}/run`, {});

    const deadline = Date.now() + 30_000;
    const statuses = async () =>
      Promise.all([
        ...runs.map(async (r) => (await flood.client.get(`/api/executions/${r.body.id}`)).body.status as string),
        (await quiet.client.get(`/api/executions/${quietRun.body.id}`)).body.status as string,
      ]);
    let current = await statuses();
    while (current.some((s) => s !== 'succeeded') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await statuses();
    }
    expect(current.every((s) => s === 'succeeded')).toBe(true);
    expect(peak.get('flood')).toBe(2);
    // The quiet account's run did not wait behind the flood: it ended before the flood's last ones.
    const quietDone = finishedAt.get('quiet')?.[0] ?? Number.POSITIVE_INFINITY;
    const floodDone = finishedAt.get('flood') ?? [];
    expect(quietDone).toBeLessThan(Math.max(...floodDone));
  }, 60_000);

  it('answers webhook calls beyond the limit from their Respond step once their turn comes', async () => {
    const caller = await signUpVerified(server, { name: 'Caller', email: 'caller@example.com' });
    const graph = chainedGraph([
      { id: 'w', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
      { id: 'h', type: 'http.request', name: 'Hold', params: { url: `${apiUrl}/hold?who=hooks` } },
      {
        id: 'r',
        type: 'webhook.respond',
        name: 'Respond',
        params: { bodyType: 'json', json: '{ "n": {{ $node["Webhook"].json.body.n }} }' },
      },
    ]);
    const created = await caller.client.post('/api/flows', {
      accountId: caller.user.personalAccountId,
      name: 'Hooks',
      graph,
    });
    const flow = (await caller.client.post(`/api/flows/${created.body.id}/publish`, {})).body;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => {
        const res = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ n }),
        });
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(answers).toEqual([1, 2, 3, 4, 5].map((n) => ({ status: 200, body: { n } })));
    expect(peak.get('hooks')).toBe(2);
  }, 60_000);
});
