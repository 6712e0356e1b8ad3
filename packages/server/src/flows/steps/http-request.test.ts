import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Item } from '@flowmind/shared/flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../net/guarded-fetch';
import { httpRequestStep } from './http-request';
import type { StepResult } from './step';
import { testContext } from './test-context';

type Seen = { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string };

let server: Server;
let base: string;
const seen: Seen[] = [];
const people = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const record = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(record);
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json', 'x-served-by': 'test' }).end(JSON.stringify(value));
      switch (url.pathname) {
        case '/echo':
          return json(200, record);
        case '/text':
          return res.writeHead(200, { 'content-type': 'text/plain' }).end('{"looks":"like json"}');
        case '/broken-json':
          return res.writeHead(200, { 'content-type': 'application/json' }).end('{nope');
        case '/missing':
          return res.writeHead(404, { 'content-type': 'text/plain' }).end(`no such thing ${'x'.repeat(400)}`);
        case '/slow':
          return void setTimeout(() => json(200, {}), 1500);
        case '/cursor': {
          // Two results a page, the next page's address in links.next.
          const from = Number(url.searchParams.get('from') ?? 0);
          const data = people.slice(from, from + 2);
          const next = from + 2 < people.length ? `/cursor?from=${from + 2}` : null;
          return json(200, { data, links: { next } });
        }
        case '/numbered': {
          const page = Number(url.searchParams.get('page'));
          return json(200, { results: people.slice((page - 1) * 2, page * 2) });
        }
        case '/numbered-then-500':
          return Number(url.searchParams.get('page')) === 1
            ? json(200, { results: [people[0]] })
            : json(500, { error: 'boom' });
        default:
          return json(200, { path: url.pathname });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const localFetch = createGuardedFetch({ allowPrivate: true });
const main = (result: StepResult): Item[] => ('outputs' in result ? (result.outputs.main ?? []) : []);

async function run(params: Record<string, unknown>, options: Partial<Parameters<typeof testContext>[0]> = {}) {
  return main(
    await httpRequestStep.run(
      testContext({ type: 'http.request', params, services: { fetch: localFetch }, ...options }),
    ),
  );
}
const lastSeen = () => seen[seen.length - 1] as Seen;

describe('http.request', () => {
  it('sends method, query and headers, and gives status, headers and the parsed body', async () => {
    const [item] = await run({
      method: 'DELETE',
      url: `${base}/echo?keep=1`,
      query: [
        { key: 'q', value: 'a b' },
        { key: '', value: 'skipped' },
        { key: 'n', value: 3 },
      ],
      headers: [{ key: 'X-Trace', value: 'abc' }],
    });
    expect(item?.status).toBe(200);
    expect((item?.headers as Record<string, string> | undefined)?.['x-served-by']).toBe('test');
    const body = item?.body as Seen;
    expect(body.method).toBe('DELETE');
    expect(body.url).toBe('/echo?keep=1&q=a+b&n=3');
    expect(body.headers['x-trace']).toBe('abc');
  });

  it('runs once per input item with that item’s params', async () => {
    const items = [{ path: 'one' }, { path: 'two' }];
    const out = await run(
      { url: `${base}/{{path}}` },
      { items, evaluate: (t, item) => (typeof t === 'string' ? t.replace('{{path}}', String(item.path)) : t) },
    );
    expect(out.map((i) => (i.body as { path: string }).path)).toEqual(['/one', '/two']);
  });

  it('sends a JSON body given as JSON text or as an already-resolved object', async () => {
    await run({ method: 'POST', url: `${base}/echo`, bodyType: 'json', jsonBody: '{ "a": 1 }' });
    expect(lastSeen().body).toBe('{"a":1}');
    expect(lastSeen().headers['content-type']).toBe('application/json');
    // testContext's idempotency key is exe_test:n1:0; the item index follows.
    expect(lastSeen().headers['idempotency-key']).toBe('exe_test:n1:0:0');
    await run({ method: 'PUT', url: `${base}/echo`, bodyType: 'json', jsonBody: [{ b: true }] });
    expect(lastSeen().body).toBe('[{"b":true}]');
    await run({ method: 'GET', url: `${base}/echo` });
    expect(lastSeen().headers['idempotency-key']).toBeUndefined();
    await expect(run({ method: 'POST', url: `${base}/echo`, bodyType: 'json', jsonBody: '{ oops' })).rejects.toThrow(
      /^The JSON body is not valid JSON/,
    );
  });

  it('sends a form body and a text body, keeping a content type the user set', async () => {
    await run({
      method: 'POST',
      url: `${base}/echo`,
      bodyType: 'form',
      formBody: [
        { key: 'name', value: 'Ada Lovelace' },
        { key: 'role', value: 'a&b' },
      ],
    });
    expect(lastSeen().body).toBe('name=Ada+Lovelace&role=a%26b');
    expect(lastSeen().headers['content-type']).toBe('application/x-www-form-urlencoded');
    await run({
      method: 'PATCH',
      url: `${base}/echo`,
      bodyType: 'text',
      textBody: 'hello',
      headers: [{ key: 'Content-Type', value: 'text/csv' }],
    });
    expect(lastSeen().body).toBe('hello');
    expect(lastSeen().headers['content-type']).toBe('text/csv');
  });

  it('refuses a body on GET in words', async () => {
    await expect(run({ url: `${base}/echo`, bodyType: 'text', textBody: 'x' })).rejects.toThrow(
      'A GET request cannot have a body: choose another method, or set Body to None',
    );
  });

  it('adds bearer and basic authentication', async () => {
    await run({ url: `${base}/echo`, auth: 'bearer', token: 'tok_123' });
    expect(lastSeen().headers.authorization).toBe('Bearer tok_123');
    await run({ url: `${base}/echo`, auth: 'basic', username: 'ada', password: 'p:ss' });
    expect(lastSeen().headers.authorization).toBe(`Basic ${Buffer.from('ada:p:ss').toString('base64')}`);
  });

  it('reads the response as auto, JSON or text', async () => {
    expect((await run({ url: `${base}/text` }))[0]?.body).toBe('{"looks":"like json"}');
    expect((await run({ url: `${base}/text`, response: 'json' }))[0]?.body).toEqual({ looks: 'like json' });
    expect((await run({ url: `${base}/echo`, response: 'text' }))[0]?.body).toMatch(/^\{"method":"GET"/);
    expect((await run({ url: `${base}/broken-json` }))[0]?.body).toBe('{nope');
    await expect(run({ url: `${base}/broken-json`, response: 'json' })).rejects.toThrow(
      'The response is not valid JSON: {nope',
    );
  });

  it('fails on 4xx/5xx with the status and the start of the body, or passes the status on', async () => {
    const failure = run({ url: `${base}/missing` });
    await expect(failure).rejects.toThrow(`The server answered 404 Not Found: no such thing ${'x'.repeat(286)}`);
    await expect(failure).rejects.toSatisfy(
      (e: Error) => e.message.length === 'The server answered 404 Not Found: '.length + 300,
    );
    const [item] = await run({ url: `${base}/missing`, failOnStatus: false });
    expect(item?.status).toBe(404);
    expect(item?.body).toMatch(/^no such thing/);
  });

  it('follows a next URL across pages, one item per result', async () => {
    const out = await run({
      url: `${base}/cursor`,
      pagination: 'next_url',
      nextUrlPath: 'links.next',
      itemsPath: 'data',
    });
    expect(out).toEqual(people);
    const limited = await run({
      url: `${base}/cursor`,
      pagination: 'next_url',
      nextUrlPath: 'links.next',
      itemsPath: 'data',
      maxPages: 2,
    });
    expect(limited.map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('counts a page parameter up from 1 until a page has no results', async () => {
    seen.length = 0;
    const out = await run({
      url: `${base}/numbered`,
      query: [{ key: 'size', value: '2' }],
      pagination: 'page_param',
      itemsPath: 'results',
    });
    expect(out).toEqual(people);
    expect(seen.map((s) => s.url)).toEqual([
      '/numbered?size=2&page=1',
      '/numbered?size=2&page=2',
      '/numbered?size=2&page=3',
      '/numbered?size=2&page=4',
    ]);
  });

  it('stops paging at an error page, failing or passing the status on', async () => {
    const params = { url: `${base}/numbered-then-500`, pagination: 'page_param', itemsPath: 'results' };
    await expect(run(params)).rejects.toThrow('The server answered 500 Internal Server Error: {"error":"boom"}');
    const out = await run({ ...params, failOnStatus: false });
    expect(out).toEqual([people[0], expect.objectContaining({ status: 500, body: { error: 'boom' } })]);
  });

  it('says when the items path is not a list', async () => {
    await expect(run({ url: `${base}/cursor`, pagination: 'page_param', itemsPath: 'links' })).rejects.toThrow(
      '"links" in the response is not a list of results',
    );
  });

  it('times out after the node’s timeout', async () => {
    await expect(run({ url: `${base}/slow` }, { settings: { timeoutMs: 200 } })).rejects.toThrow(
      'The request timed out after 0.2 s',
    );
  });

  it('says which host could not be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(run({ url: `http://127.0.0.1:${port}/` })).rejects.toThrow(
      `Could not reach 127.0.0.1:${port}: ECONNREFUSED`,
    );
    await expect(run({ url: 'not a url' })).rejects.toThrow('"not a url" is not a valid URL');
  });

  it('with the default guarded fetch, refuses loopback and the cloud metadata address', async () => {
    const guarded = { fetch: createGuardedFetch() };
    await expect(run({ url: `${base}/echo` }, { services: guarded })).rejects.toThrow(
      `Refused to connect to 127.0.0.1: it is a private address. The server's operator can allow it with FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:${new URL(base).port}.`,
    );
    await expect(run({ url: 'http://169.254.169.254/latest/meta-data/' }, { services: guarded })).rejects.toThrow(
      /^Refused to connect to 169\.254\.169\.254: /,
    );
  });
});
