import { createHash, randomBytes } from 'node:crypto';
import type { OAuthCallbackProvider } from '@flowmind/shared/integrations';
import type { OAuthProviderConfig } from '../config-integrations';

/**
 * OAuth 2.0 authorization code with PKCE, the same dance for every provider; what differs (extra
 * consent-page parameters, how the token endpoint reads its request, who was connected, how a
 * token is revoked) is each provider's `OAuthProfile`, in its integration's folder
 * (`<provider>/<provider>-oauth.ts`), or `GENERIC_OAUTH2` for an operator's own server.
 */

export const TOKEN_TIMEOUT_MS = 15_000;

/** The external account a connection belongs to, named. */
export type ExternalAccount = Pick<Grant, 'externalId' | 'name'>;

export type OAuthProfile = {
  /** Query parameters its consent page needs besides client id, scope, redirect, state and PKCE. */
  authorizeParams?: Record<string, string>;
  /** Between scopes: RFC 6749 says a space (Slack wants a comma). */
  scopeSeparator?: string;
  /** PKCE S256 (RFC 7636), sent unless the provider refuses it. */
  pkce?: boolean;
  /** How its token endpoint reads a request: JSON, the client in the form; else a form with HTTP Basic. */
  tokenRequest?: { json?: boolean; clientInBody?: boolean };
  /** The grant from a token answer (else RFC 6749's fields and an ID token's subject). */
  grant?: (body: Record<string, unknown>, config: OAuthProviderConfig, previous?: ExternalAccount) => Grant;
  /** Who was connected, when the token answer does not say: asked with the new access token. */
  identify?: (config: OAuthProviderConfig, grant: Grant) => Promise<ExternalAccount>;
  /** Refusal codes of a refresh that mean the grant is spent, besides `invalid_grant`. */
  spentGrantCodes?: readonly string[];
  /** Tells the provider to forget the grant; true once it confirmed. */
  revoke?: (
    config: OAuthProviderConfig,
    tokens: { accessToken: string; refreshToken: string | null },
  ) => Promise<boolean>;
};

/** An operator's own OAuth 2.0 / OpenID server (`OAUTH2_*`). */
export const GENERIC_OAUTH2: OAuthProfile = {
  // OpenID servers issue a refresh token (offline_access) only with an explicit consent.
  authorizeParams: { response_type: 'code', prompt: 'consent' },
};

/** PKCE (RFC 7636): a 43-character verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export const randomState = () => randomBytes(24).toString('base64url');

/** How long a started authorization may take: consent pages, sign-ins, two-factor prompts. */
export const STATE_TTL_MS = 10 * 60_000;

export const redirectUri = (appUrl: string, provider: OAuthCallbackProvider) =>
  `${appUrl}/integrations/callback/${provider}`;

export function authorizeUrl(
  profile: OAuthProfile,
  config: OAuthProviderConfig & { client: { id: string } },
  { state, challenge, redirect }: { state: string; challenge: string; redirect: string },
) {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('client_id', config.client.id);
  for (const [name, value] of Object.entries(profile.authorizeParams ?? {})) url.searchParams.set(name, value);
  if (config.scopes.length > 0) url.searchParams.set('scope', config.scopes.join(profile.scopeSeparator ?? ' '));
  url.searchParams.set('redirect_uri', redirect);
  url.searchParams.set('state', state);
  if (profile.pkce !== false) {
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

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

export const basicAuth = (client: { id: string; secret: string }) =>
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

/** The fields RFC 6749 names in a token answer; the account is the caller's to name. */
export function tokenFields(body: Record<string, unknown>, label: string) {
  const accessToken = body.access_token;
  if (typeof accessToken !== 'string' || !accessToken)
    throw new OAuthError('bad_response', `${label} answered without an access token. Try again.`);
  const expiresIn = Number(body.expires_in);
  return {
    accessToken,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: typeof body.scope === 'string' ? body.scope.split(/[,\s]+/).filter(Boolean) : [],
  };
}

/** The external account of a generic server: the ID token's subject and name when it sends one. */
function genericGrant(body: Record<string, unknown>, config: OAuthProviderConfig, previous?: ExternalAccount): Grant {
  let claims: { sub?: string; name?: string; email?: string } = {};
  if (typeof body.id_token === 'string') {
    // Straight from the token endpoint over the server's own connection: read, not verified (OIDC Core 3.1.3.7).
    try {
      claims = JSON.parse(Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    } catch {
      claims = {};
    }
  }
  return {
    ...tokenFields(body, config.label),
    externalId: claims.sub ?? previous?.externalId ?? 'default',
    name: claims.name ?? claims.email ?? previous?.name ?? config.label,
  };
}

/** A JSON GET with the new access token (who was connected); null unless it answered 2xx with JSON. */
export async function getWithToken(
  config: OAuthProviderConfig,
  url: string,
  accessToken: string,
): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    return res.ok ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;
  } catch {
    throw new OAuthError('unreachable', `${config.label} could not be reached. Try again in a moment.`);
  }
}

export const unknownAccount = (config: OAuthProviderConfig) =>
  new OAuthError('bad_response', `${config.label} did not say which account was connected. Try again.`);

/** A POST to a revocation endpoint; true when it answered 2xx (and `confirmed` accepts its body). */
export async function postRevocation(
  url: string,
  init: { headers: Record<string, string>; body: string | URLSearchParams },
  confirmed: (body: Record<string, unknown> | null) => boolean = () => true,
): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS) });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return res.ok && confirmed(body);
  } catch {
    return false;
  }
}

/** Trades the authorization code (and the PKCE verifier) for tokens, and names the account. */
export async function exchangeCode(
  profile: OAuthProfile,
  config: OAuthProviderConfig,
  { code, verifier, redirect }: { code: string; verifier: string; redirect: string },
): Promise<Grant> {
  const body = await tokenRequest(
    config,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      ...(profile.pkce !== false ? { code_verifier: verifier } : {}),
    },
    profile.tokenRequest,
  );
  const grant = (profile.grant ?? genericGrant)(body, config);
  return profile.identify ? { ...grant, ...(await profile.identify(config, grant)) } : grant;
}

/** A new access token (and, when the provider rotates them, a new refresh token). */
export async function refreshGrant(
  profile: OAuthProfile,
  config: OAuthProviderConfig,
  { refreshToken, previous }: { refreshToken: string; previous: ExternalAccount },
): Promise<Grant> {
  const body = await tokenRequest(
    config,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    profile.tokenRequest,
  ).catch((error) => {
    if (error instanceof OAuthError && profile.spentGrantCodes?.includes(error.code))
      throw new OAuthError('invalid_grant', error.message);
    throw error;
  });
  const grant = (profile.grant ?? genericGrant)(body, config, previous);
  // A provider that does not rotate keeps the refresh token it gave first; the external account stays the same.
  return {
    ...grant,
    refreshToken: grant.refreshToken ?? refreshToken,
    externalId: previous.externalId,
    name: previous.name,
  };
}

/**
 * Tells the provider to forget a grant, so a disconnect ends access there too. Best effort: the
 * connection is gone here whatever the provider answers; false when it did not confirm (or the
 * provider offers no revocation).
 */
export async function revokeToken(
  profile: OAuthProfile,
  config: OAuthProviderConfig,
  tokens: { accessToken: string; refreshToken: string | null },
): Promise<boolean> {
  if (!profile.revoke || !config.client) return false;
  return profile.revoke(config, tokens);
}
