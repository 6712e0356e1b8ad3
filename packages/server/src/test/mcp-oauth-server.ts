import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { startMcpServer } from './mcp-server';
import { playConsent } from './oauth2-server';

/**
 * An MCP server that signs in with OAuth as the MCP authorization spec has it: the test MCP
 * server answers 401 naming its protected resource metadata, which names a real authorization
 * server (oidc-provider) with dynamic client registration, PKCE and resource indicators; it takes
 * only access tokens that server issued for its URL. Counts token requests, for refresh tests.
 */
export async function startMcpOAuthServer({
  accessTokenTtl = 3600,
  host = '127.0.0.1',
}: {
  accessTokenTtl?: number;
  /** The name both servers are reached by (an app that allows only `localhost` needs that one). */
  host?: string;
} = {}) {
  const as = createServer();
  await new Promise<void>((resolve) => as.listen(0, '127.0.0.1', resolve));
  const issuer = `http://${host}:${(as.address() as AddressInfo).port}`;
  let mcpUrl = '';
  const provider = new Provider(issuer, {
    pkce: { required: () => true },
    scopes: ['mcp:tools'],
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: { AccessToken: accessTokenTtl },
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'mcp:tools',
          audience: mcpUrl,
          accessTokenFormat: 'opaque',
          accessTokenTTL: accessTokenTtl,
        }),
      },
    },
  });
  const tokenRequests: string[] = [];
  const grants = new Set<string>();
  const accessTokens: string[] = [];
  provider.on('access_token.saved', (token: { grantId?: string; jti: string }) => {
    if (token.grantId) grants.add(token.grantId);
    accessTokens.push(token.jti);
  });
  const callback = provider.callback();
  as.on('request', (req, res) => {
    if (req.method === 'POST' && (req.url === '/token' || req.url === '/token/revocation')) tokenRequests.push(req.url);
    callback(req, res);
  });
  const mcp = await startMcpServer({
    oauth: {
      metadata: () => ({ resource: mcpUrl, authorization_servers: [issuer], scopes_supported: ['mcp:tools'] }),
      accepts: async (token) => {
        const found = await provider.AccessToken.find(token);
        return Boolean(found && !found.isExpired && found.aud === mcpUrl);
      },
    },
  });
  mcpUrl = mcp.url.replace('127.0.0.1', host);

  return {
    issuer,
    url: mcpUrl,
    calls: mcp.calls,
    provider,
    /** How many times the token endpoint was asked (codes and refreshes). */
    tokenRequests: () => tokenRequests.filter((url) => url === '/token').length,
    /** How many times a client asked to revoke a token (RFC 7009). */
    revocations: () => tokenRequests.filter((url) => url === '/token/revocation').length,
    /** The browser's part: signs in as `user` and consents; where it sends the user back. */
    consent: (authorizeUrl: string, redirectUri: string, user = 'grace') =>
      playConsent(authorizeUrl, redirectUri, user),
    /**
     * Revokes the access tokens the server gave, and with `refreshTokens` their refresh tokens too
     * (as a user removing the app there); without, a refresh still works.
     */
    async revoke({ refreshTokens }: { refreshTokens: boolean }) {
      // The memory adapter forgets a whole grant at once (refresh tokens too): one by one keeps those.
      if (!refreshTokens)
        for (const jti of accessTokens.splice(0)) await (await provider.AccessToken.find(jti))?.destroy();
      else for (const grantId of grants) await provider.AccessToken.revokeByGrantId(grantId);
    },
    async close() {
      await mcp.close();
      await new Promise<void>((resolve) => {
        as.closeAllConnections();
        as.close(() => resolve());
      });
    },
  };
}

export type TestMcpOAuthServer = Awaited<ReturnType<typeof startMcpOAuthServer>>;
