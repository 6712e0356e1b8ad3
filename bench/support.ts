import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The real server (scripts/e2e-server.ts: file-backed embedded database, SMTP catcher) on bench ports. */
export async function startBenchServer({ port = 3150, mailPort = 3159, env = {} as Record<string, string> } = {}) {
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn('node', [...nodeArgs, '--import', 'tsx', 'scripts/e2e-server.ts'], {
    env: { ...process.env, E2E_PORT: String(port), E2E_MAIL_PORT: String(mailPort), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error('server exited during start');
    if (i > 120) throw new Error('server did not start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
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
