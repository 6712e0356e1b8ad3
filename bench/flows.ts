// `npm run bench -- flows`: a published webhook → set → respond flow on the embedded database,
// every call saved as an execution, under 10 and 50 concurrent connections for 10 s each, next to a
// bare node:http server doing the same JSON work in the same run. Prints req/s, p50/p99 latency and
// peak RSS; asserts nothing.
import { spawn } from 'node:child_process';
import { Pool } from 'undici';
import { cpuTimeMs, peakRssMb, percentile, signUpOnBenchServer, startBenchServer } from './support';

const DURATION_MS = Number(process.env.BENCH_FLOWS_SECONDS ?? 10) * 1000;
const CONNECTIONS = [10, 50];

type Result = { requests: number; errors: number; rps: number; p50: number; p99: number };

/** `connections` clients each sending one request after another for `durationMs`. */
async function load(url: string, connections: number, durationMs: number): Promise<Result> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + durationMs;
  let n = 0;
  const client = async () => {
    while (performance.now() < until) {
      n += 1;
      const body = JSON.stringify({ name: `caller ${n}`, a: n, b: 2 });
      const started = performance.now();
      try {
        const res = await pool.request({
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const text = await res.body.text();
        if (res.statusCode !== 200 || !text.includes('"total"')) errors += 1;
        else latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const line = (label: string, r: Result, rssMb: number) =>
  `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms   peak RSS ${rssMb.toFixed(0)} MB${r.errors ? `   errors ${r.errors}` : ''}`;

const server = await startBenchServer({ port: 3170, mailPort: 3179 });
const barePort = 3191;
const bare = spawn('node', ['--import', 'tsx', 'bench/bare-server.ts'], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const fastifyPort = 3192;
const fastify = spawn('node', ['--import', 'tsx', 'bench/fastify-server.ts'], {
  env: { ...process.env, PORT: String(fastifyPort) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const { headers } = await signUpOnBenchServer(server.base, server.mailPort);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const me = await api('GET', '/api/me');
  const graph = {
    nodes: [
      {
        id: 'hook',
        type: 'trigger.webhook',
        name: 'Webhook',
        position: { x: 0, y: 0 },
        params: { respond: 'respond_step', method: 'POST' },
      },
      {
        id: 'set',
        type: 'set',
        name: 'Set',
        position: { x: 300, y: 0 },
        params: {
          assignments: [
            { name: 'greeting', value: 'Hello {{ $json.body.name }}' },
            { name: 'total', value: '{{ $json.body.a + $json.body.b }}' },
          ],
        },
      },
      {
        id: 'respond',
        type: 'webhook.respond',
        name: 'Respond',
        position: { x: 600, y: 0 },
        params: { bodyType: 'first_item' },
      },
    ],
    edges: [
      { id: 'e1', source: 'hook', target: 'set' },
      { id: 'e2', source: 'set', target: 'respond' },
    ],
  };
  const flow = await api('POST', '/api/flows', { accountId: me.personal_account_id, name: 'Bench', graph });
  const published = await api('POST', `/api/flows/${flow.id}/publish`, {});
  const hookUrl = `${server.base.replace('localhost', '127.0.0.1')}/api/hooks/${published.webhook_id}`;
  for (let i = 0; i < 50; i++)
    await (await fetch(`${server.base.replace('localhost', '127.0.0.1')}/api/health`)).text();
  await load(hookUrl, 5, 1500); // warm up
  await load(`http://127.0.0.1:${barePort}/`, 5, 1000);
  await load(`http://127.0.0.1:${fastifyPort}/`, 5, 1000);

  console.log(
    `\nWebhook → set → respond, ${DURATION_MS / 1000} s per run, on the embedded database (PGlite, file-backed)`,
  );
  for (const connections of CONNECTIONS) {
    const cpuBefore = cpuTimeMs(server.pid);
    const flowResult = await load(hookUrl, connections, DURATION_MS);
    const cpuAfter = cpuTimeMs(server.pid);
    const bareResult = await load(`http://127.0.0.1:${barePort}/`, connections, DURATION_MS);
    const fastifyResult = await load(`http://127.0.0.1:${fastifyPort}/`, connections, DURATION_MS);
    console.log(`\n${connections} connections`);
    console.log(line('Flowmind (executions saved)', flowResult, peakRssMb(server.pid)));
    console.log(line('bare node:http, same JSON work', bareResult, peakRssMb(bare.pid as number)));
    console.log(line('Fastify, same JSON work, no saving', fastifyResult, peakRssMb(fastify.pid as number)));
    console.log(
      `  Flowmind throughput: ${((flowResult.rps / bareResult.rps) * 100).toFixed(0)}% of bare (aim: ≥ 50%)${connections === 10 ? `; p99 ${flowResult.p99.toFixed(1)} ms (aim: < 25 ms)` : ''}`,
    );
    // CPU per call barely depends on what else the machine runs, unlike req/s: it shows what a change saved.
    const perCall = (ms: number) => ((ms / Math.max(1, flowResult.requests + flowResult.errors)) * 1000).toFixed(0);
    console.log(
      `  Flowmind CPU per call: ${perCall(cpuAfter.main - cpuBefore.main)} µs on the main thread, ${perCall(cpuAfter.others - cpuBefore.others)} µs on other threads (database, GC, I/O)`,
    );
  }
  // Every answered call is an execution with its steps saved.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const page = await api('GET', `/api/executions?flowId=${flow.id}&limit=1`);
  const latest = await api('GET', `/api/executions/${page.executions[0].id}`);
  const refreshed = await api('GET', `/api/flows/${flow.id}`);
  console.log(
    `\nExecutions saved: ${refreshed.execution_counts.total} (the latest: ${latest.status}, ${latest.steps.length} steps with input and output)`,
  );
} finally {
  bare.kill('SIGTERM');
  fastify.kill('SIGTERM');
  server.stop();
}
