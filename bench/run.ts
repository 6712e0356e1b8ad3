// `npm run bench`: starts the real server on a fresh file-backed embedded database and prints
// (1) the landing page's first-load JavaScript, gzip bytes, measured in Chromium, and
// (2) the time to sign in through the API (sequential sign-ins, median and p95).
// Build the web app first (`npm run build`); the numbers are printed, never asserted on time.
import { type ChildProcess, spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { LANDING_JS_BUDGET_GZIP, measureFirstLoadJs } from '../e2e/first-load';

const port = 3150;
const mailPort = 3159;
const base = `http://localhost:${port}`;
const signIns = Number(process.env.BENCH_SIGNINS ?? 50);

async function waitForHealth(server: ChildProcess) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function post(path: string, body: unknown, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

const server = spawn('node', ['--import', 'tsx', 'scripts/e2e-server.ts'], {
  env: { ...process.env, E2E_PORT: String(port), E2E_MAIL_PORT: String(mailPort), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitForHealth(server);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const landing = await measureFirstLoadJs(page, `${base}/`);
  await browser.close();
  console.log('\nLanding page first-load JavaScript');
  for (const s of landing.scripts)
    console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${new URL(s.url).pathname}`);
  console.log(
    `  total: ${(landing.gzip / 1024).toFixed(1)} KB gzip (${(landing.bytes / 1024).toFixed(1)} KB raw), budget ${LANDING_JS_BUDGET_GZIP / 1024} KB: ${landing.gzip <= LANDING_JS_BUDGET_GZIP ? 'within' : 'OVER'}`,
  );

  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-123';
  const signUp = await post('/api/auth/sign-up/email', { name: 'Bench', email, password });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const mail = await (
    await fetch(`http://127.0.0.1:${mailPort}/?to=${encodeURIComponent(email)}&subject=verify`)
  ).json();
  const link = (mail.text as string).match(/http:\/\/localhost:\d+\/api\/auth\/verify-email[^\s"<>]*/)?.[0];
  if (!link) throw new Error('no verification link');
  await fetch(link.replace(/&amp;/g, '&'), { redirect: 'manual' });

  const timings: number[] = [];
  for (let i = 0; i < signIns; i++) {
    const started = performance.now();
    const res = await post('/api/auth/sign-in/email', { email, password });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const accounts = await fetch(`${base}/api/accounts`, { headers: { cookie } });
    if (!res.ok || !accounts.ok) throw new Error(`sign-in failed: ${res.status}/${accounts.status}`);
    await accounts.arrayBuffer();
    timings.push(performance.now() - started);
  }
  console.log(
    `\nSign in through the API (POST /api/auth/sign-in/email, then GET /api/accounts), ${signIns} sequential runs`,
  );
  console.log(
    `  median ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, min ${Math.min(...timings).toFixed(1)} ms`,
  );
} finally {
  server.kill('SIGTERM');
}
