import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Pool } from 'undici';

/** Waits for a server process to answer /api/health, failing when it exits or takes too long. */
export async function waitHealthy(base: string, child: ChildProcess, { timeoutMs = 60_000, everyMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server at ${base} exited during start`);
    if (Date.now() > deadline) throw new Error(`server at ${base} did not start`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The real server (scripts/e2e-server.ts: file-backed embedded database, SMTP catcher) on bench ports. */
export async function startBenchServer({ port = 3150, mailPort = 3159, env = {} as Record<string, string> } = {}) {
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn('node', [...nodeArgs, '--import', 'tsx', 'scripts/e2e-server.ts'], {
    env: { ...process.env, E2E_PORT: String(port), E2E_MAIL_PORT: String(mailPort), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  await waitHealthy(base, server);
  return { base, mailPort, pid: server.pid as number, stop: () => server.kill('SIGTERM') };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Peak resident memory of a process so far (Linux), in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU time (ms) a process has used so far: its main thread, and all its other threads together. */
export function cpuTimeMs(pid: number): { main: number; others: number } {
  const ticksToMs = 1000 / 100; // USER_HZ is 100 on Linux.
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * ticksToMs;
    if (Number(tid) === pid) main += ms;
    else others += ms;
  }
  return { main, others };
}

/**
 * CPU time of every process under `pid` (its embedded PostgreSQL: the postmaster, its backends and
 * workers), in ms, including children they already reaped. Read before and after a load, it gives
 * the database's share of each call, which the process's own threads do not show.
 */
export function descendantsCpuMs(pid: number): number {
  const ticksToMs = 1000 / 100;
  const parents = new Map<number, number>();
  const times = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(entry), Number(fields[1]));
    // utime, stime, cutime, cstime
    times.set(
      Number(entry),
      (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * ticksToMs,
    );
  }
  const under = (child: number): boolean => {
    for (let p = parents.get(child); p !== undefined && p > 1; p = parents.get(p)) if (p === pid) return true;
    return false;
  };
  let total = 0;
  for (const [child, ms] of times) if (under(child)) total += ms;
  return total;
}

/** Signs a new user up on a bench server and verifies them through the mail catcher; returns their cookie. */
export async function signUpOnBenchServer(base: string, mailPort: number) {
  const email = `bench-${Date.now()}@example.com`;
  const headers = { origin: base, 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench', email, password: 'bench-password-123' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const mail = await (
    await fetch(`http://127.0.0.1:${mailPort}/?to=${encodeURIComponent(email)}&subject=verify`)
  ).json();
  const link = (mail.text as string).match(/http:\/\/localhost:\d+\/api\/auth\/verify-email[^\s"<>]*/)?.[0];
  if (!link) throw new Error('no verification link');
  const verified = await fetch(link.replace(/&amp;/g, '&'), { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie, headers: { ...headers, cookie } };
}

/** A published webhook → set → respond flow: every call is an execution run inline and saved. */
export const webhookSetGraph = {
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

export type LoadResult = { requests: number; errors: number; rps: number; p50: number; p99: number };

/**
 * `connections` clients each posting one call after another to the webhook flow above for
 * `durationMs`; with several urls (one per server process), the clients are spread over them in
 * turn, like a load balancer. A call counts when it is answered 200 with the flow's `total`.
 */
export async function load(url: string | string[], connections: number, durationMs: number): Promise<LoadResult> {
  const targets = (Array.isArray(url) ? url : [url]).map((u) => new URL(u));
  const pools = targets.map(
    (target) => new Pool(target.origin, { connections: Math.ceil(connections / targets.length), pipelining: 1 }),
  );
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + durationMs;
  let n = 0;
  const client = async (_: unknown, i: number) => {
    const target = targets[i % targets.length] as URL;
    const pool = pools[i % pools.length] as Pool;
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
  await Promise.all(pools.map((pool) => pool.close()));
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
