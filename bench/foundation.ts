// `npm run bench -- foundation`: on the real server (fresh file-backed embedded database) prints
// (1) the landing page's first-load JavaScript measured in Chromium: the bytes transferred (as the browser
//     received them, with its Accept-Encoding), next to their raw size and gzip level 9,
// (2) the time to sign in through the API (sequential sign-ins, median and p95), and
// (3) the server's cold start to /api/health, compiled and from source (bench/cold-start.ts).
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { LANDING_JS_AIM_TRANSFERRED, LANDING_JS_BUDGET_GZIP, measureFirstLoadJs } from '../e2e/first-load';
import { measureColdStart } from './cold-start';
import { percentile, startBenchServer } from './support';

const { base, mailPort, stop } = await startBenchServer();
const signIns = Number(process.env.BENCH_SIGNINS ?? 50);

async function post(path: string, body: unknown, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

try {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage();
  const landing = await measureFirstLoadJs(page, `${base}/`);
  await browser.close();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\nLanding page first-load JavaScript');
  for (const s of landing.scripts)
    console.log(
      `  ${kb(s.transferred).padStart(9)} transferred (${s.encoding.padEnd(8)})  ${kb(s.bytes).padStart(9)} raw  ${kb(s.gzip).padStart(9)} gzip  ${new URL(s.url).pathname}`,
    );
  console.log(
    `  total: ${kb(landing.transferred)} transferred, aim ≤ ${LANDING_JS_AIM_TRANSFERRED / 1024} KB: ${landing.transferred <= LANDING_JS_AIM_TRANSFERRED ? 'within' : 'OVER'} (${kb(landing.bytes)} raw; ${kb(landing.gzip)} gzip, budget ${LANDING_JS_BUDGET_GZIP / 1024} KB: ${landing.gzip <= LANDING_JS_BUDGET_GZIP ? 'within' : 'OVER'})`,
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
  stop();
}

await measureColdStart();
