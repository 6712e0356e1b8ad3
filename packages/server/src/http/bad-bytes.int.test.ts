import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestClient, type TestServer } from '../test/test-server';

/**
 * Every documented operation, called signed in with bytes PostgreSQL cannot store (NUL, a lone
 * surrogate) in its path, query and JSON strings, and with a 100,000-deep body: none may answer
 * 500 or show SQL or a stack. Generated from /api/openapi.json, so a new route is fuzzed too.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  prefixItems?: Schema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
};
type Parameter = { name: string; in: 'path' | 'query'; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
};

const BAD = {
  nul: { text: 'bad\u0000byte', url: 'bad%00byte' },
  surrogate: { text: 'bad\ud800byte', url: 'bad%ED%A0%80byte' },
} as const;
type Kind = keyof typeof BAD;

const isUntyped = (schema: Schema) =>
  schema.type === undefined &&
  !schema.anyOf &&
  !schema.oneOf &&
  !schema.allOf &&
  !schema.enum &&
  schema.const === undefined;

/**
 * A value of the schema with every string in it the bad one (enums kept, so the rest passes);
 * where the schema takes anything, `untyped` (the bad string unless given).
 */
function sample(
  schema: Schema | undefined,
  bad: string,
  depth = 0,
  untyped: unknown = bad,
  known: Record<string, string> = {},
): unknown {
  if (!schema || depth > 6 || isUntyped(schema)) return untyped;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice?.length) return sample(choice.find((s) => s.type !== 'null') ?? choice[0], bad, depth + 1, untyped, known);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        value[key] = known[key] ?? sample(property, bad, depth + 1, untyped, known);
      if (!schema.properties) value[bad] = untyped;
      return value;
    }
    case 'array':
      return [sample(schema.items ?? schema.prefixItems?.[0], bad, depth + 1, untyped, known)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return bad;
  }
}

type Call = { label: string; method: string; path: string; body?: string };

function calls(paths: Record<string, Record<string, Operation>>, ids: Record<string, string>): Call[] {
  const out: Call[] = [];
  for (const [template, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const verb = method.toUpperCase();
      const params = operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = operation.requestBody?.content['application/json'].schema;
      const url = (badPath: string | null, badQuery: string | null) => {
        let path = template;
        for (const p of pathParams) {
          const good = ids[p.name] ?? (p.name === 'runIndex' ? '0' : 'abc123');
          path = path.replace(`{${p.name}}`, badPath ?? good);
        }
        if (badQuery && queryParams.length > 0)
          path += `?${queryParams.map((p) => `${encodeURIComponent(p.name)}=${badQuery}`).join('&')}`;
        return path;
      };
      if (pathParams.length > 0)
        out.push({ label: `${verb} ${template} (long path part)`, method: verb, path: url('a'.repeat(300), null) });
      for (const kind of Object.keys(BAD) as Kind[]) {
        const { text, url: encoded } = BAD[kind];
        const label = `${verb} ${template} (${kind}`;
        if (pathParams.length > 0) out.push({ label: `${label} in path)`, method: verb, path: url(encoded, null) });
        if (queryParams.length > 0) out.push({ label: `${label} in query)`, method: verb, path: url(null, encoded) });
        if (bodySchema)
          out.push({
            label: `${label} in body)`,
            method: verb,
            path: url(null, null),
            body: JSON.stringify(sample(bodySchema, text)),
          });
      }
      if (verb !== 'GET') {
        const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
        out.push({ label: `${verb} ${template} (100,000-deep body)`, method: verb, path: url(null, null), body: deep });
        // Deep where the body takes anything, so it gets past validation to what recurses after it.
        const placeholder = 'DEEP-VALUE-HERE';
        const valid = bodySchema
          ? JSON.stringify(sample(bodySchema, 'x', 0, placeholder, { accountId: ids.accountId as string }))
          : '';
        if (valid.includes(placeholder))
          out.push({
            label: `${verb} ${template} (100,000-deep value)`,
            method: verb,
            path: url(null, null),
            body: valid.replace(`"${placeholder}"`, deep),
          });
      }
    }
  }
  return out;
}

async function send(client: TestClient, call: Call) {
  const response = await fetch(`${client.baseUrl}${call.path}`, {
    method: call.method,
    headers: {
      origin: 'http://localhost:3000',
      cookie: client.cookieHeader,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: call.body,
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text() };
}

/** Runs every call, at most `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index] as T);
      }
    }),
  );
  return results;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('bad bytes on every route', () => {
  it('answer 4xx without SQL or stack, never 500', async () => {
    const { client, user } = await signUpVerified(server, { name: 'Fuzz', email: 'fuzz@example.com' });
    const { body: doc } = await client.get('/api/openapi.json');
    const accountId = user.personalAccountId;
    // Real ids where it matters, so bodies get past "not found" to the code that stores them.
    const table = await client.post('/api/tables', { accountId, name: 'Fuzzed' });
    const flow = await client.post('/api/flows', { accountId, name: 'Fuzzed' });
    expect([table.status, flow.status]).toEqual([201, 201]);
    const all = calls(doc.paths, { accountId, tableId: table.body.id, flowId: flow.body.id });
    // Sign-in lives under /api/auth, outside the document, and takes anyone's bytes.
    for (const [kind, { text }] of Object.entries(BAD))
      for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email'])
        all.push({
          label: `POST ${path} (${kind} in body)`,
          method: 'POST',
          path,
          body: JSON.stringify({ name: text, email: `new-${kind}@example.com`, password: `${text}-long-password` }),
        });
    // Deleting the caller's own user would sign the rest out; it is fuzzed last.
    const last = (call: Call) => (call.path.startsWith('/api/me') && call.method === 'DELETE' ? 1 : 0);
    all.sort((a, b) => last(a) - last(b));
    expect(all.length).toBeGreaterThan(100);
    const results = await inParallel(all, 4, async (call) => ({ call, ...(await send(client, call)) }));
    const wrong = results
      .filter(({ status, text }) => status >= 500 || /insert into|select |\.[jt]s:\d+:\d+/i.test(text))
      .map(({ call, status, text }) => `${call.label}: ${status} ${text.slice(0, 200)}`);
    expect(wrong).toEqual([]);
    // Refused by name: every 400 says which field (the path, the body) is wrong.
    const unnamed = results
      .filter(({ status }) => status === 400 || status === 414)
      .filter(({ text }) => !JSON.parse(text).error?.field)
      .map(({ call, text }) => `${call.label}: ${text.slice(0, 200)}`);
    expect(unnamed).toEqual([]);
    expect(results.filter(({ status }) => status === 400).length).toBeGreaterThan(all.length / 2);
  });
});
