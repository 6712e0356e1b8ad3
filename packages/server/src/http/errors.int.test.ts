import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { registerErrorHandling } from './errors';

let server: TestServer;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  app = Fastify();
  registerErrorHandling(app);
  // Real database errors, as a handler that let a value through would meet them.
  app.get('/nul', async () => server.db.execute(sql`select ${'a\u0000b'}::text as value`));
  app.get('/quoted', async () => {
    await server.db.execute(sql`select * from no_such_table where account_id = ${'acc_other'}`).catch((cause) => {
      throw Object.assign(new Error((cause as Error).message, { cause }), { statusCode: 400 });
    });
  });
  app.post('/echo', async (request) => request.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await server.close();
});

describe('errors turned into responses', () => {
  it('a value the database refuses is a 400 that quotes no query', async () => {
    const res = await fetch(`${baseUrl}/nul`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text).error.code).toBe('bad_request');
    expect(text).not.toMatch(/select |Failed query|params/i);
  });

  it('a client error carrying a failed query answers without the query or its parameters', async () => {
    const res = await fetch(`${baseUrl}/quoted`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toMatch(/select |Failed query|no_such_table|acc_other/i);
  });

  it('a body Fastify cannot parse is a 400 naming the body', async () => {
    const answers = await Promise.all(
      ['{"a":', '', '{"__proto__":{"x":1}}'].map(async (body) => {
        const res = await fetch(`${baseUrl}/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        return [res.status, ((await res.json()) as { error: { field?: string } }).error.field];
      }),
    );
    expect(answers).toEqual([
      [400, 'body'],
      [400, 'body'],
      [400, 'body'],
    ]);
  });
});
