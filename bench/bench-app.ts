import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { type Database, openDatabase } from '../packages/server/src/db/client';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded';
import { createLocalChangeBus } from '../packages/server/src/live/change-bus';
import { createMailer } from '../packages/server/src/mail/mailer';
import { createServices } from '../packages/server/src/services';
import { percentile } from './support';

const logger = pino({ level: 'silent' });
export const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

/** A port nothing listens on now (the system's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The app on `database` on a free port, with a signed-in (verified) user; `call` goes through HTTP as them. */
export async function startBenchApp(database: Database, { env }: { env?: NodeJS.ProcessEnv } = {}) {
  // The app's own address is its URL: the live socket (note editing) refuses any other Origin.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    APP_URL: base,
    FLOWMIND_SIGNIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'silent',
    // Another build of the web app (to compare two builds in the browser benches); the current one otherwise.
    FLOWMIND_WEB_DIST: process.env.FLOWMIND_WEB_DIST,
    ...env,
  });
  const bus = createLocalChangeBus();
  const mailer = createMailer({ smtpUrl: null, from: 'bench@localhost', logger });
  const services = createServices({
    config,
    database,
    bus,
    mailer,
    logger,
    secret: 'bench-secret-0123456789abcdefghijklmnopq',
    queue: null,
  });
  await services.flowSystem.startWorker();
  const app = await buildApp({ config, database, bus, logger, services });
  await app.listen({ port, host: '127.0.0.1' });
  const headers = { origin: base, 'content-type': 'application/json' };
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie();
    if (setCookie.length > 0) cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const email = `bench-${Date.now()}@example.com`;
  await call('POST', '/api/auth/sign-up/email', { name: 'Bench', email, password: 'bench-password-1' });
  // The bench skips the emailed link: it marks the address verified directly.
  await database.db.execute(sql`update users set email_verified = true where email = ${email}`);
  const me = await call('GET', '/api/me');

  /** Chromium signed in as the bench user. */
  const openBrowser = async (): Promise<{ browser: Browser; page: Page }> => {
    const browser = await chromium.launch(chromiumLaunchOptions);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [cookieName, ...rest] = pair.split('=');
        return { name: cookieName as string, value: rest.join('='), url: base };
      }),
    );
    return { browser, page: await context.newPage() };
  };
  return {
    base,
    call,
    /** The signed-in user's session cookie, for clients other than `call` (the live socket). */
    cookie: () => cookie,
    accountId: me.personalAccountId as string,
    openBrowser,
    close: async () => {
      await app.close();
      await services.stop();
    },
  };
}

/** Scrolls the grid (or another scroll container) 400 px per frame for 3 s and describes the frame rate. */
export async function scrollFrames(page: Page, selector = '[role="grid"]', step = 400): Promise<string> {
  // A string, not a function: the TypeScript loader would add helpers the page does not have.
  const frames = (await page.evaluate(`(async () => {
    const stamps = [];
    const grid = document.querySelector(${JSON.stringify(selector)}); // its own scroll container
    const until = performance.now() + 3000;
    await new Promise((resolve) => {
      const frame = (now) => {
        stamps.push(now);
        grid.scrollTop += ${step};
        if (now < until) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
    return stamps;
  })()`)) as number[];
  const gaps = frames.slice(1).map((t, i) => t - (frames[i] as number));
  return `scrolling ${Math.abs(step)} px per frame for 3 s: ${(frames.length / 3).toFixed(0)} fps, frame p50 ${ms(percentile(gaps, 50))}, p95 ${ms(percentile(gaps, 95))}`;
}

/** Runs a bench on a fresh PostgreSQL database made under `adminUrl`, dropped afterwards. */
export async function onPostgres(adminUrl: string, run: (database: Database) => Promise<void>) {
  const dbName = `flowmind_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    const postgres = await openDatabase({ kind: 'postgres', url: url.toString() });
    await run(postgres);
    await postgres.close();
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/** Runs a bench on a fresh embedded PostgreSQL (as `npm start` runs), removed afterwards. */
export async function onEmbedded(run: (database: Database) => Promise<void>) {
  const folder = mkdtempSync(join(tmpdir(), 'flowmind-bench-'));
  // As root the server runs as the postgres user, who must be able to enter this folder.
  chmodSync(folder, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: join(folder, 'data'), logger: { info() {}, warn() {} } });
  try {
    const embedded = await openDatabase({ kind: 'embedded', connection: server.connection });
    await run(embedded);
    await embedded.close();
  } finally {
    await server.stop({ force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}
