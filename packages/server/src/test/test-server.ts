import type { AddressInfo } from 'node:net';
import pino from 'pino';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { type ChangeBus, createPostgresChangeBus } from '../live/change-bus';
import { createMailer } from '../mail/mailer';
import { startQueue } from '../queue/queue';
import { createServices } from '../services';
import { type MailCatcher, startMailCatcher } from './mail-catcher';
import { createTestDatabase } from './test-database';

/** The origin the test server believes it has; clients send it as Origin like a browser would. */
export const TEST_APP_URL = 'http://localhost:3000';
/** The server secret of test servers (it seals AI provider keys, so tests can open them). */
export const TEST_SECRET = 'test-secret-0123456789abcdefghijklmnop';

async function openTestDatabase(
  shareWith?: TestServer,
): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  if (shareWith?.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: shareWith.databaseUrl });
    return { database, url: shareWith.databaseUrl, drop: async () => {} };
  }
  const created = await createTestDatabase();
  // Already migrated in the template: this only finds every migration applied.
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  return { database, url: created.url, drop: created.drop };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * A server on a fresh database; `shareWith` puts a second api process on another's PostgreSQL
 * database. `queue` runs flows through pg-boss like production (else in-process); `worker: false`
 * leaves the flow worker stopped until `startWorker()` (the api role alone).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  {
    shareWith,
    queue: withQueue = false,
    worker = true,
  }: { shareWith?: TestServer; queue?: boolean; worker?: boolean } = {},
) {
  const mail: MailCatcher = await startMailCatcher();
  const { database, url: databaseUrl, drop } = await openTestDatabase(shareWith);
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const config = loadConfig({
    APP_URL: TEST_APP_URL,
    SMTP_URL: mail.smtpUrl,
    FLOWMIND_SIGNIN_RATE_LIMIT: '1000',
    FLOWMIND_WEB_DIST: '/nonexistent',
    ...env,
  });
  const bus: ChangeBus = await createPostgresChangeBus({ connection: database.connection, logger });
  const mailer = createMailer({ smtpUrl: mail.smtpUrl, from: config.mailFrom, logger });
  const queue = withQueue ? await startQueue({ connection: database.connection, logger }) : null;
  const services = createServices({ config, database, bus, mailer, logger, secret: TEST_SECRET, queue });
  const flows = services.flowSystem;
  if (worker) await flows.startWorker({ schedulerIntervalMs: 200 });
  if (config.flows.inboundPort !== null) await flows.startInbound(config.flows.inboundPort, '127.0.0.1');
  const app = await buildApp({ config, database, bus, logger, services });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    app,
    baseUrl,
    mail,
    database,
    databaseUrl,
    db: database.db,
    bus,
    services,
    flows,
    queue,
    startWorker: () => flows.startWorker({ schedulerIntervalMs: 200 }),
    client: () => new TestClient(baseUrl),
    /** A link from an email, pointed at this server instead of the configured APP_URL. */
    local: (link: string) => link.replace(TEST_APP_URL, baseUrl),
    async close() {
      await app.close();
      await services.stop();
      await queue?.stop({ graceful: false, wait: true });
      await bus.close();
      mailer.close();
      await mail.close();
      await database.close();
      await drop();
    },
  };
}

type Json = Record<string, unknown> | unknown[] | null;

/** A browser-like HTTP client: keeps cookies, sends the app's Origin on every request. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(path.startsWith('http') ? path : `${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: TEST_APP_URL,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: Json = null;
    try {
      json = text ? (JSON.parse(text) as Json) : null;
    } catch {
      json = null;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
    return { status: response.status, body: json as any, headers: response.headers, text };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown = {}) => this.request('POST', path, body);
  patch = (path: string, body: unknown = {}) => this.request('PATCH', path, body);
  delete = (path: string) => this.request('DELETE', path);

  /** Opens /api/live with this client's cookies. */
  live(): Promise<LiveTestSocket> {
    const ws = new WebSocket(`${this.baseUrl.replace('http', 'ws')}/api/live`, {
      headers: { origin: TEST_APP_URL, cookie: this.cookieHeader },
    });
    return LiveTestSocket.open(ws);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: live messages are checked by the tests
type LiveMessage = any;

export class LiveTestSocket {
  readonly messages: LiveMessage[] = [];
  private waiters = new Set<() => void>();
  closeCode: number | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      for (const wake of this.waiters) wake();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      for (const wake of this.waiters) wake();
    });
  }

  static open(ws: WebSocket): Promise<LiveTestSocket> {
    const socket = new LiveTestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  async next(predicate: (message: LiveMessage) => boolean, timeoutMs = 5000): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(predicate);
      if (index >= 0) return this.messages.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0 || this.closeCode !== null) {
        throw new Error(`No matching live message (closed: ${this.closeCode}); got ${JSON.stringify(this.messages)}`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  close() {
    this.ws.close();
  }
}

/** Signs a new user up through the API and verifies their email by the emailed link. */
export async function signUpVerified(
  server: TestServer,
  { name, email, password = 'correct horse battery' }: { name: string; email: string; password?: string },
) {
  const client = server.client();
  const signUp = await client.post('/api/auth/sign-up/email', { name, email, password, callbackURL: '/auth/verify' });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const message = await server.mail.waitFor(email, /verify/i);
  const verify = await client.get(server.local(server.mail.link(message, `${TEST_APP_URL}/api/auth/verify-email`)));
  if (verify.status !== 302) throw new Error(`verify failed: ${verify.status} ${verify.text}`);
  const me = await client.get('/api/me');
  return { client, user: me.body as { id: string; personalAccountId: string; username: string; email: string } };
}

/**
 * A business account of `owner` with a new user in it as a member (invited by email, accepted by
 * the emailed link), for tests of what members may and may not do.
 */
export async function businessAccountWithMember(
  server: TestServer,
  owner: { client: TestClient },
  { name, handle, member }: { name: string; handle: string; member: { name: string; email: string } },
) {
  const business = await owner.client.post('/api/accounts', { name, handle });
  if (business.status !== 201) throw new Error(`account creation failed: ${business.status} ${business.text}`);
  const colleague = await signUpVerified(server, member);
  const invite = await owner.client.post(`/api/accounts/${business.body.id}/invites`, {
    email: colleague.user.email,
    role: 'member',
  });
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${invite.text}`);
  const email = await server.mail.waitFor(colleague.user.email, /invited you/i);
  const token = server.mail.link(email, `${TEST_APP_URL}/invites/`).split('/invites/')[1] as string;
  const accepted = await colleague.client.post(`/api/invites/${token}/respond`, { accept: true });
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${accepted.text}`);
  return { accountId: business.body.id as string, colleague };
}
