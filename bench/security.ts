// `npm run bench -- security`: is the server still there for everyone while one account misbehaves?
// Prints /api/health p50/p99 (a probe asking every 20 ms, answered or not) on an idle server, then
// while flows run `while (true) {}` in code steps, while expressions spin, and while one socket
// holds hundreds of live subscriptions as webhook calls change what they watch. Asserts nothing.
import { Pool } from 'undici';
import WebSocket from 'ws';
import { percentile, signUpOnBenchServer, startBenchServer } from './support';

const PROBE_MS = Number(process.env.BENCH_SECURITY_SECONDS ?? 6) * 1000;
const HEALTH_AIM_MS = 50;
const FANOUT_HEALTH_AIM_MS = 100;

const server = await startBenchServer({ port: 3180, mailPort: 3189 });
const base = server.base.replace('localhost', '127.0.0.1');

type Probe = { count: number; errors: number; p50: number; p99: number; max: number };

const PROBE_INTERVAL_MS = 20;

/**
 * Asks /api/health every 20 ms for `durationMs`, whether or not earlier answers came (a stalled
 * server shows as many slow answers, not one), each timed from when it was due to be sent.
 */
async function probeHealth(durationMs: number): Promise<Probe> {
  const pool = new Pool(base, { connections: 64 });
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i * PROBE_INTERVAL_MS < durationMs; i++) {
    const due = started + i * PROBE_INTERVAL_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      pool
        .request({ path: '/api/health', method: 'GET' })
        .then((res) => res.body.text())
        .then(
          () => {
            latencies.push(performance.now() - due);
          },
          () => {
            errors += 1;
          },
        ),
    );
  }
  await Promise.all(pending);
  await pool.close();
  return {
    count: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  };
}

const row = (label: string, probe: Probe, aim: number) =>
  `  ${label.padEnd(44)} p50 ${probe.p50.toFixed(1).padStart(7)} ms   p99 ${probe.p99.toFixed(1).padStart(7)} ms   max ${probe.max
    .toFixed(0)
    .padStart(
      6,
    )} ms   (${probe.count} answers${probe.errors ? `, ${probe.errors} failed` : ''}; aim p99 < ${aim} ms: ${probe.p99 < aim ? 'met' : 'MISSED'})`;

try {
  const { headers, cookie } = await signUpOnBenchServer(server.base, server.mailPort);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const me = await api('GET', '/api/me');
  const accountId = me.personalAccountId as string;
  const node = (id: string, type: string, x: number, params: Record<string, unknown>, settings = {}) => ({
    id,
    type,
    name: id,
    position: { x, y: 0 },
    params,
    settings,
  });
  const publishFlow = async (name: string, nodes: ReturnType<typeof node>[]) => {
    const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: n.id }));
    const flow = await api('POST', '/api/flows', { accountId, name, graph: { nodes, edges } });
    const published = await api('POST', `/api/flows/${flow.id}/publish`, {});
    return `${base}/api/hooks/${published.webhookId}`;
  };
  const call = (url: string, body: unknown = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(
      (error: Error) => new Response(`call failed: ${error.message}`, { status: 599 }),
    );

  await probeHealth(1000); // warm up
  console.log(`\n/api/health while one account misbehaves (${PROBE_MS / 1000} s probes, embedded database)`);
  console.log(row('idle', await probeHealth(PROBE_MS), HEALTH_AIM_MS));

  // Four executions spinning forever in code steps, each allowed 20 s.
  const spinning = await publishFlow('Runaway code', [
    node('hook', 'trigger.webhook', 0, {}),
    node('spin', 'code', 300, { code: 'while (true) {}' }, { timeoutMs: 20_000 }),
  ]);
  for (let i = 0; i < 4; i++) await call(spinning);
  console.log(row('4 executions running while (true) {}', await probeHealth(PROBE_MS), HEALTH_AIM_MS));

  // Expressions that spin: 8 of them in one set step, on 2 calls.
  const spin = '{{ (() => { while (true) {} })() }}';
  const expressions = await publishFlow('Spinning expressions', [
    node('hook', 'trigger.webhook', 0, {}),
    node('set', 'set', 300, {
      assignments: Array.from({ length: 8 }, (_, i) => ({ name: `v${i}`, value: spin })),
    }),
  ]);
  for (let i = 0; i < 2; i++) await call(expressions);
  console.log(row('8 spinning expressions on 2 calls', await probeHealth(PROBE_MS), HEALTH_AIM_MS));

  // Live fan-out: three sockets (the per-socket cap is 100) ask for 300 subscriptions to the
  // account's executions, each with its own limit so no two share a query, then 10 webhook calls.
  const echo = await publishFlow('Echo', [
    node('hook', 'trigger.webhook', 0, { respond: 'respond_step' }),
    node('answer', 'webhook.respond', 300, { bodyType: 'first_item' }),
  ]);
  let snapshots = 0;
  let refused = 0;
  const sockets = await Promise.all(
    [0, 1, 2].map(async () => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
        headers: { cookie, origin: server.base },
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.type === 'snapshot' && message.initial) snapshots += 1;
        if (message.type === 'error') refused += 1;
      });
      return socket;
    }),
  );
  for (let i = 0; i < 300; i++)
    sockets[i % 3]?.send(
      JSON.stringify({ type: 'subscribe', id: `s${i}`, path: `accounts/${accountId}/executions`, limit: i + 1 }),
    );
  const settle = performance.now() + 30_000;
  while (snapshots + refused < 300 && performance.now() < settle) await new Promise((r) => setTimeout(r, 50));
  const accepted = 300 - refused;
  const callsStarted = performance.now();
  let callsMs = 0;
  const calls = Promise.all(Array.from({ length: 10 }, (_, i) => call(echo, { i }).then((res) => res.text()))).then(
    () => {
      callsMs = performance.now() - callsStarted;
    },
  );
  const [probe] = await Promise.all([probeHealth(PROBE_MS), calls]);
  console.log(row(`${accepted} live subscriptions (${refused} refused) + 10 calls`, probe, FANOUT_HEALTH_AIM_MS));
  console.log(`  the 10 webhook calls took ${(callsMs / 1000).toFixed(2)} s together`);
  for (const socket of sockets) socket.close();
} finally {
  server.stop();
}
