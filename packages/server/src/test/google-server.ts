import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An event as the server keeps it, in Calendar API v3's shape. */
export type GoogleStoredEvent = {
  id: string;
  calendarId: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start: { date?: string; dateTime?: string; timeZone?: string };
  end: { date?: string; dateTime?: string; timeZone?: string };
  attendees?: { email: string; responseStatus: string }[];
  conferenceData?: Record<string, unknown>;
  recurrence?: string[];
  token: string;
  created?: string;
  updated?: string;
  /** The change number of its last change: a sync token gives what changed after its number. */
  seq?: number;
};

export type GoogleApiCall = { method: string; path: string; query: Record<string, string>; body: unknown };

const ACCOUNT = { sub: '109876543210987654321', email: 'ada.lovelace@example.com' };
const TEAM_CALENDAR = 'c_team0123456789@group.calendar.google.com';

/** Google's error body: `{ error: { code, message, errors: [{ domain, reason, message }], status } }`. */
const googleError = (code: number, reason: string, message: string, status: string) => ({
  error: { code, message, errors: [{ domain: 'global', reason, message }], status },
});

/** An event's start as a sortable instant (days at midnight UTC). */
const instant = (time: { date?: string; dateTime?: string }) =>
  Date.parse(time.dateTime ?? `${time.date ?? '1970-01-01'}T00:00:00Z`);

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
  const events: GoogleStoredEvent[] = [];
  const calls: GoogleApiCall[] = [];
  const state = { consent: 'allow' as 'allow' | 'deny', expiresIn };
  // A sync token names its generation and change number: expiring tokens starts a new generation.
  const sync = { seq: 0, generation: 0 };
  const touch = (event: GoogleStoredEvent) => {
    sync.seq += 1;
    event.seq = sync.seq;
    event.updated = new Date().toISOString();
    event.created ??= event.updated;
  };
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

  const calendars = () => [
    {
      kind: 'calendar#calendarListEntry',
      id: ACCOUNT.email,
      summary: ACCOUNT.email,
      primary: true,
      accessRole: 'owner',
    },
    { kind: 'calendar#calendarListEntry', id: TEAM_CALENDAR, summary: 'Team', accessRole: 'writer' },
    {
      kind: 'calendar#calendarListEntry',
      id: 'en.usa#holiday@group.v.calendar.google.com',
      summary: 'Holidays',
      accessRole: 'reader',
    },
  ];
  /** `primary` is the account's own calendar, also reachable by its email. */
  const calendarOf = (id: string) => {
    const resolved = id === 'primary' ? ACCOUNT.email : id;
    return calendars().find((calendar) => calendar.id === resolved) ?? null;
  };
  const eventJson = (event: GoogleStoredEvent) => {
    const { token: _token, calendarId: _calendarId, seq: _seq, ...rest } = event;
    return {
      kind: 'calendar#event',
      ...rest,
      htmlLink: `https://www.google.com/calendar/event?eid=${event.id}`,
      organizer: { email: ACCOUNT.email, self: true },
    };
  };
  /** Google checks times: a day or a date-time with an offset or a time zone, the end after the start. */
  const timeProblem = (start?: GoogleStoredEvent['start'], end?: GoogleStoredEvent['end']) => {
    for (const time of [start, end]) {
      if (!time || (!time.date && !time.dateTime)) return ['required', 'Missing end time.'];
      if (time.dateTime && !/(Z|[+-]\d{2}:\d{2})$/i.test(time.dateTime) && !time.timeZone)
        return ['required', 'Missing time zone definition for start time.'];
    }
    if (start && end && Boolean(start.date) !== Boolean(end.date)) return ['invalid', 'Invalid start time.'];
    if (start && end && instant(end) <= instant(start)) return ['timeRangeEmpty', 'The specified time range is empty.'];
    return null;
  };

  function api(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    token: string,
  ): [number, unknown?] {
    const notFound = (): [number, unknown] => [404, googleError(404, 'notFound', 'Not Found', 'NOT_FOUND')];
    const invalid = (reason: string, message: string): [number, unknown] => [
      400,
      googleError(400, reason, message, 'INVALID_ARGUMENT'),
    ];
    if (method === 'GET' && path === '/users/me/calendarList') {
      const all = calendars();
      const start = Number(query.get('pageToken') ?? 0) || 0;
      const size = Math.min(250, Number(query.get('maxResults') ?? 100));
      const more = start + size < all.length;
      return [
        200,
        {
          kind: 'calendar#calendarList',
          items: all.slice(start, start + size),
          ...(more ? { nextPageToken: String(start + size) } : {}),
        },
      ];
    }
    if (method === 'POST' && path === '/freeBusy') {
      const items = (body.items ?? []) as { id: string }[];
      const from = Date.parse(String(body.timeMin ?? ''));
      const to = Date.parse(String(body.timeMax ?? ''));
      if (!Number.isFinite(from) || !Number.isFinite(to)) return invalid('badRequest', 'Bad Request');
      if (to <= from) return invalid('timeRangeEmpty', 'The specified time range is empty.');
      return [
        200,
        {
          kind: 'calendar#freeBusy',
          timeMin: new Date(from).toISOString(),
          timeMax: new Date(to).toISOString(),
          calendars: Object.fromEntries(
            items.map(({ id }) => {
              const calendar = calendarOf(id);
              if (!calendar) return [id, { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] }];
              const busy = events
                .filter((event) => event.calendarId === calendar.id && event.status === 'confirmed')
                .filter((event) => instant(event.start) < to && instant(event.end) > from)
                .sort((a, b) => instant(a.start) - instant(b.start))
                .map((event) => ({
                  start: new Date(Math.max(from, instant(event.start))).toISOString(),
                  end: new Date(Math.min(to, instant(event.end))).toISOString(),
                }));
              return [id, { busy }];
            }),
          ),
        },
      ];
    }
    const eventsRoute = path.match(/^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/);
    if (!eventsRoute) return notFound();
    const calendar = calendarOf(decodeURIComponent(eventsRoute[1] ?? ''));
    if (!calendar) return notFound();
    const eventId = eventsRoute[2] ? decodeURIComponent(eventsRoute[2]) : null;
    if (!eventId && method === 'GET' && query.has('syncToken')) {
      // With a sync token: every change after it, cancelled events too (without one, the list below).
      const given = query.get('syncToken');
      const parts = given ? /^sync-(\d+)-(\d+)$/.exec(given) : null;
      const after = parts ? Number(parts[2]) : 0;
      if (given && (!parts || Number(parts[1]) !== sync.generation || after > sync.seq))
        return [
          410,
          {
            error: {
              code: 410,
              message: 'Sync token is no longer valid, a full sync is required.',
              errors: [
                {
                  domain: 'calendar',
                  reason: 'fullSyncRequired',
                  message: 'Sync token is no longer valid, a full sync is required.',
                },
              ],
            },
          },
        ];
      const changed = events
        .filter((event) => event.calendarId === calendar.id)
        .filter((event) => (given ? (event.seq ?? 0) > after : event.status === 'confirmed'))
        .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
      const start = Number(query.get('pageToken') ?? 0) || 0;
      const size = Math.min(2500, Number(query.get('maxResults') ?? 250));
      const more = start + size < changed.length;
      return [
        200,
        {
          kind: 'calendar#events',
          summary: calendar.summary,
          updated: new Date().toISOString(),
          items: changed
            .slice(start, start + size)
            .map((event) =>
              event.status === 'cancelled'
                ? { kind: 'calendar#event', id: event.id, status: 'cancelled', updated: event.updated }
                : eventJson(event),
            ),
          ...(more
            ? { nextPageToken: String(start + size) }
            : { nextSyncToken: `sync-${sync.generation}-${sync.seq}` }),
        },
      ];
    }
    if (!eventId && method === 'GET') {
      const from = query.has('timeMin') ? Date.parse(query.get('timeMin') ?? '') : Number.NEGATIVE_INFINITY;
      const to = query.has('timeMax') ? Date.parse(query.get('timeMax') ?? '') : Number.POSITIVE_INFINITY;
      if (Number.isNaN(from) || Number.isNaN(to)) return invalid('badRequest', 'Bad Request');
      const singleEvents = query.get('singleEvents') === 'true';
      if (query.get('orderBy') === 'startTime' && !singleEvents)
        return invalid('badRequest', 'The requested ordering is not available for the particular query.');
      const text = (query.get('q') ?? '').toLowerCase();
      const found = events
        .filter((event) => event.calendarId === calendar.id && event.status === 'confirmed')
        .filter((event) => instant(event.end) > from && instant(event.start) < to)
        .filter((event) =>
          [event.summary, event.description, event.location].some((part) => part?.toLowerCase().includes(text)),
        )
        // Expanded, a repeating event is its occurrences; here each repeats daily, three times.
        .flatMap((event) =>
          singleEvents && event.recurrence
            ? [0, 1, 2].map((day) => ({
                ...event,
                id: `${event.id}_${day}`,
                recurringEventId: event.id,
                recurrence: undefined,
                start: { dateTime: new Date(instant(event.start) + day * 86_400_000).toISOString() },
                end: { dateTime: new Date(instant(event.end) + day * 86_400_000).toISOString() },
              }))
            : [event],
        );
      if (query.get('orderBy') === 'startTime') found.sort((a, b) => instant(a.start) - instant(b.start));
      const start = Number(query.get('pageToken') ?? 0) || 0;
      const size = Math.min(2500, Number(query.get('maxResults') ?? 250));
      const more = start + size < found.length;
      return [
        200,
        {
          kind: 'calendar#events',
          summary: calendar.summary,
          updated: new Date().toISOString(),
          items: found.slice(start, start + size).map(eventJson),
          // A full sync's last page gives the token of what comes after it.
          ...(more
            ? { nextPageToken: String(start + size) }
            : { nextSyncToken: `sync-${sync.generation}-${sync.seq}` }),
        },
      ];
    }
    if (!eventId && method === 'POST') {
      if (calendar.accessRole === 'reader')
        return [
          403,
          googleError(
            403,
            'requiredAccessLevel',
            'You need to have writer access to this calendar.',
            'PERMISSION_DENIED',
          ),
        ];
      const start = body.start as GoogleStoredEvent['start'] | undefined;
      const end = body.end as GoogleStoredEvent['end'] | undefined;
      const problem = timeProblem(start, end);
      if (problem) return invalid(problem[0] as string, problem[1] as string);
      // A client may choose the id (base32hex, 5 to 1024 characters); asking for one in use is a 409.
      const asked = body.id;
      if (asked !== undefined && (typeof asked !== 'string' || !/^[a-v0-9]{5,1024}$/.test(asked)))
        return invalid('invalid', 'Invalid resource id value.');
      if (asked && events.some((candidate) => candidate.calendarId === calendar.id && candidate.id === asked))
        return [409, googleError(409, 'duplicate', 'The requested identifier already exists.', 'ALREADY_EXISTS')];
      const conference = (body.conferenceData as { createRequest?: { requestId?: string } } | undefined)?.createRequest;
      const event: GoogleStoredEvent = {
        id: typeof asked === 'string' ? asked : randomBytes(13).toString('hex'),
        calendarId: calendar.id,
        status: 'confirmed',
        ...(typeof body.summary === 'string' ? { summary: body.summary } : {}),
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        ...(typeof body.location === 'string' ? { location: body.location } : {}),
        start: start as GoogleStoredEvent['start'],
        end: end as GoogleStoredEvent['end'],
        ...(Array.isArray(body.attendees)
          ? {
              attendees: (body.attendees as { email: string }[]).map(({ email }) => ({
                email,
                responseStatus: 'needsAction',
              })),
            }
          : {}),
        ...(Array.isArray(body.recurrence) ? { recurrence: body.recurrence as string[] } : {}),
        // Google makes a Meet only with conferenceDataVersion=1; else it drops the request.
        ...(conference && query.get('conferenceDataVersion') === '1'
          ? {
              conferenceData: {
                createRequest: { ...conference, status: { statusCode: 'success' } },
                entryPoints: [{ entryPointType: 'video', uri: 'https://meet.google.com/abc-defg-hij' }],
                conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
              },
            }
          : {}),
        token,
      };
      touch(event);
      events.push(event);
      return [200, eventJson(event)];
    }
    const event = events.find((candidate) => candidate.calendarId === calendar.id && candidate.id === eventId);
    if (!event) return notFound();
    if (event.status === 'cancelled') return [410, googleError(410, 'deleted', 'Resource has been deleted', 'GONE')];
    if (method === 'GET') return [200, eventJson(event)];
    if (method === 'PATCH') {
      const start = (body.start as GoogleStoredEvent['start'] | undefined) ?? event.start;
      const end = (body.end as GoogleStoredEvent['end'] | undefined) ?? event.end;
      const problem = timeProblem(start, end);
      if (problem) return invalid(problem[0] as string, problem[1] as string);
      for (const key of ['summary', 'description', 'location'] as const)
        if (typeof body[key] === 'string') event[key] = body[key] as string;
      event.start = start;
      event.end = end;
      if (Array.isArray(body.attendees))
        event.attendees = (body.attendees as { email: string }[]).map(({ email }) => ({
          email,
          responseStatus: 'needsAction',
        }));
      touch(event);
      return [200, eventJson(event)];
    }
    if (method === 'DELETE') {
      event.status = 'cancelled';
      touch(event);
      return [204];
    }
    return notFound();
  }

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
