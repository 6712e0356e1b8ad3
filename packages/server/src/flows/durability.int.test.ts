import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../test/mail-catcher';
import { createTestDatabase } from '../test/test-database';
import { signUpVerified, startTestServer, TEST_APP_URL, TestClient, type TestServer } from '../test/test-server';
import { freePort, waitFor as waitUntil } from '../test/wait';

/** Processes here start and die under the test: a failed read is one not answered yet. */
const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) =>
  waitUntil(read, done, { timeoutMs, retryErrors: true });

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

type Calls = Map<string, number>;
let api: Server;
let apiUrl: string;
const calls: Calls = new Map();

beforeAll(async () => {
  api = createServer((req, res) => {
    const path = req.url ?? '';
    calls.set(path, (calls.get(path) ?? 0) + 1);
    const delay = path.startsWith('/slow') ? 60_000 : 0;
    const timer = setTimeout(() => res.end(JSON.stringify({ path })), delay);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://localhost:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
});

/** The real program in its own process, so it can be killed with SIGKILL. */
async function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile, 'all'], {
    cwd: serverDir,
    env: {
      ...process.env,
      TEST_DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: TEST_APP_URL,
      FLOWMIND_SECRET: 'durability-test-secret-0123456789abcdef',
      FLOWMIND_WEB_DIST: '/nonexistent',
      FLOWMIND_EXECUTION_LEASE_MS: '2000',
      FLOWMIND_HTTP_ALLOW_HOSTS: 'localhost',
      FLOWMIND_SIGNIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${baseUrl}/api/health`)).status,
    (status) => status === 200,
    60_000,
  );
  return { child, baseUrl };
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('executions survive a killed server', () => {
  it('finishes a waiting and a running execution after SIGKILL and restart, without re-running finished steps', async () => {
    const mail = await startMailCatcher();
    // A database that outlives the processes using it.
    const database = await createTestDatabase({ prefix: 'd', empty: true });
    const env = { DATABASE_URL: database.url, SMTP_URL: mail.smtpUrl };
    let processA: Awaited<ReturnType<typeof startProcess>> | null = await startProcess(env);
    let processB: Awaited<ReturnType<typeof startProcess>> | null = null;
    try {
      let baseUrl = processA.baseUrl;
      const asServer = {
        client: () => new TestClient(baseUrl),
        mail,
        local: (link: string) => link.replace(TEST_APP_URL, baseUrl),
      } as unknown as TestServer;
      const { client, user } = await signUpVerified(asServer, { name: 'Dura', email: 'dura@example.com' });
      const at = (path: string) => `${apiUrl}${path}`;
      const flow = async (name: string, nodes: Record<string, unknown>[]) => {
        const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]?.id, target: n.id }));
        const graph = { nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, params: {}, ...n })), edges };
        const created = await client.post('/api/flows', { accountId: user.personalAccountId, name, graph });
        expect(created.status, created.text).toBe(201);
        return created.body.id as string;
      };
      const waiting = await flow('Waits', [
        { id: 't', type: 'trigger.manual', name: 'Start' },
        { id: 'a', type: 'http.request', name: 'A', params: { url: at('/count/a') } },
        { id: 'w', type: 'wait', name: 'Pause', params: { mode: 'duration', amount: 3, unit: 'seconds' } },
        { id: 'b', type: 'http.request', name: 'B', params: { url: at('/count/b') } },
      ]);
      const running = await flow('Runs', [
        { id: 't', type: 'trigger.manual', name: 'Start' },
        { id: 'c', type: 'http.request', name: 'C', params: { url: at('/count/c') } },
        { id: 's', type: 'http.request', name: 'Slow', params: { url: at('/slow/1') }, settings: { timeoutMs: 4000 } },
        { id: 'd', type: 'http.request', name: 'D', params: { url: at('/count/d') } },
      ]);
      const waitRun = (await client.post(`/api/flows/${waiting}/run`, {})).body.id as string;
      expect(waitRun).toBeTruthy();
      const slowRun = (await client.post(`/api/flows/${running}/run`, {})).body.id as string;
      // The client keeps its session cookie; the URL follows whichever process is up.
      const execution = (id: string) => async () =>
        (await client.request('GET', `${baseUrl}/api/executions/${id}`)).body;
      await waitFor(execution(waitRun), (e) => e?.status === 'waiting');
      await waitFor(
        async () => calls.get('/slow/1') ?? 0,
        (n) => n === 1,
      );

      await kill(processA.child);
      processA = null;
      processB = await startProcess(env);
      baseUrl = processB.baseUrl;

      // biome-ignore lint/suspicious/noExplicitAny: test reads response bodies freely
      const finishedStatus = (e: any) => ['succeeded', 'failed', 'cancelled'].includes(e?.status ?? '');
      const waited = await waitFor(execution(waitRun), finishedStatus, 45_000);
      const resumed = await waitFor(execution(slowRun), finishedStatus, 45_000);
      expect(waited.status).toBe('succeeded');
      // The slow request was in flight at the kill and has no retries: it is not sent again, and
      // the step says it may have been sent. C is not repeated.
      expect(resumed.status).toBe('failed');
      expect(resumed.error.nodeName).toBe('Slow');
      expect(resumed.error.message).toMatch(/^Interrupted, may have been sent/);
      const slow = resumed.steps.find((s: { nodeId: string }) => s.nodeId === 's');
      expect(slow).toMatchObject({ status: 'failed', attempts: 1 });
      expect(calls.get('/count/a')).toBe(1);
      expect(calls.get('/count/b')).toBe(1);
      expect(calls.get('/count/c')).toBe(1);
      expect(calls.get('/slow/1')).toBe(1);
      expect(calls.get('/count/d')).toBeUndefined();
      const stepA = waited.steps.find((s: { nodeId: string }) => s.nodeId === 'a');
      expect(stepA.attempts).toBe(1);
    } finally {
      if (processA) await kill(processA.child);
      if (processB) await kill(processB.child);
      await mail.close();
      await database.drop();
    }
  }, 180_000);
});

describe('webhook calls while no worker runs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { queue: true, worker: false });
  });
  afterAll(() => server.close());

  it('are saved and answered, then run once a worker starts', { timeout: 60_000 }, async () => {
    const { client, user } = await signUpVerified(server, { name: 'Queue', email: 'queue@example.com' });
    const graph = {
      nodes: [
        { id: 'hook', type: 'trigger.webhook', name: 'Webhook', position: { x: 0, y: 0 }, params: {} },
        {
          id: 'set',
          type: 'set',
          name: 'Tag',
          position: { x: 300, y: 0 },
          params: { assignments: [{ name: 'n', value: '{{ $json.body.n }}' }] },
        },
      ],
      edges: [{ id: 'e', source: 'hook', target: 'set' }],
    };
    const created = await client.post('/api/flows', { accountId: user.personalAccountId, name: 'Hooked', graph });
    const flow = (await client.post(`/api/flows/${created.body.id}/publish`, {})).body;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n }),
      });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { executionId: string }).executionId);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const id of ids) expect((await client.get(`/api/executions/${id}`)).body.status).toBe('queued');

    await server.startWorker();
    for (const [i, id] of ids.entries()) {
      const done = await waitFor(
        async () => (await client.get(`/api/executions/${id}`)).body,
        (e) => e.status === 'succeeded',
      );
      expect(done.steps.find((s: { nodeId: string }) => s.nodeId === 'set').output.main[0]).toMatchObject({
        n: i + 1,
      });
    }
  });
});
