import { AppError } from '@flowmind/shared/errors';
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  extractWWWAuthenticateParams,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError as SdkOAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  AuthorizationServerMetadata,
  OAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { GuardedFetch } from '../../net/guarded-fetch';
import { StepError } from '../../user-error';
import { OAuthError, TOKEN_TIMEOUT_MS } from '../oauth';

/**
 * Signing in to an MCP server with OAuth, as the MCP authorization spec (2025-06-18) describes it:
 * the server's 401 names its Protected Resource Metadata (RFC 9728), which names an authorization
 * server (RFC 8414, or OpenID discovery), where Flowmind registers itself (RFC 7591) and asks for a
 * token bound to the MCP URL (RFC 8707). The SDK's helpers do the protocol; every request goes
 * through the guarded fetch, so discovery cannot be pointed at a private address.
 */

/** What a sign-in learnt before the consent page; the client secret is the only secret in it. */
export type McpAuthContext = {
  url: string;
  resource: string;
  authorizationServer: string;
  metadata: AuthorizationServerMetadata;
  client: { client_id: string; client_secret?: string; token_endpoint_auth_method?: string };
  scope: string | null;
};

export type McpTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; scopes: string[] };

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The SDK's fetch, through the guarded one: redirects and private addresses obey the flows' rules.
 * Its answer is rewrapped in the global Response, which the SDK checks with instanceof to read an
 * error body (the guarded fetch's Response is undici's own class).
 */
const sdkFetch = (fetch: GuardedFetch) => async (url: string | URL, init?: RequestInit) => {
  const res = await fetch(String(url), { ...init, timeoutMs: TOKEN_TIMEOUT_MS });
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
};

const refused = (message: string) => new AppError('bad_request', message, 'url');

/** Asks the MCP server without a token: an OAuth server answers 401 and names its metadata. */
async function probe(url: string, fetch: GuardedFetch) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'flowmind', version: '1.0.0' },
      },
    }),
    timeoutMs: TOKEN_TIMEOUT_MS,
  });
  await res.body?.cancel().catch(() => undefined);
  if (res.status !== 401)
    throw refused(
      `The MCP server at ${hostOf(url)} did not ask to sign in (HTTP ${res.status}): add it with a token, or without one`,
    );
  return extractWWWAuthenticateParams(res);
}

/** RFC 9728: the address its 401 named, else the well-known addresses on the URL's origin. */
async function resourceMetadata(url: string, named: URL | undefined, fetch: GuardedFetch) {
  const fetchFn = sdkFetch(fetch);
  if (named) {
    try {
      return await discoverOAuthProtectedResourceMetadata(url, { resourceMetadataUrl: named }, fetchFn);
    } catch {
      // Falls through to the well-known addresses, as the spec allows.
    }
  }
  return discoverOAuthProtectedResourceMetadata(url, {}, fetchFn);
}

/** The resource a token is asked for: the server's own word for it, if it is on the MCP URL's origin. */
function resourceOf(url: string, prm: OAuthProtectedResourceMetadata) {
  if (!prm.resource) return url;
  if (new URL(prm.resource).origin !== new URL(url).origin)
    throw refused(`The MCP server at ${hostOf(url)} names another site as its resource, so Flowmind will not sign in`);
  return prm.resource;
}

/** A public client with PKCE when the server takes one; else a secret sent with HTTP Basic. */
function authMethod(metadata: AuthorizationServerMetadata) {
  const supported = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (supported.includes('none')) return 'none';
  return supported.includes('client_secret_basic') ? 'client_secret_basic' : 'client_secret_post';
}

/**
 * Discovery and dynamic registration: what the consent page needs. Failures are words for the
 * user at the `url` field, never the protocol's own text or a stack.
 */
export async function discoverAndRegister({
  url,
  redirect,
  fetch,
}: {
  url: string;
  redirect: string;
  fetch: GuardedFetch;
}): Promise<McpAuthContext> {
  const host = hostOf(url);
  const fetchFn = sdkFetch(fetch);
  try {
    const challenge = await probe(url, fetch);
    const prm = await resourceMetadata(url, challenge.resourceMetadataUrl, fetch).catch(() => {
      throw refused(`The MCP server at ${host} does not publish where to sign in (OAuth protected resource metadata)`);
    });
    const authorizationServer = prm.authorization_servers?.[0];
    if (!authorizationServer) throw refused(`The MCP server at ${host} does not name an authorization server`);
    const metadata = await discoverAuthorizationServerMetadata(authorizationServer, { fetchFn }).catch(() => undefined);
    if (!metadata)
      throw refused(`The authorization server of ${host} (${hostOf(authorizationServer)}) does not describe itself`);
    if (!metadata.registration_endpoint)
      throw refused(
        `The authorization server of ${host} does not allow dynamic client registration, so Flowmind cannot sign in to it. Add the server with a token instead.`,
      );
    const scope = prm.scopes_supported?.length ? prm.scopes_supported.join(' ') : (challenge.scope ?? null);
    const registered = await registerClient(authorizationServer, {
      metadata,
      clientMetadata: {
        client_name: 'Flowmind',
        redirect_uris: [redirect],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: authMethod(metadata),
        ...(scope ? { scope } : {}),
      },
      fetchFn,
    }).catch(() => {
      throw refused(`The authorization server of ${host} refused to register Flowmind as a client`);
    });
    return {
      url,
      resource: resourceOf(url, prm),
      authorizationServer,
      metadata,
      client: {
        client_id: registered.client_id,
        ...(registered.client_secret ? { client_secret: registered.client_secret } : {}),
        ...(registered.token_endpoint_auth_method
          ? { token_endpoint_auth_method: registered.token_endpoint_auth_method }
          : {}),
      },
      scope,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The guarded fetch's refusals (private addresses) already say what the operator can do.
    if (error instanceof StepError) throw refused(error.message);
    throw refused(`The MCP server at ${host} could not be reached to sign in. Check its URL, or try again later.`);
  }
}

/** The consent page's address, with PKCE S256, the state and the resource (RFC 8707). */
export async function authorizationRequest(
  context: McpAuthContext,
  { redirect, state }: { redirect: string; state: string },
) {
  const { authorizationUrl, codeVerifier } = await startAuthorization(context.authorizationServer, {
    metadata: context.metadata,
    clientInformation: context.client,
    redirectUrl: redirect,
    state,
    resource: new URL(context.resource),
    ...(context.scope ? { scope: context.scope } : {}),
  });
  return { authorizeUrl: authorizationUrl.toString(), verifier: codeVerifier };
}

function toTokens(tokens: { access_token: string; refresh_token?: string; expires_in?: number; scope?: string }) {
  const expiresIn = Number(tokens.expires_in);
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: tokens.scope ? tokens.scope.split(/\s+/).filter(Boolean) : [],
  } satisfies McpTokens;
}

/** The SDK's refusal as the connections' OAuthError: its code decides, its text is never shown. */
function asOAuthError(error: unknown, host: string): OAuthError {
  if (error instanceof SdkOAuthError) {
    const code = error.errorCode;
    if (code === 'invalid_grant')
      return new OAuthError(
        code,
        `The authorization server of ${host} did not accept the sign-in: it expired or was already used. Sign in again.`,
      );
    return new OAuthError(code, `The authorization server of ${host} refused the sign-in (${code}). Try again.`);
  }
  if (error instanceof StepError) return new OAuthError('refused_address', error.message);
  return new OAuthError(
    'unreachable',
    `The authorization server of ${host} could not be reached. Try again in a moment.`,
  );
}

/** Trades the code (and the PKCE verifier) for tokens bound to the MCP server. */
export async function exchangeMcpCode(
  context: McpAuthContext,
  { code, verifier, redirect, fetch }: { code: string; verifier: string; redirect: string; fetch: GuardedFetch },
): Promise<McpTokens> {
  try {
    return toTokens(
      await exchangeAuthorization(context.authorizationServer, {
        metadata: context.metadata,
        clientInformation: context.client,
        authorizationCode: code,
        codeVerifier: verifier,
        redirectUri: redirect,
        resource: new URL(context.resource),
        fetchFn: sdkFetch(fetch),
      }),
    );
  } catch (error) {
    throw asOAuthError(error, hostOf(context.url));
  }
}

/**
 * Asks the authorization server to forget a grant (RFC 7009) when it has a revocation endpoint:
 * the refresh token, which takes its access tokens with it. True when it confirmed.
 */
export async function revokeMcpGrant(
  context: McpAuthContext,
  { token, hint, fetch }: { token: string; hint: 'refresh_token' | 'access_token'; fetch: GuardedFetch },
): Promise<boolean> {
  // RFC 8414 names it; OpenID discovery documents carry it too, though the SDK's type leaves it out.
  const endpoint = (context.metadata as { revocation_endpoint?: string }).revocation_endpoint;
  if (!endpoint) return false;
  const { client_id: id, client_secret: secret, token_endpoint_auth_method: method } = context.client;
  const body = new URLSearchParams({ token, token_type_hint: hint });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (secret && method !== 'client_secret_post')
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  else {
    body.set('client_id', id);
    if (secret) body.set('client_secret', secret);
  }
  try {
    const res = await fetch(endpoint, { method: 'POST', headers, body: body.toString(), timeoutMs: TOKEN_TIMEOUT_MS });
    await res.body?.cancel().catch(() => undefined);
    return res.ok;
  } catch {
    return false;
  }
}

/** A new access token from the connection's own token endpoint and client; a rotated refresh token kept. */
export async function refreshMcpGrant(
  context: McpAuthContext,
  { refreshToken, fetch }: { refreshToken: string; fetch: GuardedFetch },
): Promise<McpTokens> {
  try {
    const tokens = toTokens(
      await refreshAuthorization(context.authorizationServer, {
        metadata: context.metadata,
        clientInformation: context.client,
        refreshToken,
        resource: new URL(context.resource),
        fetchFn: sdkFetch(fetch),
      }),
    );
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
  } catch (error) {
    throw asOAuthError(error, hostOf(context.url));
  }
}
