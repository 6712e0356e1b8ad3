import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT, calendarApi, type GoogleStoredEvent, googleError, TEAM_CALENDAR } from './google-calendar-api';

export type { GoogleStoredEvent } from './google-calendar-api';

export type GoogleApiCall = { method: string; path: string; query: Record<string, string>; body: unknown };

/**
 * A real HTTP server speaking Google's OAuth 2.0 (the consent page `/o/oauth2/v2/auth`, which
 * consents at once or denies; `/token` with the authorization_code grant checking PKCE S256 and
 * the refresh_token grant, `invalid_grant` for a code or refresh token it does not know;
 * `/revoke`), OpenID userinfo, and the parts of Calendar API v3 the actions call under
 * `/calendar/v3`: calendarList, events list, insert, patch and delete (404 notFound, 410 deleted),
 * freeBusy. Events are kept in memory; the account has its primary calendar and a team calendar.
 * `rateLimitOnce` answers 403 rateLimitExceeded (or 429) once; `GET /_test/events` lists events.
 */
export async function startGoogleServer({
  clientId,
  clientSecret,
  expiresIn = 3599,
}: {
  clientId: string;
  clientSecret: string;
  expiresIn?: number;
}) {
  const codes = new Map<string, { challenge: string | null; redirectUri: string; scope: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const tokenRequests: { form: Record<string, string>; authorization: string | undefined }[] = [];
  const authorizeRequests: Record<string, string>[] = [];
  const revoked: string[] = [];
  const calls: GoogleApiCall[] = [];
  const state = { consent: 'allow' as 'allow' | 'deny', expiresIn };
  // The Calendar API and its events (google-calendar-api.ts); addEvent and the like below change them as Google Calendar would.
  const { events, sync, touch, api } = calendarApi();
  const once = new Map<string, { status: 403 | 429; retryAfter: number | null }[]>();

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) return res.writeHead(status).end();
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const readText = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };
  const clientOf = (req: IncomingMessage, form: Record<string, string>) => {
    const basic = req.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
      : [form.client_id, form.client_secret];
    return { id: basic[0], secret: basic[1] };
  };
  /** Each refresh token's access tokens: revoking the refresh token ends them too. */
  const grants = new Map<string, Set<string>>();
  const issue = (scope: string, refreshToken: string | null) => {
    const access = `ya29.${randomBytes(16).toString('hex')}`;
    accessTokens.add(access);
    const refresh = refreshToken ?? `1//${randomBytes(16).toString('hex')}`;
    refreshTokens.add(refresh);
    grants.set(refresh, (grants.get(refresh) ?? new Set()).add(access));
    return {
      access_token: access,
      expires_in: state.expiresIn,
      token_type: 'Bearer',
      scope,
      // Google does not rotate refresh tokens: a refresh answers without one.
      ...(refreshToken ? {} : { refresh_token: refresh }),
    };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const params = Object.fromEntries(url.searchParams);
      authorizeRequests.push(params);
      if (params.client_id !== clientId || params.response_type !== 'code') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Error 400: invalid_request');
        return;
      }
      const back = new URL(params.redirect_uri ?? '');
      back.searchParams.set('state', params.state ?? '');
      if (state.consent === 'deny') back.searchParams.set('error', 'access_denied');
      else {
        const code = `4/${randomBytes(12).toString('hex')}`;
        codes.set(code, {
          challenge: params.code_challenge_method === 'S256' ? (params.code_challenge ?? null) : null,
          redirectUri: params.redirect_uri ?? '',
          scope: params.scope ?? '',
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = Object.fromEntries(new URLSearchParams(await readText(req)));
      tokenRequests.push({ form, authorization: req.headers.authorization });
      const client = clientOf(req, form);
      if (client.id !== clientId || client.secret !== clientSecret)
        return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      if (form.grant_type === 'authorization_code') {
        const issued = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!issued) return send(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
        if (form.redirect_uri !== issued.redirectUri)
          return send(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
        const computed = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (!issued.challenge || computed !== issued.challenge)
          return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
        return send(res, 200, issue(issued.scope, null));
      }
      if (form.grant_type === 'refresh_token') {
        // The same refresh token stays good until revoked.
        const refresh = form.refresh_token ?? '';
        if (!refreshTokens.has(refresh))
          return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        return send(res, 200, issue('openid email https://www.googleapis.com/auth/calendar', refresh));
      }
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' });
    }
    if (req.method === 'POST' && url.pathname === '/revoke') {
      const token = new URLSearchParams(await readText(req)).get('token') ?? '';
      if (!accessTokens.delete(token) && !refreshTokens.delete(token))
        return send(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      // Revoking a refresh token ends the whole grant, its access tokens too.
      for (const access of grants.get(token) ?? []) accessTokens.delete(access);
      revoked.push(token);
      return send(res, 200, {});
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') {
      if (!accessTokens.has(bearer))
        return send(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
      return send(res, 200, { ...ACCOUNT, email_verified: true });
    }
    if (req.method === 'GET' && url.pathname === '/_test/events')
      return send(res, 200, { events: events.map(({ token: _token, ...event }) => event) });
    if (url.pathname.startsWith('/calendar/v3/')) {
      const path = url.pathname.slice('/calendar/v3'.length);
      const text = ['POST', 'PATCH', 'PUT'].includes(req.method ?? '') ? await readText(req) : '';
      let body: Record<string, unknown> = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return send(res, 400, googleError(400, 'parseError', 'Parse Error', 'INVALID_ARGUMENT'));
      }
      const key = `${req.method} ${path}`;
      const queued = [...once.keys()].find((prefix) => key.startsWith(prefix));
      const limited = queued ? once.get(queued)?.shift() : undefined;
      if (queued && !once.get(queued)?.length) once.delete(queued);
      if (limited) {
        res.writeHead(limited.status, {
          'content-type': 'application/json; charset=UTF-8',
          ...(limited.retryAfter !== null ? { 'retry-after': String(limited.retryAfter) } : {}),
        });
        res.end(
          JSON.stringify(
            limited.status === 429
              ? googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded', 'RESOURCE_EXHAUSTED')
              : googleError(403, 'rateLimitExceeded', 'Rate Limit Exceeded', 'PERMISSION_DENIED'),
          ),
        );
        return;
      }
      if (!accessTokens.has(bearer))
        return send(res, 401, googleError(401, 'authError', 'Invalid Credentials', 'UNAUTHENTICATED'));
      calls.push({ method: req.method ?? '', path, query: Object.fromEntries(url.searchParams), body });
      const [status, answer] = api(req.method ?? '', path, url.searchParams, body, bearer);
      return send(res, status, answer);
    }
    res.writeHead(404).end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZE_URL: `${baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${baseUrl}/token`,
      GOOGLE_USERINFO_URL: `${baseUrl}/v1/userinfo`,
      GOOGLE_REVOKE_URL: `${baseUrl}/revoke`,
      GOOGLE_CALENDAR_API_URL: `${baseUrl}/calendar/v3`,
    },
    account: ACCOUNT,
    teamCalendar: TEAM_CALENDAR,
    authorizeRequests,
    tokenRequests,
    accessTokens,
    refreshTokens,
    revoked,
    /** Every event made, as it is now (patches and deletes change it). */
    events,
    /** Every API call that passed the token check, in order. */
    calls,
    /** An event already there, as if made in Google Calendar (for listing, updating, free/busy). */
    addEvent: (event: Omit<GoogleStoredEvent, 'id' | 'status' | 'token' | 'calendarId'> & { calendarId?: string }) => {
      const stored: GoogleStoredEvent = {
        id: randomUUID().replace(/-/g, ''),
        status: 'confirmed',
        token: '',
        ...event,
        calendarId: event.calendarId ?? ACCOUNT.email,
      };
      touch(stored);
      events.push(stored);
      return stored;
    },
    /** A change made in Google Calendar: the event's next version. */
    changeEvent: (id: string, change: Partial<Pick<GoogleStoredEvent, 'summary' | 'description' | 'location'>>) => {
      const event = events.find((candidate) => candidate.id === id);
      if (!event) throw new Error(`no event ${id}`);
      Object.assign(event, change);
      touch(event);
      return event;
    },
    /** The event cancelled (deleted) in Google Calendar. */
    cancelEvent: (id: string) => {
      const event = events.find((candidate) => candidate.id === id);
      if (!event) throw new Error(`no event ${id}`);
      event.status = 'cancelled';
      touch(event);
    },
    /** Every sync token given so far is refused from now on (410 fullSyncRequired). */
    expireSyncTokens: () => {
      sync.generation += 1;
    },
    setConsent: (consent: 'allow' | 'deny') => {
      state.consent = consent;
    },
    setExpiresIn: (seconds: number) => {
      state.expiresIn = seconds;
    },
    /** The account removed the app's access at Google: every token is refused from now on. */
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    /** The next API call whose `METHOD /path` starts with `key` is refused as rate limited. */
    rateLimitOnce: (
      key: string,
      { status = 403, retryAfter = null }: { status?: 403 | 429; retryAfter?: number | null } = {},
    ) => {
      once.set(key, [...(once.get(key) ?? []), { status, retryAfter }]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type GoogleServer = Awaited<ReturnType<typeof startGoogleServer>>;
