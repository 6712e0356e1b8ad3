import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { routesOf } from './openapi';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('/api/openapi.json', () => {
  it('documents the routes with the schemas they parse', async () => {
    const res = await server.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const create = res.body.paths['/api/accounts'].post;
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['name', 'handle']),
    });
    expect(create.responses['201']).toBeTruthy();
    const members = res.body.paths['/api/accounts/{accountId}/members'].get;
    expect(members.parameters).toEqual([expect.objectContaining({ name: 'accountId', in: 'path', required: true })]);
    expect(res.body.paths['/api/invites/{token}'].get.security).toEqual([]);
  });

  it('leaves no API route undocumented (better-auth documents its own under /api/auth)', async () => {
    const documented = new Set<string>();
    const { body } = await server.client().get('/api/openapi.json');
    for (const [path, operations] of Object.entries(body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const undocumented = new Set(['/api/openapi.json', '/api/health', '/api/config', '/api/live']);
    const routes = routesOf(server.app).filter(
      (r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/') && !undocumented.has(r.path),
    );
    expect(routes.length).toBeGreaterThan(15);
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });
});
