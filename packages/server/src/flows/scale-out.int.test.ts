import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../test/mail-catcher';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../test/test-database';
import { signUpVerified, TEST_APP_URL, TestClient, type TestServer } from '../test/test-server';
import { freePort, waitFor as waitUntil } from '../test/wait';
import { INTERRUPTED_MESSAGE } from './engine/attempt';

/** Processes here start and die under the test: a failed read is one not answered yet. */
const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) =>
  waitUntil(read, done, { timeoutMs, retryErrors: true });

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
// Short enough that a killed worker's executions are taken over within seconds, long enough
// that a busy machine's late heartbeat does not hand a live worker's execution to another.
const LEASE_MS = 3000;
const FINISHED = ['succeeded', 'failed', 'cancelled'];

type Role = 'api' | 'worker';
type Running = { role: Role; name: string; child: ChildProcess; baseUrl: string | null };

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * The other end of the flows' HTTP steps. It counts requests by path, keeps their idempotency
 * keys, and holds requests under /gate/ until the gate opens, so executions can be kept in flight.
 */
function startTarget() {
  const arrivals = new Map<string, string[]>();
  const held: ServerResponse[] = [];
  let open = false;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    arrivals.set(path, [...(arrivals.get(path) ?? []), String(req.headers['idempotency-key'] ?? '')]);
    req.resume();
    if (path.startsWith('/gate/') && !open) held.push(res);
    else res.end(JSON.stringify({ path }));
  });
  return {
    arrivals,
    count: (path: string) => arrivals.get(path)?.length ?? 0,
    total: (prefix: string) =>
      [...arrivals].filter(([path]) => path.startsWith(prefix)).reduce((sum, [, keys]) => sum + keys.length, 0),
    openGate() {
      open = true;
      for (const res of held.splice(0)) if (!res.destroyed) res.end('{"gate":"open"}');
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://localhost:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The real program, one role per process, as a deployment runs it. */
function spawnRole(role: Role, name: string, env: Record<string, string>, port: number): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile, role], {
    cwd: serverDir,
    env: {
      ...process.env,
      TEST_DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: TEST_APP_URL,
      // One secret for all: a session made through one api is good on the other.
      FLOWMIND_SECRET: 'scale-out-test-secret-0123456789abcdef',
      FLOWMIND_WEB_DIST: '/nonexistent',
      FLOWMIND_EXECUTION_LEASE_MS: String(LEASE_MS),
      FLOWMIND_HTTP_ALLOW_HOSTS: 'localhost',
      FLOWMIND_SIGNIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { role, name, child, baseUrl: role === 'api' ? `http://127.0.0.1:${port}` : null };
}

/** The worker's pid is part of the lease owner it writes on the executions it holds. */
const ownerPid = (owner: string | null) => Number(owner?.split(':').at(-2));

describe.skipIf(!process.env.TEST_DATABASE_URL)('two api and two worker processes on one PostgreSQL', () => {
  let database: TestDatabase | null = null;
  const target = startTarget();
  let targetUrl = '';
  let mail: MailCatcher | null = null;
  let sql: pg.Client | null = null;
  const processes: Running[] = [];
  let apis: Running[] = [];
  let client: TestClient;
  let accountId = '';

  const urlFor = (appName: string) => testDatabaseUrl(database?.name as string, appName);
  const apiUrl = (i: number) => apis[i % apis.length]?.baseUrl as string;
  const execution = async (id: string, via = 0) =>
    (await client.request('GET', `${apiUrl(via)}/api/executions/${id}`)).body;
  const flow = async (name: string, nodes: Record<string, unknown>[]) => {
    const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: n.id }));
    const graph = { nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })), edges };
    const created = await client.post('/api/flows', { accountId, name, graph });
    expect(created.status, created.text).toBe(201);
    const published = await client.post(`/api/flows/${created.body.id}/publish`, {});
    expect(published.status, published.text).toBe(200);
    return published.body as { id: string; webhookId: string };
  };
  const callHook = async (via: number, webhookId: string, body: unknown) => {
    const res = await fetch(`${apiUrl(via)}/api/hooks/${webhookId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { executionId: string }).executionId;
  };
  const everyProcessUp = () => {
    for (const p of processes) expect({ [p.name]: p.child.exitCode ?? p.child.signalCode }).toEqual({ [p.name]: null });
  };

  beforeAll(async () => {
    targetUrl = await target.listen();
    mail = await startMailCatcher();
    database = await createTestDatabase({ prefix: 's', empty: true });
    // All four at once on an empty database, as a deployment starts them.
    const roles: [Role, string][] = [
      ['api', 'api-1'],
      ['api', 'api-2'],
      ['worker', 'worker-1'],
      ['worker', 'worker-2'],
    ];
    for (const [role, name] of roles)
      processes.push(
        spawnRole(role, name, { DATABASE_URL: urlFor(`flowmind-${name}`), SMTP_URL: mail.smtpUrl }, await freePort()),
      );
    apis = processes.filter((p) => p.role === 'api');
    sql = new pg.Client({ connectionString: urlFor('flowmind-scale-out-test') });
    await sql.connect();
    for (const api of apis)
      await waitFor(
        async () => (await fetch(`${api.baseUrl}/api/health`)).status,
        (status) => status === 200,
        120_000,
      );
    // A worker has no HTTP port: it is up once its scheduler or reaper has queried the database.
    const db = sql;
    for (const worker of processes.filter((p) => p.role === 'worker'))
      await waitFor(
        async () =>
          (
            await db.query(
              `select count(*)::int as n from pg_stat_activity
               where application_name = $1 and query ~ '^select .* from "(flow_schedules|executions)"'`,
              [`flowmind-${worker.name}`],
            )
          ).rows[0].n as number,
        (n) => n > 0,
        120_000,
      );
    everyProcessUp();

    const mailer = mail;
    const asServer = {
      client: () => new TestClient(apiUrl(0)),
      mail: mailer,
      local: (link: string) => link.replace(TEST_APP_URL, apiUrl(0)),
    } as unknown as TestServer;
    const signedUp = await signUpVerified(asServer, { name: 'Scale', email: 'scale@example.com' });
    client = signedUp.client;
    accountId = signedUp.user.personalAccountId;
  }, 240_000);

  afterAll(async () => {
    for (const p of processes) await kill(p.child);
    await sql?.end().catch(() => {});
    await mail?.close();
    await target.close();
    await database?.drop();
  }, 60_000);

  it('a session made through one api is good on the other', async () => {
    const first = await client.request('GET', `${apiUrl(0)}/api/me`);
    const second = await client.request('GET', `${apiUrl(1)}/api/me`);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
  });

  it('runs webhook calls spread over both apis exactly once each', { timeout: 180_000 }, async () => {
    const hooked = await flow('Spread', [
      { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { method: 'POST' } },
      {
        id: 'hit',
        type: 'http.request',
        name: 'Hit',
        params: { method: 'POST', url: `${targetUrl}/hit/{{ $json.body.n }}` },
      },
    ]);
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) ids.push(await callHook(n, hooked.webhookId, { n }));
    expect(new Set(ids).size).toBe(40);

    const ended = [];
    for (const [n, id] of ids.entries())
      ended.push(
        await waitFor(
          () => execution(id, n),
          (e) => FINISHED.includes(e?.status),
          120_000,
        ),
      );
    for (const [n, done] of ended.entries()) {
      expect({ n, status: done.status }).toEqual({ n, status: 'succeeded' });
      expect(done.steps.find((s: { nodeId: string }) => s.nodeId === 'hit')).toMatchObject({
        status: 'succeeded',
        attempts: 1,
      });
    }
    for (let n = 0; n < 40; n++) expect({ n, requests: target.count(`/hit/${n}`) }).toEqual({ n, requests: 1 });
    expect(target.total('/hit/')).toBe(40);
    // One row per call, counted once when it ended.
    const listed = await client.get(`/api/executions?flowId=${hooked.id}&limit=100`);
    expect(listed.body.executions.map((e: { id: string }) => e.id).sort()).toEqual([...ids].sort());
    const counted = await client.request('GET', `${apiUrl(1)}/api/flows/${hooked.id}`);
    expect(counted.body.executionCounts).toEqual({ total: 40, succeeded: 40, failed: 0 });
    everyProcessUp();
  });

  it('fires a schedule once per tick with two workers ticking', { timeout: 180_000 }, async () => {
    const scheduled = await flow('Every ten seconds', [
      {
        id: 'tick',
        type: 'trigger.schedule',
        name: 'Schedule',
        params: { mode: 'interval', every: 10, unit: 'seconds' },
      },
      {
        id: 'set',
        type: 'set',
        name: 'Mark',
        params: { assignments: [{ name: 'at', value: '{{ $json.scheduledFor }}' }] },
      },
    ]);
    const list = async () =>
      (await client.get(`/api/executions?flowId=${scheduled.id}&limit=100`)).body.executions as { id: string }[];
    await waitFor(list, (executions) => executions.length >= 3, 90_000);
    const off = await client.patch(`/api/flows/${scheduled.id}`, { active: false });
    expect(off.status, off.text).toBe(200);
    // A tick already claimed when the flow was turned off may still add its execution.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const executions = await list();
    const fired: { scheduledFor: string; firedAt: string }[] = [];
    for (const { id } of executions) {
      const done = await waitFor(
        () => execution(id),
        (e) => FINISHED.includes(e?.status),
        60_000,
      );
      expect(done.status).toBe('succeeded');
      expect(done.mode).toBe('schedule');
      fired.push(done.trigger.items[0]);
    }
    const times = fired.map((f) => Date.parse(f.scheduledFor)).sort((a, b) => a - b);
    expect(new Set(times).size).toBe(executions.length);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    for (const gap of gaps) {
      // A tick fired twice would be a gap of 0; each next time is at least the interval on.
      expect(gap).toBeGreaterThanOrEqual(10_000);
      // No tick skipped: a generous bound, the workers look every second.
      expect(gap).toBeLessThan(20_000);
    }
    everyProcessUp();
  });

  it('finishes the executions of a worker killed with SIGKILL mid-run on the other worker, each once', {
    timeout: 180_000,
  }, async () => {
    const retried = await flow('Retried', [
      { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { method: 'POST' } },
      {
        id: 'gate',
        type: 'http.request',
        name: 'Gate',
        params: { method: 'POST', url: `${targetUrl}/gate/r{{ $json.body.n }}` },
        settings: { retries: 1, retryDelayMs: 1000, timeoutMs: 90_000 },
      },
      {
        id: 'after',
        type: 'http.request',
        name: 'After',
        params: { method: 'POST', url: `${targetUrl}/after/r{{ $node.Webhook.json.body.n }}` },
      },
    ]);
    const once = await flow('Once', [
      { id: 'hook', type: 'trigger.webhook', name: 'Webhook', params: { method: 'POST' } },
      {
        id: 'gate',
        type: 'http.request',
        name: 'Gate',
        params: { method: 'POST', url: `${targetUrl}/gate/o{{ $json.body.n }}` },
        settings: { timeoutMs: 90_000 },
      },
      {
        id: 'after',
        type: 'http.request',
        name: 'After',
        params: { method: 'POST', url: `${targetUrl}/after/o{{ $node.Webhook.json.body.n }}` },
      },
    ]);
    const runs: { id: string; kind: 'r' | 'o'; n: number }[] = [];
    for (let n = 0; n < 4; n++) {
      runs.push({ id: await callHook(n, retried.webhookId, { n }), kind: 'r', n });
      runs.push({ id: await callHook(n + 1, once.webhookId, { n }), kind: 'o', n });
    }
    // Every execution is in flight: its request is held at the gate.
    await waitFor(
      async () => target.total('/gate/'),
      (total) => total === runs.length,
      60_000,
    );
    const db = sql as pg.Client;
    const held = (
      await db.query('select id, status, lease_owner from executions where id = any($1)', [runs.map((r) => r.id)])
    ).rows as { id: string; status: string; lease_owner: string | null }[];
    expect(held.map((row) => row.status)).toEqual(runs.map(() => 'running'));
    const workers = processes.filter((p) => p.role === 'worker');
    const holdCount = (w: Running) => held.filter((row) => ownerPid(row.lease_owner) === w.child.pid).length;
    expect(workers.reduce((sum, w) => sum + holdCount(w), 0)).toBe(runs.length);
    const [victim, survivor] = [...workers].sort((a, b) => holdCount(b) - holdCount(a)) as [Running, Running];
    const killed = new Set(held.filter((row) => ownerPid(row.lease_owner) === victim.child.pid).map((row) => row.id));
    expect(killed.size).toBeGreaterThan(0);

    await kill(victim.child);
    target.openGate();

    for (const run of runs) {
      const done = await waitFor(
        () => execution(run.id, run.n),
        (e) => FINISHED.includes(e?.status),
        90_000,
      );
      const gate = done.steps.find((s: { nodeId: string }) => s.nodeId === 'gate');
      const keys = target.arrivals.get(`/gate/${run.kind}${run.n}`) ?? [];
      const label = { run: `${run.kind}${run.n}`, onKilledWorker: killed.has(run.id) };
      if (!killed.has(run.id)) {
        expect({ ...label, status: done.status, attempts: gate.attempts, sent: keys.length }).toEqual({
          ...label,
          status: 'succeeded',
          attempts: 1,
          sent: 1,
        });
      } else if (run.kind === 'r') {
        // Taken over: the interrupted attempt counts, and the retry goes out with the same key.
        expect({ ...label, status: done.status, attempts: gate.attempts, sent: keys.length }).toEqual({
          ...label,
          status: 'succeeded',
          attempts: 2,
          sent: 2,
        });
        expect(keys[0]).toBe(`${run.id}:gate:0:0`);
        expect(keys[1]).toBe(keys[0]);
      } else {
        // No retries: it may have been sent, so it is not sent again.
        expect({ ...label, status: done.status, sent: keys.length }).toEqual({ ...label, status: 'failed', sent: 1 });
        expect(done.error.message).toBe(INTERRUPTED_MESSAGE);
      }
      const afterwards = target.count(`/after/${run.kind}${run.n}`);
      expect({ ...label, after: afterwards }).toEqual({ ...label, after: done.status === 'succeeded' ? 1 : 0 });
    }
    const lost = (
      await db.query(`select count(*)::int as n from executions where status not in ('succeeded', 'failed')`)
    ).rows[0].n;
    expect(lost).toBe(0);
    for (const [f, failed] of [
      [retried, 0],
      [once, runs.filter((r) => r.kind === 'o' && killed.has(r.id)).length],
    ] as const) {
      const counted = (await client.get(`/api/flows/${f.id}`)).body.executionCounts;
      expect(counted).toEqual({ total: 4, succeeded: 4 - failed, failed });
    }
    expect(survivor.child.exitCode ?? survivor.child.signalCode).toBeNull();
  });
});
