import { createHash, randomBytes } from 'node:crypto';
import type { IntegrationProviderId } from '@flowmind/shared/integrations';
import type { OAuthProviderConfig } from '../config';

const TOKEN_TIMEOUT_MS = 15_000;

/** PKCE (RFC 7636): a 43-character verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export const randomState = () => randomBytes(24).toString('base64url');

export const redirectUri = (appUrl: string, provider: IntegrationProviderId) =>
  `${appUrl}/integrations/callback/${provider}`;

export function authorizeUrl(
  provider: IntegrationProviderId,
  config: OAuthProviderConfig & { client: { id: string } },
  { state, challenge, redirect }: { state: string; challenge: string; redirect: string },
) {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('client_id', config.client.id);
  // Notion asks for both; `owner=user` is what a public integration is installed with.
  if (provider === 'notion') {
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('owner', 'user');
  }
  if (provider === 'google') {
    url.searchParams.set('response_type', 'code');
    // A refresh token comes only with offline access, and again on a reconnect only with consent asked anew.
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
  }
  if (provider === 'oauth2') {
    url.searchParams.set('response_type', 'code');
    // OpenID servers issue a refresh token (offline_access) only with an explicit consent.
    url.searchParams.set('prompt', 'consent');
  }
  if (provider === 'twitter' || provider === 'linkedin') url.searchParams.set('response_type', 'code');
  // Slack separates scopes with commas; RFC 6749 with spaces.
  if (config.scopes.length > 0) url.searchParams.set('scope', config.scopes.join(provider === 'slack' ? ',' : ' '));
  url.searchParams.set('redirect_uri', redirect);
  url.searchParams.set('state', state);
  if (usesPkce(provider)) {
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/**
 * LinkedIn does PKCE only for the native apps it enables it for, not for the standard web apps
 * this server is: it gets the state (checked once, bound to user and account) and the client
 * secret, and no challenge. X requires PKCE (S256) even of confidential clients.
 */
export const usesPkce = (provider: IntegrationProviderId) => provider !== 'linkedin';

/** What a token endpoint granted, in the shape the connections keep. */
export type Grant = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
  externalId: string;
  name: string;
};

/**
 * The provider refused (Slack answers 200 with `ok: false`; OAuth servers a 400 with `error`).
 * `code` is the protocol's error code, kept for decisions, never shown as it is.
 */
export class OAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }

  /** The grant cannot be used again: the user must connect again. */
  get revoked() {
    return ['invalid_grant', 'invalid_refresh_token', 'token_revoked', 'invalid_auth'].includes(this.code);
  }
}

/** A provider's refusal in words a user can act on. */
function refusal(code: string, label: string): string {
  if (code === 'invalid_code' || code === 'invalid_grant' || code === 'code_already_used')
    return `${label} did not accept the authorization: it expired or was already used. Connect again.`;
  if (code === 'invalid_client_id' || code === 'invalid_client' || code === 'bad_client_secret')
    return `${label} did not accept this server's app credentials. The operator should check the client id and secret.`;
  if (code === 'bad_redirect_uri' || code === 'redirect_uri_mismatch')
    return `${label} refused the redirect address. The operator should register it in the ${label} app.`;
  return `${label} refused the connection (${code}). Try again, or ask the operator to check the ${label} app.`;
}

const basicAuth = (client: { id: string; secret: string }) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;

async function tokenRequest(
  config: OAuthProviderConfig,
  form: Record<string, string>,
  { json = false, clientInBody = false }: { json?: boolean; clientInBody?: boolean } = {},
) {
  const label = config.label;
  const client = config.client;
  if (!client) throw new OAuthError('not_configured', `${label} is not configured on this server`);
  let res: Response;
  try {
    // LinkedIn reads the client's id and secret from the form only (RFC 6749 §2.3.1 allows it).
    const sent = clientInBody ? { ...form, client_id: client.id, client_secret: client.secret } : form;
    res = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: {
        // Notion's token endpoint reads JSON only; RFC 6749 says a form.
        'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
        accept: 'application/json',
        // RFC 6749 §2.3.1: the client authenticates with HTTP Basic (Slack, Notion and X's confidential clients).
        ...(clientInBody ? {} : { authorization: basicAuth(client) }),
      },
      body: json ? JSON.stringify(sent) : new URLSearchParams(sent),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch {
    throw new OAuthError('unreachable', `${label} could not be reached. Try again in a moment.`);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) throw new OAuthError('bad_response', `${label} answered with something other than a token. Try again.`);
  const error = typeof body.error === 'string' ? body.error : null;
  if (!res.ok || body.ok === false || error) {
    const code = error ?? `http_${res.status}`;
    throw new OAuthError(code, refusal(code, label));
  }
  return body;
}

function slackGrant(body: Record<string, unknown>, previous?: Pick<Grant, 'externalId' | 'name'>): Grant {
  const team = (body.team ?? {}) as { id?: string; name?: string };
  const accessToken = body.access_token;
  if (typeof accessToken !== 'string' || !accessToken)
    throw new OAuthError('bad_response', 'Slack answered without an access token. Try again.');
  const expiresIn = Number(body.expires_in);
  return {
    accessToken,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: typeof body.scope === 'string' ? body.scope.split(/[,\s]+/).filter(Boolean) : [],
    externalId: team.id ?? previous?.externalId ?? 'unknown',
    name: team.name ?? previous?.name ?? 'Slack workspace',
  };
}

/** Notion names the workspace and the bot (one per installation) in its token answer. */
function notionGrant(body: Record<string, unknown>, previous?: Pick<Grant, 'externalId' | 'name'>): Grant {
  const accessToken = body.access_token;
  if (typeof accessToken !== 'string' || !accessToken)
    throw new OAuthError('bad_response', 'Notion answered without an access token. Try again.');
  const expiresIn = Number(body.expires_in);
  const workspaceId = typeof body.workspace_id === 'string' ? body.workspace_id : null;
  const botId = typeof body.bot_id === 'string' ? body.bot_id : null;
  return {
    accessToken,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: [],
    externalId: workspaceId ?? botId ?? previous?.externalId ?? 'unknown',
    name: (typeof body.workspace_name === 'string' && body.workspace_name) || previous?.name || 'Notion workspace',
  };
}

/** The external account of a generic server: the ID token's subject and name when it sends one. */
function genericGrant(
  body: Record<string, unknown>,
  label: string,
  previous?: Pick<Grant, 'externalId' | 'name'>,
): Grant {
  let claims: { sub?: string; name?: string; email?: string } = {};
  if (typeof body.id_token === 'string') {
    // Straight from the token endpoint over the server's own connection: read, not verified (OIDC Core 3.1.3.7).
    try {
      claims = JSON.parse(Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    } catch {
      claims = {};
    }
  }
  const accessToken = body.access_token;
  if (typeof accessToken !== 'string' || !accessToken)
    throw new OAuthError('bad_response', `${label} answered without an access token. Try again.`);
  const expiresIn = Number(body.expires_in);
  return {
    accessToken,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: typeof body.scope === 'string' ? body.scope.split(/[,\s]+/).filter(Boolean) : [],
    externalId: claims.sub ?? previous?.externalId ?? 'default',
    name: claims.name ?? claims.email ?? previous?.name ?? label,
  };
}

/**
 * Who was connected, for providers whose token answer does not say: X's `GET /2/users/me` (the
 * connection is named "@handle") and LinkedIn's OpenID `GET /v2/userinfo` (the member's name).
 */
async function identify(
  provider: IntegrationProviderId,
  config: OAuthProviderConfig,
  accessToken: string,
): Promise<Pick<Grant, 'externalId' | 'name'> | null> {
  if (provider !== 'twitter' && provider !== 'linkedin') return null;
  const unknown = () =>
    new OAuthError('bad_response', `${config.label} did not say which account was connected. Try again.`);
  let body: Record<string, unknown> | null;
  try {
    const res = await fetch(`${config.apiUrl}${provider === 'twitter' ? '/2/users/me' : '/v2/userinfo'}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    body = res.ok ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;
  } catch {
    throw new OAuthError('unreachable', `${config.label} could not be reached. Try again in a moment.`);
  }
  if (provider === 'twitter') {
    const user = (body?.data ?? {}) as { id?: unknown; username?: unknown };
    if (typeof user.id !== 'string' || typeof user.username !== 'string') throw unknown();
    return { externalId: user.id, name: `@${user.username}` };
  }
  if (typeof body?.sub !== 'string') throw unknown();
  const name =
    (typeof body.name === 'string' && body.name) ||
    [body.given_name, body.family_name].filter((part) => typeof part === 'string' && part).join(' ') ||
    (typeof body.email === 'string' && body.email) ||
    'LinkedIn member';
  return { externalId: body.sub, name };
}

const grantOf = (
  provider: IntegrationProviderId,
  config: OAuthProviderConfig,
  body: Record<string, unknown>,
  previous?: Pick<Grant, 'externalId' | 'name'>,
) =>
  provider === 'slack'
    ? slackGrant(body, previous)
    : provider === 'notion'
      ? notionGrant(body, previous)
      : genericGrant(body, config.label, previous);

/** Trades the authorization code (and the PKCE verifier) for tokens. */
export async function exchangeCode(
  provider: IntegrationProviderId,
  config: OAuthProviderConfig,
  { code, verifier, redirect }: { code: string; verifier: string; redirect: string },
): Promise<Grant> {
  const body = await tokenRequest(
    config,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      ...(usesPkce(provider) ? { code_verifier: verifier } : {}),
    },
    { json: provider === 'notion', clientInBody: provider === 'linkedin' },
  );
  const grant = grantOf(provider, config, body);
  if (provider === 'google') return await namedByUserinfo(config, grant);
  const who = await identify(provider, config, grant.accessToken);
  return who ? { ...grant, ...who } : grant;
}

/** Google names the account in OpenID userinfo: its subject is the connection's key, its email the name. */
async function namedByUserinfo(config: OAuthProviderConfig, grant: Grant): Promise<Grant> {
  if (!config.userinfoUrl) return grant;
  let res: Response;
  try {
    res = await fetch(config.userinfoUrl, {
      headers: { authorization: `Bearer ${grant.accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch {
    throw new OAuthError('unreachable', `${config.label} could not be reached. Try again in a moment.`);
  }
  const info = (await res.json().catch(() => null)) as { sub?: unknown; email?: unknown } | null;
  if (!res.ok || typeof info?.sub !== 'string' || !info.sub)
    throw new OAuthError('bad_response', `${config.label} did not say which account was connected. Try again.`);
  return {
    ...grant,
    externalId: info.sub,
    name: typeof info.email === 'string' && info.email ? info.email : grant.name,
  };
}

/** A new access token (and, when the provider rotates them, a new refresh token). */
export async function refreshGrant(
  provider: IntegrationProviderId,
  config: OAuthProviderConfig,
  { refreshToken, previous }: { refreshToken: string; previous: Pick<Grant, 'externalId' | 'name'> },
): Promise<Grant> {
  const body = await tokenRequest(
    config,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    { json: provider === 'notion', clientInBody: provider === 'linkedin' },
  ).catch((error) => {
    // X answers a refresh token that was used (X rotates them) or revoked with invalid_request.
    if (provider === 'twitter' && error instanceof OAuthError && error.code === 'invalid_request')
      throw new OAuthError('invalid_grant', error.message);
    throw error;
  });
  const grant = grantOf(provider, config, body, previous);
  // A provider that does not rotate keeps the refresh token it gave first; the external account stays the same.
  return {
    ...grant,
    refreshToken: grant.refreshToken ?? refreshToken,
    externalId: previous.externalId,
    name: previous.name,
  };
}

/** Notion's `POST /v1/oauth/revoke`: the client's credentials, and the token in JSON. */
async function revokeNotionToken(config: OAuthProviderConfig & { apiUrl: string }, token: string) {
  if (!config.client) return false;
  try {
    const res = await fetch(`${config.apiUrl}/v1/oauth/revoke`, {
      method: 'POST',
      headers: { authorization: basicAuth(config.client), 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** RFC 7009 at the provider's revocation endpoint (Google): the token in a form; 200 when forgotten. */
async function revokeAtEndpoint(revokeUrl: string, token: string) {
  try {
    const res = await fetch(revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * RFC 7009 revocation: X's `POST /2/oauth2/revoke` (HTTP Basic, as its token endpoint) and
 * LinkedIn's `POST /oauth/v2/revoke` next to its token endpoint (the client in the form).
 */
async function revokeRfc7009(provider: 'twitter' | 'linkedin', config: OAuthProviderConfig, token: string) {
  const client = config.client;
  if (!client) return false;
  const url =
    provider === 'twitter' ? `${config.apiUrl}/2/oauth2/revoke` : new URL('revoke', config.tokenUrl).toString();
  const form: Record<string, string> =
    provider === 'twitter'
      ? { token, token_type_hint: 'access_token' }
      : { token, client_id: client.id, client_secret: client.secret };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(provider === 'twitter' ? { authorization: basicAuth(client) } : {}),
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    if (provider === 'linkedin') return res.ok;
    const body = (await res.json().catch(() => null)) as { revoked?: boolean } | null;
    return Boolean(res.ok && body?.revoked);
  } catch {
    return false;
  }
}

/**
 * Tells the provider to forget a token (Slack's auth.revoke, Notion's oauth/revoke, X's and
 * LinkedIn's RFC 7009 endpoints, Google's revoke, given the refresh token so the whole grant goes), so a
 * disconnect ends access there too. Best effort: the connection is gone here whatever the provider
 * answers; false when it did not confirm.
 */
export async function revokeToken(
  config: OAuthProviderConfig,
  token: string,
  provider: IntegrationProviderId = 'slack',
  refreshToken: string | null = null,
): Promise<boolean> {
  if (config.revokeUrl) return revokeAtEndpoint(config.revokeUrl, refreshToken ?? token);
  if (provider === 'notion' && config.apiUrl) return revokeNotionToken({ ...config, apiUrl: config.apiUrl }, token);
  if (provider === 'twitter' || provider === 'linkedin') return revokeRfc7009(provider, config, token);
  try {
    const res = await fetch(`${config.apiUrl}/auth.revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as { ok?: boolean; revoked?: boolean } | null;
    return Boolean(res.ok && body?.ok && body.revoked);
  } catch {
    return false;
  }
}
