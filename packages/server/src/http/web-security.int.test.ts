import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAnsweredBy } from '../test/flow-graphs';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../test/test-server';
import { sameSiteOrigins } from './origin-check';
import { registerSecurityHeaders } from './security-headers';

let server: TestServer;
let author: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  author = await signUpVerified(server, { name: 'Mallory', email: 'mallory@example.com' });
});
afterAll(() => server.close());

type Header = { key: string; value: string };

const respondGraph = (headers: Header[], text = '<p>Thanks</p>') =>
  webhookAnsweredBy({ status: 200, bodyType: 'text', text, headers });

async function createFlow(graph: ReturnType<typeof respondGraph>) {
  const res = await author.client.post('/api/flows', {
    accountId: author.user.personalAccountId,
    name: 'Page',
    graph,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; webhookId: string };
}

describe('webhook answers cannot act as the visitor', () => {
  it('serves a flow’s HTML page sandboxed, without the app’s origin, cookies or sniffing', async () => {
    const flow = await createFlow(
      respondGraph([{ key: 'Content-Type', value: 'text/html; charset=utf-8' }], '<script>fetch("/api/me")</script>'),
    );
    expect((await author.client.post(`/api/flows/${flow.id}/publish`, {})).status).toBe(200);
    // A signed-in visitor's cookie rides along, as it would when they open the link.
    const res = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
      headers: { cookie: author.client.cookieHeader },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<script>');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox /);
    expect(csp).toContain('allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses to publish a Respond step that sets a cookie, the policy, credentialed CORS or a redirect away', async () => {
    const refused: [Header, RegExp][] = [
      [{ key: 'Set-Cookie', value: 'better-auth.session_token=x; Path=/' }, /may not set cookies/],
      [{ key: 'Content-Security-Policy', value: 'default-src *' }, /security policy/],
      [{ key: 'Access-Control-Allow-Credentials', value: 'true' }, /credentialed/],
      [{ key: 'Location', value: 'https://evil.example/login' }, /Location may only be a path/],
    ];
    for (const [header, message] of refused) {
      const flow = await createFlow(respondGraph([header]));
      const res = await author.client.post(`/api/flows/${flow.id}/publish`, {});
      expect(res.status, header.key).toBe(400);
      expect(res.text).toMatch(message);
    }
    const local = await createFlow(respondGraph([{ key: 'Location', value: '/thanks' }]));
    expect((await author.client.post(`/api/flows/${local.id}/publish`, {})).status).toBe(200);
  });

  it('fails a Respond step whose header name comes from an expression and is refused; no cookie is set', async () => {
    const flow = await createFlow(respondGraph([{ key: '{{ $json.query.h }}', value: 'sid=stolen' }]));
    expect((await author.client.post(`/api/flows/${flow.id}/publish`, {})).status).toBe(200);
    const res = await fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}?h=Set-Cookie`);
    expect(res.status).toBe(500);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/may not set cookies/);
  });
});

describe('security headers', () => {
  it('sends a policy the app passes, no framing, nosniff and a referrer policy on app responses', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS only when APP_URL is https', async () => {
    for (const [appUrl, hsts] of [
      ['https://flowmind.example', true],
      ['http://localhost:3000', false],
    ] as const) {
      const app = Fastify();
      registerSecurityHeaders(app, { appUrl });
      app.get('/x', async () => ({ ok: true }));
      const res = await app.inject('/x');
      expect(Boolean(res.headers['strict-transport-security']), appUrl).toBe(hsts);
      await app.close();
    }
  });
});

describe('origins', () => {
  it('takes the other loopback names of a loopback APP_URL as the same site', () => {
    expect(sameSiteOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(sameSiteOrigins('https://flowmind.example')).toEqual(['https://flowmind.example']);
  });

  it('signs up from http://127.0.0.1 when APP_URL is http://localhost, and names the address otherwise', async () => {
    const signUp = (origin: string, email: string) =>
      fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ip', email, password: 'correct horse battery' }),
      });
    expect(TEST_APP_URL).toBe('http://localhost:3000');
    const loopback = await signUp('http://127.0.0.1:3000', 'ip@example.com');
    expect(loopback.status, await loopback.clone().text()).toBe(200);
    const foreign = await signUp('http://192.168.1.20:3000', 'lan@example.com');
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toContain('http://localhost:3000');
    // Another port on loopback is another server.
    expect((await signUp('http://127.0.0.1:4000', 'port@example.com')).status).toBe(403);
  });
});

describe('webhook secrets', () => {
  it('are stored only as a hash, checked against it, and not copied into the execution', async () => {
    const secret = 'whsec-0123456789abcdef';
    const res = await author.client.post('/api/flows', {
      accountId: author.user.personalAccountId,
      name: 'Guarded',
      graph: {
        nodes: [
          {
            id: 'hook',
            type: 'trigger.webhook',
            name: 'Webhook',
            position: { x: 0, y: 0 },
            params: { secretHeader: 'X-Hook-Secret', secretValue: secret },
          },
        ],
        edges: [],
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.text).not.toContain(secret);
    const stored = res.body.graph.nodes[0].params.secretValue as string;
    expect(stored).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Saving the graph again (as the editor does, with the hash) keeps the same hash.
    const saved = await author.client.patch(`/api/flows/${res.body.id}`, { graph: res.body.graph });
    expect(saved.body.graph.nodes[0].params.secretValue).toBe(stored);
    const flow = (await author.client.post(`/api/flows/${res.body.id}/publish`, {})).body;
    expect(JSON.stringify(flow)).not.toContain(secret);

    const call = (value?: string) =>
      fetch(`${server.baseUrl}/api/hooks/${flow.webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(value === undefined ? {} : { 'x-hook-secret': value }) },
        body: '{"a":1}',
      });
    expect((await call()).status).toBe(401);
    expect((await call('wrong')).status).toBe(401);
    expect((await call(stored)).status).toBe(401);
    const ok = await call(secret);
    expect(ok.status).toBe(202);
    const { executionId } = (await ok.json()) as { executionId: string };
    let execution: { status: string } | null = null;
    for (let i = 0; i < 150 && !['succeeded', 'failed'].includes(execution?.status ?? ''); i += 1) {
      execution = (await author.client.get(`/api/executions/${executionId}`)).body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(execution?.status).toBe('succeeded');
    expect(JSON.stringify(execution)).not.toContain(secret);
    expect(JSON.stringify(execution)).not.toContain('x-hook-secret');
  });
});
