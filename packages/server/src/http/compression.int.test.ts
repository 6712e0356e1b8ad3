import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAnsweredBy } from '../test/flow-graphs';
import { type OpenAiServer, startOpenAiServer } from '../test/openai-server';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../test/test-server';
import { pickEncoding } from './compression';

let server: TestServer;
let model: OpenAiServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let dist: string;

const INDEX = `<!doctype html><html><head><title>Flowmind</title></head><body>${'<div id="root"></div>'.repeat(80)}<script type="module" src="/assets/app-1a2b3c.js"></script></body></html>`;
const SCRIPT = `export const app = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `item ${i}`))};\n`;
/** A file the build left uncompressed (its compressed copy would not have been smaller). */
const TINY = 'export{};\n';

/** A built web app as the build writes it: each text file with its .br and .gz beside it. */
function writeDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'flowmind-dist-'));
  mkdirSync(join(root, 'assets'));
  for (const [name, text] of [
    ['index.html', INDEX],
    ['assets/app-1a2b3c.js', SCRIPT],
  ] as const) {
    writeFileSync(join(root, name), text);
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text, { level: 9 }));
  }
  writeFileSync(join(root, 'assets/tiny-9z8y7x.js'), TINY);
  return root;
}

beforeAll(async () => {
  dist = writeDist();
  model = await startOpenAiServer();
  server = await startTestServer({
    FLOWMIND_WEB_DIST: dist,
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_API_KEY: 'sk-test',
  });
  owner = await signUpVerified(server, { name: 'Zip', email: 'zip@example.com' });
});
afterAll(async () => {
  await server.close();
  await model.close();
  rmSync(dist, { recursive: true, force: true });
});

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Sends a request and opens the response without decoding anything, as it came over the wire. */
function open(
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.baseUrl}${path}`, {
      method,
      headers: {
        origin: TEST_APP_URL,
        cookie: owner.client.cookieHeader,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
    });
    req.on('response', resolve).on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function raw(path: string, acceptEncoding?: string, options: { method?: string; body?: unknown } = {}) {
  const res = await open(path, { ...options, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) } satisfies Raw;
}

/** The body as the client reads it once it undoes the response's Content-Encoding. */
function decoded(res: Raw): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.body).toString('utf8');
  return res.body.toString('utf8');
}

const varies = (res: Raw) => String(res.headers.vary ?? '').toLowerCase();

describe('choosing an encoding', () => {
  it('prefers br, then gzip, by weight; none when neither is accepted', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe(null);
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBe(null);
    expect(pickEncoding(undefined)).toBe(null);
  });
});

describe('the web app’s files', () => {
  it('sends an asset’s brotli or gzip copy by Accept-Encoding, cacheable for a year', async () => {
    const br = await raw('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(varies(br)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(SCRIPT.length);
    expect(decoded(br)).toBe(SCRIPT);

    const gzip = await raw('/assets/app-1a2b3c.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varies(gzip)).toContain('accept-encoding');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(gzip)).toBe(SCRIPT);
  });

  it('sends the plain file to a client that takes no encoding, still saying it varies', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await raw('/assets/app-1a2b3c.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varies(res)).toContain('accept-encoding');
      expect(res.body.toString('utf8')).toBe(SCRIPT);
    }
  });

  it('sends index.html compressed and never cached stale, at / and at a client route', async () => {
    for (const path of ['/', '/dashboard', '/flows/abc']) {
      const br = await raw(path, 'br, gzip');
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['content-type'], path).toContain('text/html');
      expect(varies(br), path).toContain('accept-encoding');
      expect(br.headers['cache-control'], path).toBe('no-cache');
      expect(decoded(br), path).toBe(INDEX);

      const gzip = await raw(path, 'gzip');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(decoded(gzip), path).toBe(INDEX);

      const plain = await raw(path);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(varies(plain), path).toContain('accept-encoding');
      expect(plain.body.toString('utf8'), path).toBe(INDEX);
    }
  });

  it('sends a file the build left uncompressed as it is, not compressed on the fly', async () => {
    const tiny = await raw('/assets/tiny-9z8y7x.js', 'br, gzip');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString('utf8')).toBe(TINY);
    // The neighbouring compressed asset shows the server does take br here.
    expect((await raw('/assets/app-1a2b3c.js', 'br, gzip')).headers['content-encoding']).toBe('br');
  });
});

describe('API answers', () => {
  it('compresses JSON of 1 KB or more as the client accepts, and leaves a small one alone', async () => {
    const plain = await raw('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const document = plain.body.toString('utf8');

    const br = await raw('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(document));

    const gzip = await raw('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(JSON.parse(document));

    const small = await raw('/api/health', 'br, gzip');
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ ok: true });
  });

  it('compresses a chat’s JSON, but streams its answer uncompressed, each piece as the model sends it', async () => {
    const chat = await owner.client.post('/api/chats', { accountId: owner.user.personalAccountId });
    expect(chat.status, chat.text).toBe(201);
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rest = Array.from({ length: 300 }, (_, i) => `word${i} `);
    model.setReply(() => ({ pieces: ['First ', ...rest], delayMs: 0, hold }));

    const res = await open(`/api/chats/${chat.body.id}/messages`, {
      method: 'POST',
      headers: { 'accept-encoding': 'br, gzip' },
      body: { text: 'Say many words' },
    });
    let text = '';
    res.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    const ended = new Promise((resolve) => res.on('end', resolve));
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/x-ndjson');
      expect(res.headers['content-encoding']).toBeUndefined();
      // The model holds the rest of its answer back until its first piece has come through on its own.
      await new Promise<void>((resolve) => {
        const seen = () => {
          if (!text.includes('"First "')) return;
          res.off('data', seen);
          resolve();
        };
        res.on('data', seen);
        seen();
      });
      expect(text).toContain('"type":"text-delta"');
      expect(text).not.toContain('word0');
    } finally {
      release();
    }
    await ended;
    expect(text).toContain('"type":"done"');
    expect(text).toContain('word299');

    const detail = await raw(`/api/chats/${chat.body.id}`, 'br, gzip');
    expect(detail.status).toBe(200);
    expect(detail.headers['content-encoding']).toBe('br');
    expect(decoded(detail)).toContain('word299');
  });

  it('compresses a table’s records as JSON, but streams its CSV export as it is', async () => {
    const { body: table } = await owner.client.post('/api/tables', {
      accountId: owner.user.personalAccountId,
      name: 'Many',
    });
    const [name] = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
    const records = Array.from({ length: 1000 }, (_, i) => ({ values: { [name.id]: `row ${i}` } }));
    expect((await owner.client.post(`/api/tables/${table.id}/records`, { records })).status).toBe(201);

    const json = await raw(`/api/tables/${table.id}/records`, 'br, gzip');
    expect(json.status).toBe(200);
    expect(json.headers['content-encoding']).toBe('br');
    expect(decoded(json)).toContain('row 0');

    const csv = await raw(`/api/tables/${table.id}/export.csv`, 'br, gzip');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-encoding']).toBeUndefined();
    // Sent as the rows are read: chunked, its length unknown when it starts.
    expect(csv.headers['transfer-encoding']).toBe('chunked');
    expect(csv.headers['content-length']).toBeUndefined();
    const lines = csv.body.toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1001);
    expect(lines).toContain('row 999');
  });

  it('compresses a flow’s JSON, but sends its webhook’s answer exactly as the flow made it', async () => {
    const answer = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ n: i, name: `item ${i}` })) });
    const created = await owner.client.post('/api/flows', {
      accountId: owner.user.personalAccountId,
      name: 'Big answer',
      graph: webhookAnsweredBy({
        status: 200,
        bodyType: 'text',
        text: answer,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
      }),
    });
    expect(created.status, created.text).toBe(201);
    const flow = created.body as { id: string; webhookId: string };
    expect((await owner.client.post(`/api/flows/${flow.id}/publish`, {})).status).toBe(200);

    const api = await raw(`/api/flows/${flow.id}`, 'br, gzip');
    expect(api.status).toBe(200);
    expect(api.headers['content-encoding']).toBe('br');

    const hook = await raw(`/api/hooks/${flow.webhookId}`, 'br, gzip');
    expect(hook.status).toBe(200);
    expect(hook.headers['content-type']).toContain('application/json');
    expect(hook.headers['content-encoding']).toBeUndefined();
    expect(varies(hook)).not.toContain('accept-encoding');
    expect(hook.body.toString('utf8')).toBe(answer);
  });
});
