import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../net/guarded-fetch';
import { startMcpOAuthServer, type TestMcpOAuthServer } from '../../test/mcp-oauth-server';
import { authorizationRequest, discoverAndRegister, exchangeMcpCode, refreshMcpGrant } from './mcp-oauth';

const REDIRECT = 'http://localhost:5173/integrations/callback/mcp';
const fetch = createGuardedFetch({ allowPrivate: true });
let server: TestMcpOAuthServer;

beforeAll(async () => {
  server = await startMcpOAuthServer();
});
afterAll(async () => {
  await server?.close();
});

describe('signing in to an MCP server with OAuth', () => {
  it('discovers, registers, consents with PKCE and the resource, trades the code, and refreshes', async () => {
    const mcpUrl = server.url;
    const context = await discoverAndRegister({ url: mcpUrl, redirect: REDIRECT, fetch });
    expect(context).toMatchObject({ resource: mcpUrl, scope: 'mcp:tools' });
    expect(context.client.client_id).toBeTruthy();
    const { authorizeUrl, verifier } = await authorizationRequest(context, { redirect: REDIRECT, state: 'state-1' });
    const asked = new URL(authorizeUrl);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('resource')).toBe(mcpUrl);
    const back = await server.consent(authorizeUrl, REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-1');
    const tokens = await exchangeMcpCode(context, {
      code: back.searchParams.get('code') ?? '',
      verifier,
      redirect: REDIRECT,
      fetch,
    });
    const found = await server.provider.AccessToken.find(tokens.accessToken);
    expect(found?.aud).toBe(mcpUrl);
    expect(tokens.refreshToken).toBeTruthy();
    const refreshed = await refreshMcpGrant(context, { refreshToken: tokens.refreshToken ?? '', fetch });
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    // A refresh token the server no longer knows (revoked there) gets invalid_grant: the grant is spent.
    await (await server.provider.RefreshToken.find(refreshed.refreshToken ?? ''))?.destroy();
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
