import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowHost } from './address-policy';
import { createGuardedFetch } from './guarded-fetch';

const REFUSED =
  /^Refused to connect to .*: it is a private address\. The server's operator can allow it with FLOWMIND_HTTP_ALLOW_HOSTS=\S+:\d+\.$/;

let server: Server;
let port: number;
/** A second service on the same host, which allowing the first must not open. */
let other: Server;
let otherPort: number;
const hits: string[] = [];
const otherHits: string[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    hits.push(path);
    if (path === '/to-ip') return res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
    if (path === '/to-name') return res.writeHead(302, { location: `http://localhost:${port}/ok` }).end();
    if (path === '/relative') return res.writeHead(301, { location: '/ok' }).end();
    if (path === '/to-other-port') return res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/admin` }).end();
    if (path === '/to-other-port-by-name')
      return res.writeHead(307, { location: `http://localhost:${otherPort}/admin` }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/slow') return void setTimeout(() => res.end('late'), 2000);
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello from ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  other = createServer((req, res) => {
    otherHits.push(req.url ?? '/');
    res.end('the app itself');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherPort = (other.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

describe('createGuardedFetch (default)', () => {
  const guarded = createGuardedFetch();

  it('refuses 127.0.0.1 with the message users see', async () => {
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toThrow(
      `Refused to connect to 127.0.0.1: it is a private address. The server's operator can allow it with FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:${port}.`,
    );
    await expect(guarded('http://[::1]/')).rejects.toThrow('FLOWMIND_HTTP_ALLOW_HOSTS=[::1]:80.');
    await expect(guarded('https://10.0.0.1/')).rejects.toThrow('FLOWMIND_HTTP_ALLOW_HOSTS=10.0.0.1:443.');
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
    await expect(guarded(`http://localhost:${port}/`)).rejects.toThrow(
      new RegExp(`^Refused to connect to localhost \\(.+\\): .* FLOWMIND_HTTP_ALLOW_HOSTS=localhost:${port}\\.$`),
    );
    expect(hits.length).toBe(before);
  });

  it('names the port asked for, whichever port the shared lookup was made for', async () => {
    await expect(guarded(`http://localhost:${port}/`)).rejects.toThrow(`FLOWMIND_HTTP_ALLOW_HOSTS=localhost:${port}.`);
    await expect(guarded(`http://localhost:${otherPort}/`)).rejects.toThrow(
      `FLOWMIND_HTTP_ALLOW_HOSTS=localhost:${otherPort}.`,
    );
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
      /^Refused to connect to 127\.0\.0\.1: it is a private address/,
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

describe('createGuardedFetch with host:port in allowHosts', () => {
  it('reaches the allowed port, and refuses the same host on another port', async () => {
    const guarded = createGuardedFetch({ allowHosts: [`127.0.0.1:${port}`] });
    expect(await (await guarded(`http://127.0.0.1:${port}/x`)).text()).toBe('hello from /x');
    otherHits.length = 0;
    await expect(guarded(`http://127.0.0.1:${otherPort}/admin`)).rejects.toThrow(
      `Refused to connect to 127.0.0.1: it is a private address. The server's operator can allow it with FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:${otherPort}.`,
    );
    expect(otherHits).toEqual([]);
  });

  it('checks the port of every redirect hop', async () => {
    const guarded = createGuardedFetch({ allowHosts: [`127.0.0.1:${port}`, `localhost:${port}`] });
    otherHits.length = 0;
    await expect(guarded(`http://127.0.0.1:${port}/to-other-port`)).rejects.toThrow(
      `FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:${otherPort}.`,
    );
    await expect(guarded(`http://localhost:${port}/to-other-port-by-name`)).rejects.toThrow(
      /^Refused to connect to localhost \(/,
    );
    expect(otherHits).toEqual([]);
    expect(await (await guarded(`http://localhost:${port}/to-name`)).text()).toBe('hello from /ok');
  });

  it('allows a name on its port only, and an allowed port opens no other host', async () => {
    const guarded = createGuardedFetch({ allowHosts: [`localhost:${port}`] });
    expect(await (await guarded(`http://localhost:${port}/a`)).text()).toBe('hello from /a');
    await expect(guarded(`http://localhost:${otherPort}/`)).rejects.toThrow(/^Refused to connect to localhost \(/);
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toThrow(REFUSED);
  });

  it('a plain host still means any port', async () => {
    const guarded = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
    expect(await (await guarded(`http://127.0.0.1:${otherPort}/`)).text()).toBe('the app itself');
  });
});

describe('createGuardedFetch with loopbackPorts (local model servers)', () => {
  const local = () => createGuardedFetch({ loopbackPorts: [port, 11434] });

  it('reaches loopback on a listed port, by address or by name', async () => {
    expect(await (await local()(`http://127.0.0.1:${port}/v1`)).text()).toBe('hello from /v1');
    expect(await (await local()(`http://localhost:${port}/v1`)).text()).toBe('hello from /v1');
  });

  it('refuses loopback on another port, saying which ports are allowed, also after a redirect', async () => {
    otherHits.length = 0;
    await expect(local()(`http://127.0.0.1:${otherPort}/`)).rejects.toThrow(
      `Refused to connect to 127.0.0.1: local model servers are allowed on ports ${port} and 11434 only. The server's operator can allow this one with FLOWMIND_HTTP_ALLOW_HOSTS=127.0.0.1:${otherPort}.`,
    );
    await expect(local()(`http://127.0.0.1:${port}/to-other-port`)).rejects.toThrow(
      `local model servers are allowed on ports ${port} and 11434 only`,
    );
    await expect(local()(`http://localhost:${port}/to-other-port-by-name`)).rejects.toThrow(
      /^Refused to connect to localhost \(.+\): local model servers are allowed/,
    );
    expect(otherHits).toEqual([]);
  });

  it('opens loopback only, not other private addresses on those ports', async () => {
    await expect(local()('http://10.0.0.1:11434/v1')).rejects.toThrow(REFUSED);
    await expect(local()('http://0.0.0.0:11434/v1')).rejects.toThrow(REFUSED);
    await expect(local()('http://169.254.169.254:11434/')).rejects.toThrow(REFUSED);
  });
});

describe('parseAllowHost', () => {
  it.each([
    ['localhost', { host: 'localhost', port: null }],
    ['Intranet.Local:8443', { host: 'intranet.local', port: 8443 }],
    ['127.0.0.1:8080', { host: '127.0.0.1', port: 8080 }],
    ['127.1:80', { host: '127.0.0.1', port: 80 }],
    ['::1', { host: '::1', port: null }],
    ['[::1]', { host: '::1', port: null }],
    ['[0:0::1]:11434', { host: '::1', port: 11434 }],
  ])('%s', (entry, rule) => {
    expect(parseAllowHost(entry)).toEqual(rule);
  });

  it.each(['host:0', 'host:70000', 'http://host', 'a b', ':8080', 'user@host'])('refuses %s', (entry) => {
    expect(() => parseAllowHost(entry)).toThrow(`"${entry}" is not a host or host:port`);
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
