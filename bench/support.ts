import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

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
