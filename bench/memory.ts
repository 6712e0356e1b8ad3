// `npm run bench -- memory`: the memory the app takes, as issue 17 counts it: the compiled server
// (`npm run build`) and its database, PSS summed over their processes (worker threads are inside
// the server's process). It signs up a user, makes the API calls of each main page, waits for the
// server to settle and prints the idle figure next to its target (200 MiB), then runs a short flows
// load (a webhook → set → respond flow, and one with a code step, which runs in the sandbox's worker
// threads), sampling the peak (target 400 MiB), and prints the idle figure again after the load.
// The database comes from `databaseProvider` below: the embedded PostgreSQL the server starts in a
// fresh data folder (counted), or with BENCH_DATABASE_URL a fresh database on that server, whose
// processes serving the app are shown for reference but are not the app's own. BENCH_MEMORY_SECONDS sets the length of each load run (default 10).
// The server runs as `npm run serve` runs it (the node flags of that script); BENCH_SERVER_NODE_ARGS
// adds flags (e.g. "--max-semi-space-size=2"), BENCH_MEMORY_NODE_ARGS replaces the script's.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { postmasterPid } from '../packages/server/src/db/embedded-process';
import { startMailCatcher } from '../packages/server/src/test/mail-catcher';
import { describeProbe, probe, processTree, readMemory, reportMemory } from './process-memory';
import { cpuTimeMs, load, waitHealthy, webhookSetGraph } from './support';

const root = new URL('..', import.meta.url).pathname;
const _MiB = 1024 * 1024;
const IDLE_TARGET_MIB = 200;
const PEAK_TARGET_MIB = 400;
const LOAD_MS = Number(process.env.BENCH_MEMORY_SECONDS ?? 10) * 1000;
/** How long the server is left alone before an idle figure is read (timers, GC, pools settling). */
const SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_SECONDS ?? 35) * 1000;

/**
 * The database the server runs on: the environment the server gets for it, and the processes that
 * are the database's (counted with the app's). `pids` is asked again at each reading. A database
 * the server starts as its own child (the embedded PostgreSQL) is already in the server's process
 * tree, which is always counted: its provider gives the env and no pids.
 */
export type DatabaseProvider = {
  label: string;
  /** Whether the database's processes count in the app's total (an embedded one does; a shared server does not). */
  counted: boolean;
  start(): Promise<{ env: Record<string, string>; pids(): Promise<number[]>; stop(): Promise<void> }>;
};

/** A fresh database on an existing PostgreSQL server; its backends serving the app are shown, not counted. */
export function existingPostgres(adminUrl: string): DatabaseProvider {
  return {
    label: 'PostgreSQL (shared server, its backends shown but not counted)',
    counted: false,
    async start() {
      const dbName = `flowmind_bench_memory_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      return {
        env: { DATABASE_URL: url.toString() },
        async pids() {
          const { rows } = await admin.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [dbName],
          );
          return rows.map((row) => row.pid);
        },
        async stop() {
          await admin.query(`drop database if exists ${dbName} with (force)`);
          await admin.end();
        },
      };
    },
  };
}

/**
 * The embedded PostgreSQL the server starts itself in its data folder (as `npm start` runs). It
 * runs in its own session, not under the server: its processes are found from its postmaster.pid.
 */
export function embeddedPostgres(): DatabaseProvider {
  return {
    label: 'the embedded PostgreSQL (counted)',
    counted: true,
    async start() {
      const folder = mkdtempSync(join(tmpdir(), 'flowmind-bench-memory-'));
      // As root the database runs as the postgres user, who must be able to enter the folder.
      chmodSync(folder, 0o755);
      const dataDir = join(folder, 'data');
      return {
        env: { FLOWMIND_DATA_DIR: dataDir, DATABASE_URL: '' },
        async pids() {
          const postmaster = postmasterPid(dataDir);
          return postmaster ? processTree(postmaster) : [];
        },
        async stop() {
          rmSync(folder, { recursive: true, force: true });
        },
      };
    },
  };
}

function databaseProvider(): DatabaseProvider {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  return adminUrl ? existingPostgres(adminUrl) : embeddedPostgres();
}

/** The node flags `npm run serve` starts the server with (package.json). */
function serveFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const words = (scripts.serve ?? '').split(' ').filter(Boolean);
  return words.slice(1).filter((word) => word.startsWith('--'));
}

// --- the server -------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// --- what the pages ask for -------------------------------------------------------------------

type Api = (method: string, path: string, body?: unknown) => ReturnType<Response['json']>;

/** The API calls the web app's main pages make when opened (a flow, a table and a note opened too). */
async function visitPages(api: Api, base: string, cookie: string) {
  const me = await api('GET', '/api/me');
  const accountId = me.personalAccountId as string;
  const q = (params: Record<string, string>) => new URLSearchParams({ accountId, ...params }).toString();
  // The shell (every page).
  await api('GET', '/api/config');
  await api('GET', '/api/accounts');
  await api('GET', '/api/focus/settings');
  // Flows, and one flow opened in the editor (with a run, and an expression previewed).
  await api('GET', `/api/flows?${q({})}`);
  await api('GET', '/api/flow-templates');
  await api('GET', `/api/executions?${q({})}`);
  const flow = await api('POST', '/api/flows', { accountId, name: 'Memory', graph: setFlow });
  await api('GET', `/api/flows/${flow.id}`);
  await api('GET', `/api/executions?${new URLSearchParams({ flowId: flow.id, limit: '20' })}`);
  await api('POST', `/api/flows/${flow.id}/preview-expression`, {
    nodeId: 'set',
    template: '{{ $json.body.a + 1 }}',
  }).catch(() => undefined);
  // Tables, and one table opened.
  await api('GET', `/api/tables?${q({})}`);
  const table = await api('POST', '/api/tables', { accountId, name: 'Memory' });
  await api('GET', `/api/tables/${table.id}`);
  await api('GET', `/api/tables/${table.id}/fields`).catch(() => undefined);
  await api('GET', `/api/tables/${table.id}/records?limit=100`).catch(() => undefined);
  // Notes, and one note opened (its Yjs document over the live socket).
  await api('GET', `/api/notes?${q({ sort: 'updated' })}`).catch(() => api('GET', `/api/notes?${q({})}`));
  await api('GET', `/api/notes/tasks?${q({ checked: 'false' })}`).catch(() => undefined);
  const note = await api('POST', '/api/notes', { accountId, title: 'Memory' });
  await openNote(base, cookie, note.id);
  // Agents (the assistant), explore, AI settings.
  await api('GET', `/api/agents?${q({})}`);
  await api('GET', `/api/chats?${q({})}`);
  await api('GET', `/api/ai/models?${q({})}`);
  await api('GET', `/api/ai/settings?${q({})}`).catch(() => undefined);
  await api('GET', '/api/ai/providers').catch(() => undefined);
  await api('GET', '/api/explore/agents?sort=popular&limit=60');
  // Focus.
  await api('GET', `/api/focus/state?${q({})}`);
  await api('GET', `/api/focus/sessions?${q({})}`);
  await api('GET', `/api/focus/stats?${q({ days: '7', timeZone: 'UTC' })}`);
  // Settings.
  await api('GET', `/api/accounts/${accountId}`);
  await api('GET', `/api/accounts/${accountId}/members`).catch(() => undefined);
  await api('GET', `/api/accounts/${accountId}/invites`).catch(() => undefined);
  await api('GET', '/api/leaderboard?period=week').catch(() => undefined);
  return accountId;
}

/** Opens a note as the editor does: the live socket, the note's Yjs state synced, then closed. */
async function openNote(base: string, cookie: string, noteId: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, { headers: { cookie, origin: base } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const synced = new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { type: string }).type === 'note-sync') resolve();
    });
  });
  // An empty document's state vector.
  socket.send(JSON.stringify({ type: 'note-open', noteId, stateVector: 'AA==' }));
  await Promise.race([synced, new Promise((resolve) => setTimeout(resolve, 5000))]);
  socket.close();
}

// --- the flows ---------------------------------------------------------------------------------

const setFlow = webhookSetGraph;

/** The same work in a code step: runs in the sandbox's worker threads. */
const codeFlow = {
  ...setFlow,
  nodes: setFlow.nodes.map((node) =>
    node.id === 'set'
      ? {
          id: 'set',
          type: 'code',
          name: 'Code',
          position: { x: 300, y: 0 },
          params: {
            code: 'return items.map((i) => ({ greeting: "Hello " + i.body.name, total: i.body.a + i.body.b }));',
          },
        }
      : node,
  ),
};

// --- the run -----------------------------------------------------------------------------------

async function main() {
  const provider = databaseProvider();
  const db = await provider.start();
  const mail = await startMailCatcher({ httpPort: await freePort() });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const probeFile = join(tmpdir(), `flowmind-memory-probe-${process.pid}.json`);
  const dataDir = join(tmpdir(), `flowmind-memory-data-${process.pid}`);
  const words = (value: string | undefined) => (value ?? '').split(' ').filter(Boolean);
  const nodeArgs = [
    ...(process.env.BENCH_MEMORY_NODE_ARGS !== undefined ? words(process.env.BENCH_MEMORY_NODE_ARGS) : serveFlags()),
    ...words(process.env.BENCH_SERVER_NODE_ARGS),
  ];
  const server = spawn(
    process.execPath,
    [...nodeArgs, '--import', './bench/memory-probe.mjs', 'packages/server/dist/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...db.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        FLOWMIND_DATA_DIR: dataDir,
        FLOWMIND_SECRET: 'bench-memory-secret-0123456789abcdefghij',
        FLOWMIND_SIGNIN_RATE_LIMIT: '1000',
        SMTP_URL: mail.smtpUrl,
        LOG_LEVEL: 'warn',
        BENCH_MEMORY_PROBE_FILE: probeFile,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let stopping = false;
  const exited = new Promise((resolve) =>
    server.once('exit', (code, signal) => {
      if (!stopping) console.error(`The server exited (code ${code}, signal ${signal})`);
      resolve(code);
    }),
  );
  try {
    await waitHealthy(base, server, { everyMs: 100 });
    const pid = server.pid as number;
    console.log(`\nMemory of the compiled server (node ${nodeArgs.join(' ')}) on ${provider.label}`);
    reportMemory(await readMemory(pid, db, provider.counted), provider.counted, IDLE_TARGET_MIB, 'Just started');
    describeProbe(await probe(server, probeFile));

    // Sign up (the verification email sent and its link followed), then each main page.
    const email = `bench-${Date.now()}@example.com`;
    const headers = { origin: base, 'content-type': 'application/json' };
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench', email, password: 'bench-password-123' }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const link = mail.link(await mail.waitFor(email, /verify/i), `${base}/api/auth/verify-email`);
    const verified = await fetch(link, { redirect: 'manual' });
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const api: Api = async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const accountId = await visitPages(api, base, cookie);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = await readMemory(pid, db, provider.counted);
    reportMemory(
      idle,
      provider.counted,
      IDLE_TARGET_MIB,
      `Idle after sign-up and each page (${SETTLE_MS / 1000} s later)`,
    );
    describeProbe(await probe(server, probeFile));

    // A short flows load, the peak sampled all along.
    const setHook = await api(
      'POST',
      `/api/flows/${(await api('POST', '/api/flows', { accountId, name: 'Set', graph: setFlow })).id}/publish`,
      {},
    );
    const codeHook = await api(
      'POST',
      `/api/flows/${(await api('POST', '/api/flows', { accountId, name: 'Code', graph: codeFlow })).id}/publish`,
      {},
    );
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = await readMemory(pid, db, provider.counted);
        if (now.total > peak.total) peak = now;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    console.log(`\nFlows load, ${LOAD_MS / 1000} s per run`);
    for (const [label, hook] of [
      ['webhook → set → respond', setHook],
      ['webhook → code → respond', codeHook],
    ] as const)
      for (const connections of [10, 50]) {
        const cpuBefore = cpuTimeMs(pid);
        const r = await load(`${base}/api/hooks/${hook.webhookId}`, connections, LOAD_MS);
        const cpuAfter = cpuTimeMs(pid);
        // CPU per call depends less than req/s on what else the machine runs.
        const cpu = cpuAfter.main + cpuAfter.others - cpuBefore.main - cpuBefore.others;
        console.log(
          `  ${label}, ${String(connections).padStart(2)} connections: ${r.rps.toFixed(0).padStart(5)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, CPU ${((cpu / Math.max(1, r.requests + r.errors)) * 1000).toFixed(0)} µs per call${r.errors ? `, errors ${r.errors}` : ''}`,
        );
      }
    sampling = false;
    await sampler;
    reportMemory(peak, provider.counted, PEAK_TARGET_MIB, 'Peak during the flows load');

    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    reportMemory(
      await readMemory(pid, db, provider.counted),
      provider.counted,
      IDLE_TARGET_MIB,
      `Idle ${SETTLE_MS / 1000} s after the load`,
    );
    describeProbe(await probe(server, probeFile));
    if (process.env.BENCH_MEMORY_AFTER_SECONDS) {
      await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_MEMORY_AFTER_SECONDS) * 1000));
      reportMemory(
        await readMemory(pid, db, provider.counted),
        provider.counted,
        IDLE_TARGET_MIB,
        `Idle ${Number(process.env.BENCH_MEMORY_AFTER_SECONDS) + SETTLE_MS / 1000} s after the load`,
      );
      describeProbe(await probe(server, probeFile));
    }
  } finally {
    stopping = true;
    server.kill('SIGTERM');
    await exited;
    await mail.close();
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(probeFile, { force: true });
  }
}

await main();
