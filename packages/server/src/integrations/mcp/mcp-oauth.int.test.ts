import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../net/guarded-fetch';
import { authorizationRequest, discoverAndRegister, exchangeMcpCode, refreshMcpGrant } from './mcp-oauth';

const REDIRECT = 'http://localhost:5173/integrations/callback/mcp';
const fetch = createGuardedFetch({ allowPrivate: true });
let as: ReturnType<typeof createServer>;
let rs: ReturnType<typeof createServer>;
let provider: Provider;
let mcpUrl: string;

beforeAll(async () => {
  as = createServer();
  rs = createServer();
  await new Promise<void>((resolve) => as.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => rs.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(as.address() as AddressInfo).port}`;
  const origin = `http://127.0.0.1:${(rs.address() as AddressInfo).port}`;
  mcpUrl = `${origin}/mcp`;
  provider = new Provider(issuer, {
    pkce: { required: () => true },
    scopes: ['mcp:tools'],
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: 'mcp:tools', audience: mcpUrl, accessTokenFormat: 'opaque' }),
      },
    },
  });
  as.on('request', provider.callback());
  rs.on('request', (req, res) => {
    if (req.url === '/.well-known/oauth-protected-resource/mcp') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ resource: mcpUrl, authorization_servers: [issuer], scopes_supported: ['mcp:tools'] }));
      return;
    }
    res.writeHead(401, {
      'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    });
    res.end();
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => as?.close(() => resolve()));
  await new Promise<void>((resolve) => rs?.close(() => resolve()));
});

/** The browser's part at the authorization server: signs in and consents, following redirects. */
async function consent(authorizeUrl: string) {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await globalThis.fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [name, ...value] = (line.split(';')[0] ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    return res;
  };
  let url = authorizeUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(REDIRECT)) return new URL(url);
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`Unexpected page: ${html.slice(0, 300)}`);
    const posted = await send(new URL(action, url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        prompt,
        ...(prompt === 'login' ? { login: 'grace', password: 'x' } : {}),
      }).toString(),
    });
    url = new URL(posted.headers.get('location') ?? '', url).toString();
  }
  throw new Error('Not sent back');
}

describe('signing in to an MCP server with OAuth', () => {
  it('discovers, registers, consents with PKCE and the resource, trades the code, and refreshes', async () => {
    const context = await discoverAndRegister({ url: mcpUrl, redirect: REDIRECT, fetch });
    expect(context).toMatchObject({ resource: mcpUrl, scope: 'mcp:tools' });
    expect(context.client.client_id).toBeTruthy();
    const { authorizeUrl, verifier } = await authorizationRequest(context, { redirect: REDIRECT, state: 'state-1' });
    const asked = new URL(authorizeUrl);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('resource')).toBe(mcpUrl);
    const back = await consent(authorizeUrl);
    expect(back.searchParams.get('state')).toBe('state-1');
    const tokens = await exchangeMcpCode(context, {
      code: back.searchParams.get('code') ?? '',
      verifier,
      redirect: REDIRECT,
      fetch,
    });
    const found = await provider.AccessToken.find(tokens.accessToken);
    expect(found?.aud).toBe(mcpUrl);
    expect(tokens.refreshToken).toBeTruthy();
    const refreshed = await refreshMcpGrant(context, { refreshToken: tokens.refreshToken ?? '', fetch });
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    // A refresh token the server no longer knows (revoked there) gets invalid_grant: the grant is spent.
    await (await provider.RefreshToken.find(refreshed.refreshToken ?? ''))?.destroy();
    await expect(refreshMcpGrant(context, { refreshToken: refreshed.refreshToken ?? '', fetch })).rejects.toMatchObject(
      {
        code: 'invalid_grant',
        revoked: true,
      },
    );
  });

  it('refuses a server that does not ask to sign in, at the url field', async () => {
    const open = createServer((_req, res) => res.writeHead(200).end('{}'));
    await new Promise<void>((resolve) => open.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(open.address() as AddressInfo).port}/mcp`;
    await expect(discoverAndRegister({ url, redirect: REDIRECT, fetch })).rejects.toMatchObject({ field: 'url' });
    await new Promise<void>((resolve) => open.close(() => resolve()));
  });
});
