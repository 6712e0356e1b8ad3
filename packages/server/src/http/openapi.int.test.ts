import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
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

describe('the OpenAPI document is valid', () => {
  it('passes swagger-parser, with every $ref resolved', async () => {
    const { body } = await server.client().get('/api/openapi.json');
    // The parser resolves references in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(body))).resolves.toBeTruthy();
  });

  it('has no error under Redocly’s recommended rules', async () => {
    const { body } = await server.client().get('/api/openapi.json');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(body), absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it('names every operation once and documents its error answers', async () => {
    const { body } = await server.client().get('/api/openapi.json');
    const ids: string[] = [];
    const withoutClientError: string[] = [];
    for (const [path, operations] of Object.entries(body.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        ids.push(operation.operationId);
        if (!Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status)))
          withoutClientError.push(`${method} ${path}`);
      }
    }
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(withoutClientError).toEqual([]);
    const flowVersions = body.paths['/api/flows/{flowId}/versions']?.get;
    expect(flowVersions?.operationId).toBe('getFlowsByFlowIdVersions');
    expect(Object.keys(flowVersions?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '404']));
  });
});

type Operation = { operationId: string; responses: Record<string, unknown> };
