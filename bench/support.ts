import { spawn } from 'node:child_process';

/** The real server (scripts/e2e-server.ts: file-backed embedded database, SMTP catcher) on bench ports. */
export async function startBenchServer({ port = 3150, mailPort = 3159, env = {} as Record<string, string> } = {}) {
  const server = spawn('node', ['--import', 'tsx', 'scripts/e2e-server.ts'], {
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
  return { base, mailPort, stop: () => server.kill('SIGTERM') };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
