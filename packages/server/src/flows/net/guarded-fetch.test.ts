import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, guardedFetchOptionsFromEnv } from './guarded-fetch';

const REFUSED =
  /^Refused to connect to .*: private, loopback and link-local addresses are blocked \(an admin can allow them with FLOWMIND_HTTP_ALLOW_PRIVATE=true\)$/;

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    hits.push(path);
    if (path === '/to-ip') return res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
    if (path === '/to-name') return res.writeHead(302, { location: `http://localhost:${port}/ok` }).end();
    if (path === '/relative') return res.writeHead(301, { location: '/ok' }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/slow') return void setTimeout(() => res.end('late'), 2000);
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello from ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createGuardedFetch (default)', () => {
  const guarded = createGuardedFetch();

  it('refuses 127.0.0.1 with the message users see', async () => {
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toThrow(
      'Refused to connect to 127.0.0.1: private, loopback and link-local addresses are blocked (an admin can allow them with FLOWMIND_HTTP_ALLOW_PRIVATE=true)',
    );
  });

  it.each([
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://[::ffff:127.0.0.1]/',
  ])('refuses %s before connecting', async (url) => {
    await expect(guarded(url)).rejects.toThrow(REFUSED);
  });

  it('refuses a name that resolves to a loopback address', async () => {
    const before = hits.length;
    await expect(guarded(`http://localhost:${port}/`)).rejects.toThrow(/^Refused to connect to localhost \(/);
    expect(hits.length).toBe(before);
  });

  it('speaks only http and https', async () => {
    await expect(guarded('ftp://example.com/file')).rejects.toThrow(
      'Only http and https addresses can be requested, not ftp',
    );
    await expect(guarded('not a url')).rejects.toThrow('"not a url" is not a valid URL');
  });
});

describe('createGuardedFetch with allowHosts', () => {
  // Only the name "localhost" is allowed; 127.0.0.1 written as an address is not.
  const guarded = createGuardedFetch({ allowHosts: ['localhost'] });

  it('reaches the allowed host and follows its redirects', async () => {
    const response = await guarded(`http://localhost:${port}/to-name`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello from /ok');
  });

  it('checks each redirect hop again: an allowed host cannot send the request to a blocked address', async () => {
    hits.length = 0;
    await expect(guarded(`http://localhost:${port}/to-ip`)).rejects.toThrow(
      /^Refused to connect to 127\.0\.0\.1: private, loopback/,
    );
    expect(hits).toEqual(['/to-ip']);
  });

  it('stops after 5 redirects', async () => {
    await expect(guarded(`http://localhost:${port}/loop`)).rejects.toThrow('Too many redirects (more than 5)');
  });

  it('allows an address given in allowHosts', async () => {
    const byIp = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
    expect(await (await byIp(`http://127.0.0.1:${port}/x`)).text()).toBe('hello from /x');
  });
});

describe('createGuardedFetch({ allowPrivate: true })', () => {
  const open = createGuardedFetch({ allowPrivate: true });

  it('lets a local server through, following relative redirects', async () => {
    const response = await open(`http://127.0.0.1:${port}/relative`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`http://127.0.0.1:${port}/ok`);
    expect(await response.text()).toBe('hello from /ok');
    expect(await (await open(`http://localhost:${port}/a`)).text()).toBe('hello from /a');
  });

  it('gives up after timeoutMs', async () => {
    await expect(open(`http://127.0.0.1:${port}/slow`, { timeoutMs: 100 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});

describe('guardedFetchOptionsFromEnv', () => {
  it('reads the admin switches', () => {
    expect(guardedFetchOptionsFromEnv({})).toEqual({ allowPrivate: false, allowHosts: [] });
    expect(
      guardedFetchOptionsFromEnv({
        FLOWMIND_HTTP_ALLOW_PRIVATE: 'true',
        FLOWMIND_HTTP_ALLOW_HOSTS: ' intranet.local, 10.0.0.5 ,',
      }),
    ).toEqual({ allowPrivate: true, allowHosts: ['intranet.local', '10.0.0.5'] });
  });
});
