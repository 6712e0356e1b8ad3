import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startMailCatcher } from './test/mail-catcher';
import { freePort } from './test/wait';

const server = fileURLToPath(new URL('..', import.meta.url));
const dist = join(server, 'dist');

// Loaded before the server: resolving tsx or esbuild from any module then fails, so the server
// can only start and run code steps if the build left nothing for a TypeScript loader to do.
const hooks = `export async function resolve(specifier, context, next) {
  if (/^(tsx|esbuild)($|\\/)/.test(specifier)) throw new Error('loaded at run time: ' + specifier);
  return next(specifier, context);
}`;
const noLoader = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;

describe('the compiled server (npm run build, npm start)', () => {
  it('runs from packages/server/dist with plain node: migrations, sign-up and a code step in the compiled sandbox worker', async () => {
    execFileSync(process.execPath, [join(server, 'build.mjs')], { stdio: 'pipe' });
    for (const file of ['main.js', 'sandbox-worker.js']) {
      const code = readFileSync(join(dist, file), 'utf8');
      expect(code, file).not.toMatch(/(?:from|import\(|require\()\s*["'](?:tsx|esbuild)(?:["'/])/);
    }

    const mail = await startMailCatcher();
    const folder = mkdtempSync(join(tmpdir(), 'flowmind-compiled-'));
    // As root the embedded database runs as the postgres user, who must be able to enter it.
    chmodSync(folder, 0o755);
    const dataDir = join(folder, 'data');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', '--import', `data:text/javascript,${encodeURIComponent(noLoader)}`, 'dist/main.js'],
      {
        cwd: server,
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: base,
          FLOWMIND_DATA_DIR: dataDir,
          FLOWMIND_SANDBOX_WORKERS: '2',
          SMTP_URL: mail.smtpUrl,
          LOG_LEVEL: 'warn',
          DATABASE_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let health: unknown = null;
      for (let i = 0; i < 240 && child.exitCode === null; i++) {
        try {
          const res = await fetch(`${base}/api/health`);
          if (res.ok) {
            health = await res.json();
            break;
          }
        } catch {}
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(health, output).toMatchObject({ ok: true, database: 'embedded' });

      let cookie = '';
      const request = async (path: string, body?: unknown) => {
        const res = await fetch(`${base}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { origin: base, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'manual',
        });
        const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
        if (set.length) cookie = set.join('; ');
        const text = await res.text();
        return { status: res.status, text, json: text.startsWith('{') ? JSON.parse(text) : null };
      };
      const email = 'compiled@example.com';
      const signUp = await request('/api/auth/sign-up/email', {
        name: 'Compiled',
        email,
        password: 'correct horse battery',
        callbackURL: '/auth/verify',
      });
      expect(signUp.status, signUp.text).toBe(200);
      const message = await mail.waitFor(email, /verify/i);
      const link = mail.link(message, `${base}/api/auth/verify-email`);
      expect((await request(link.slice(base.length))).status).toBe(302);
      const me = await request('/api/me');
      expect(me.status, me.text).toBe(200);

      const nodes = [
        { id: 'w', type: 'trigger.webhook', name: 'Webhook', params: { respond: 'respond_step' } },
        { id: 'c', type: 'code', name: 'Code', params: { code: 'return [{ sum: $json.body.a + $json.body.b }]' } },
        {
          id: 'r',
          type: 'webhook.respond',
          name: 'Respond',
          params: { bodyType: 'json', json: '{ "sum": {{ $node["Code"].json.sum }} }' },
        },
      ];
      const created = await request('/api/flows', {
        accountId: me.json.personalAccountId,
        name: 'Compiled',
        graph: {
          nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, ...n })),
          edges: [
            { id: 'e0', source: 'w', target: 'c' },
            { id: 'e1', source: 'c', target: 'r' },
          ],
        },
      });
      expect(created.status, created.text).toBe(201);
      const published = await request(`/api/flows/${created.json.id}/publish`, {});
      expect(published.status, published.text).toBe(200);

      const hook = await fetch(`${base}/api/hooks/${published.json.webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ a: 2, b: 3 }),
      });
      expect(await hook.json(), output).toEqual({ sum: 5 });

      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(output).not.toMatch(/loaded at run time/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await mail.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
