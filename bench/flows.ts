// `npm run bench -- flows`: a published webhook → set → respond flow under 10 and 50 concurrent
// connections for 10 s each. First the compiled server (`flowmind all`, as `npm start` runs it) on
// its embedded PostgreSQL, with every execution saved and with "Save executions: None", each next
// to its aim (BENCH_FLOWS_SAVE=all or none: only that one, to profile it), then both with the side-by-side harness's load generator next to Node-RED when
// ../shared/bench-peers is present. Then (not with BENCH_FLOWS_QUICK=1) the server from source
// next to a bare node:http server and a Fastify one doing the same JSON work, and with
// BENCH_DATABASE_URL the scale-out figures: 1 `flowmind all` against 2 `flowmind api` processes
// (and a worker) on that PostgreSQL server, the calls sent round-robin to their ports. Prints req/s,
// p50/p99 latency, CPU per call and peak RSS; asserts nothing. Ports from BENCH_FLOWS_PORT
// (default 3170) up to 40 above it. Build first (npm run build).
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startMailCatcher } from '../packages/server/src/test/mail-catcher';
import {
  cpuTimeMs,
  descendantsCpuMs,
  type LoadResult,
  load,
  peakRssMb,
  signUpOnBenchServer,
  startBenchServer,
  waitHealthy,
  webhookSetGraph,
} from './support';

const DURATION_MS = Number(process.env.BENCH_FLOWS_SECONDS ?? 10) * 1000;
const CONNECTIONS = [10, 50];
const PORT = Number(process.env.BENCH_FLOWS_PORT ?? 3170);

type Result = LoadResult;

const line = (label: string, r: Result, rssMb: number) =>
  `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms   peak RSS ${rssMb.toFixed(0)} MB${r.errors ? `   errors ${r.errors}` : ''}`;

const graph = webhookSetGraph;

const QUICK = process.env.BENCH_FLOWS_QUICK === '1';

/** The Node-RED comparison's work: POST {"a":2,"b":3} → {"sum":5}. */
const sumGraph = {
  nodes: [
    graph.nodes[0],
    {
      id: 'sum',
      type: 'set',
      name: 'Sum',
      position: { x: 300, y: 0 },
      params: { keepOnlySet: true, assignments: [{ name: 'sum', value: '{{ $json.body.a + $json.body.b }}' }] },
    },
    graph.nodes[2],
  ],
  edges: [
    { id: 'e1', source: 'hook', target: 'sum' },
    { id: 'e2', source: 'sum', target: 'respond' },
  ],
};

if (!QUICK) await onEmbedded();

async function onEmbedded() {
  const server = await startBenchServer({ port: PORT, mailPort: PORT + 9 });
  const barePort = PORT + 21;
  const bare = spawn('node', ['--import', 'tsx', 'bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const fastifyPort = PORT + 22;
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
    const flow = await api('POST', '/api/flows', { accountId: me.personalAccountId, name: 'Bench', graph });
    const published = await api('POST', `/api/flows/${flow.id}/publish`, {});
    const hookUrl = `${server.base.replace('localhost', '127.0.0.1')}/api/hooks/${published.webhookId}`;
    for (let i = 0; i < 50; i++)
      await (await fetch(`${server.base.replace('localhost', '127.0.0.1')}/api/health`)).text();
    await load(hookUrl, 5, 1500); // warm up
    await load(`http://127.0.0.1:${barePort}/`, 5, 1000);
    await load(`http://127.0.0.1:${fastifyPort}/`, 5, 1000);

    console.log(
      `\nWebhook → set → respond, ${DURATION_MS / 1000} s per run, on the embedded PostgreSQL (server from source, next to bare servers)`,
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
      `\nExecutions saved: ${refreshed.executionCounts.total} (the latest: ${latest.status}, ${latest.steps.length} steps with input and output)`,
    );
  } finally {
    bare.kill('SIGTERM');
    fastify.kill('SIGTERM');
    server.stop();
  }
}

/** One role of the real program in its own process, on the bench's PostgreSQL database. */
function startRole(role: 'all' | 'api' | 'worker', port: number, env: Record<string, string>): ChildProcess {
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles these too.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The compiled server, as `npm start` runs it (npm run build first).
  return spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'packages/server/dist/main.js', role], {
    env: {
      ...process.env,
      PORT: String(port),
      FLOWMIND_SECRET: 'bench-flows-secret-0123456789abcdefghij',
      FLOWMIND_WEB_DIST: '/nonexistent',
      FLOWMIND_SIGNIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopAll(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * The same load on a fresh PostgreSQL database, against `apis` api processes. One api runs as
 * `flowmind all`; with more, they run as `flowmind api` next to one `flowmind worker`, as a
 * deployment behind a load balancer would. A Respond-step webhook runs inline in the api
 * process that took the call, so the api processes do the flows' work.
 */
async function onPostgres(adminUrl: string | null, apis: number): Promise<Map<number, Result>> {
  const dbName = `flowmind_bench_flows_${Date.now()}`;
  // No server given: the embedded PostgreSQL that `flowmind all` starts in a fresh data folder.
  const folder = mkdtempSync(join(tmpdir(), 'flowmind-bench-flows-'));
  chmodSync(folder, 0o755);
  const admin = adminUrl ? new pg.Client({ connectionString: adminUrl }) : null;
  let database: Record<string, string> = { DATABASE_URL: '', FLOWMIND_DATA_DIR: join(folder, 'data') };
  if (admin && adminUrl) {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    database = { DATABASE_URL: url.toString() };
  }
  const mailPort = PORT + 39;
  const mail = await startMailCatcher({ httpPort: mailPort });
  const ports = Array.from({ length: apis }, (_, i) => PORT + 30 + i);
  const appUrl = `http://localhost:${ports[0]}`;
  const env = { ...database, SMTP_URL: mail.smtpUrl, APP_URL: appUrl };
  const children: ChildProcess[] = [];
  try {
    // Started one after another: each migrates on start, and the first does the work.
    for (const port of ports) {
      const child = startRole(apis === 1 ? 'all' : 'api', port, env);
      children.push(child);
      await waitHealthy(`http://localhost:${port}`, child, { timeoutMs: 120_000, everyMs: 500 });
    }
    if (apis > 1) children.push(startRole('worker', PORT + 38, env));
    const { headers } = await signUpOnBenchServer(appUrl, mailPort);
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${appUrl}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const me = await api('GET', '/api/me');
    const flow = await api('POST', '/api/flows', { accountId: me.personalAccountId, name: 'Bench', graph });
    const published = await api('POST', `/api/flows/${flow.id}/publish`, {});
    const hookUrls = ports.map((port) => `http://127.0.0.1:${port}/api/hooks/${published.webhookId}`);
    // The same flow keeping no executions (the "Save executions: None" setting).
    const unsaved = await api('POST', '/api/flows', { accountId: me.personalAccountId, name: 'Bench none', graph });
    await api('PATCH', `/api/flows/${unsaved.id}`, { saveExecutions: 'none' });
    const unsavedHook = (await api('POST', `/api/flows/${unsaved.id}/publish`, {})).webhookId;
    const unsavedUrls = ports.map((port) => `http://127.0.0.1:${port}/api/hooks/${unsavedHook}`);
    await load(hookUrls, 5, 1500); // warm up
    await load(unsavedUrls, 5, 1000);
    const results = new Map<number, Result>();
    const apiPids = children.slice(0, apis).map((child) => child.pid as number);
    // BENCH_FLOWS_SAVE=all or none measures only that case (to profile it alone).
    const only = process.env.BENCH_FLOWS_SAVE;
    for (const [label, urls] of [
      ['executions saved', hookUrls],
      ['save executions: none', unsavedUrls],
    ] as const) {
      if (only && only !== (urls === hookUrls ? 'all' : 'none')) continue;
      for (const connections of CONNECTIONS) {
        const cpuBefore = apiPids.map(cpuTimeMs);
        const dbBefore = apis === 1 && !adminUrl ? descendantsCpuMs(apiPids[0] as number) : null;
        const result = await load(urls, connections, DURATION_MS);
        const cpuAfter = apiPids.map(cpuTimeMs);
        const dbAfter = dbBefore === null ? null : descendantsCpuMs(apiPids[0] as number);
        if (urls === hookUrls) results.set(connections, result);
        const calls = Math.max(1, result.requests + result.errors);
        const main = cpuAfter.reduce((sum, after, i) => sum + after.main - (cpuBefore[i]?.main ?? 0), 0);
        const others = cpuAfter.reduce((sum, after, i) => sum + after.others - (cpuBefore[i]?.others ?? 0), 0);
        const rss = Math.max(...apiPids.map(peakRssMb));
        console.log(`\n${connections} connections, ${label}`);
        console.log(line(apis === 1 ? '1 process (flowmind all)' : `${apis} api processes (+1 worker)`, result, rss));
        console.log(
          `  CPU per call in the api processes: ${((main / calls) * 1000).toFixed(0)} µs on main threads (aim ≤ 300 µs), ${((others / calls) * 1000).toFixed(0)} µs on other threads${dbAfter === null || dbBefore === null ? " (PostgreSQL's own not counted)" : `, ${(((dbAfter - dbBefore) / calls) * 1000).toFixed(0)} µs in the embedded PostgreSQL`}`,
        );
        if (urls === hookUrls && apis === 1)
          console.log(
            connections === 10
              ? `  aim with every execution saved: ≥ 3,000 req/s and p99 ≤ 15 ms (${result.rps >= 3000 && result.p99 <= 15 ? 'met' : 'MISSED'})`
              : `  aim with every execution saved: ≥ 4,000 req/s (${result.rps >= 4000 ? 'met' : 'MISSED'})`,
          );
      }
    }
    const refreshed = await api('GET', `/api/flows/${flow.id}`);
    const refreshedUnsaved = await api('GET', `/api/flows/${unsaved.id}`);
    console.log(
      `\nExecutions saved: ${refreshed.executionCounts.total} (save executions: none: ${refreshedUnsaved.executionCounts.total})`,
    );
    if (apis === 1 && !adminUrl)
      await nextToNodeRed(api, me.personalAccountId, ports[0] as number, children[0]?.pid as number);
    return results;
  } finally {
    await stopAll(children);
    await mail.close();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The side-by-side harness's load (autocannon, POST {"a":2,"b":3}) on Node-RED and on this
 * server's sum flow, with every execution saved and with none, one after the other in this run.
 */
async function nextToNodeRed(
  api: (method: string, path: string, body?: unknown) => Promise<{ id: string; webhookId: string }>,
  accountId: string,
  port: number,
  pid: number,
) {
  const harness = process.env.BENCH_PEERS_DIR ?? resolve(import.meta.dirname ?? '.', '../../shared/bench-peers');
  if (!existsSync(join(harness, 'load.sh'))) {
    console.log(`\n(no side-by-side harness at ${harness}: Node-RED not measured)`);
    return;
  }
  type Run = { connections: number; rps: number; p99: number };
  const loadSh = (url: string, target: number, label: string): Run[] => {
    const out = spawnSync('bash', [join(harness, 'load.sh'), url, String(target), label], { encoding: 'utf8' });
    process.stdout.write(out.stdout);
    return [...out.stdout.matchAll(/^c=(\d+)\s+(\d+) req\/s.*?p99 (\d+(?:\.\d+)?) ms.*$/gm)].map((m) => ({
      connections: Number(m[1]),
      rps: Number(m[2]),
      p99: Number(m[3]),
    }));
  };
  console.log(
    '\nSide by side with Node-RED (same machine, same load generator: autocannon): POST {"a":2,"b":3} → sum → respond {"sum":5}',
  );
  execFileSync('bash', [join(harness, 'setup.sh')], { stdio: 'inherit' });
  const noderedPort = Number(process.env.BENCH_NODERED_PORT ?? 3195);
  const noderedPid = Number(
    execFileSync('bash', [join(harness, 'start-nodered.sh')], {
      encoding: 'utf8',
      env: { ...process.env, PORT: String(noderedPort) },
    }).trim(),
  );
  let nodered: Run[] = [];
  try {
    nodered = loadSh(`http://127.0.0.1:${noderedPort}/bench`, noderedPid, 'Node-RED 5.0.7 (saves nothing)');
  } finally {
    process.kill(noderedPid, 'SIGTERM');
  }
  for (const save of ['all', 'none'] as const) {
    const flow = await api('POST', '/api/flows', { accountId, name: `Sum ${save}`, graph: sumGraph });
    await api('PATCH', `/api/flows/${flow.id}`, { saveExecutions: save });
    const published = await api('POST', `/api/flows/${flow.id}/publish`, {});
    const runs = loadSh(
      `http://127.0.0.1:${port}/api/hooks/${published.webhookId}`,
      pid,
      `Flowmind, save executions: ${save}`,
    );
    for (const run of runs) {
      const peer = nodered.find((other) => other.connections === run.connections);
      if (peer)
        console.log(
          `  ${run.connections} connections: Flowmind (save ${save}) ${run.rps} req/s = ${(run.rps / peer.rps).toFixed(2)}× Node-RED's ${peer.rps} (${save === 'none' ? `aim ≥ 0.5×: ${run.rps >= peer.rps / 2 ? 'met' : 'MISSED'}` : savedAim(run)})`,
        );
    }
  }
}

/** The aims with every execution saved, on the sum flow under autocannon. */
function savedAim(run: { connections: number; rps: number; p99: number }) {
  if (run.connections === 10)
    return `aim ≥ 3,000 req/s with p99 ≤ 15 ms: ${run.rps >= 3000 && run.p99 <= 15 ? 'met' : 'MISSED'}`;
  return `aim ≥ 4,000 req/s: ${run.rps >= 4000 ? 'met' : 'MISSED'}`;
}

console.log(
  `\nWebhook → set (a greeting and a total added to the request's item, all of it kept) → respond, ${DURATION_MS / 1000} s per run, on the embedded PostgreSQL (compiled server, as npm start runs it), with this bench's own load generator`,
);
await onPostgres(null, 1);

const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl && !QUICK) {
  const byApis = new Map<number, Map<number, Result>>();
  for (const apis of QUICK ? [1] : [1, 2]) {
    console.log(`\nWebhook → set → respond, ${DURATION_MS / 1000} s per run, on PostgreSQL, ${apis} api process(es)`);
    byApis.set(apis, await onPostgres(adminUrl, apis));
  }
  console.log('\nPostgreSQL, 1 against 2 api processes');
  for (const connections of CONNECTIONS) {
    const one = byApis.get(1)?.get(connections);
    const two = byApis.get(2)?.get(connections);
    if (!one || !two) continue;
    console.log(
      `  ${String(connections).padStart(2)} connections: ${one.rps.toFixed(0)} → ${two.rps.toFixed(0)} req/s (×${(two.rps / one.rps).toFixed(2)}), p99 ${one.p99.toFixed(1)} → ${two.p99.toFixed(1)} ms`,
    );
  }
} else {
  console.log('\n(Scale-out on PostgreSQL skipped: set BENCH_DATABASE_URL to a server it may create databases on.)');
}
