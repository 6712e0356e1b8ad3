import { randomBytes } from 'node:crypto';

/*
 * The Calendar API v3 of the local Google server (test/google-server.ts): what it answers under
 * `/calendar/v3` once the server has checked the token — calendarList, events list (with sync
 * tokens), insert, patch and delete (404 notFound, 410 deleted), freeBusy. Events are kept in
 * memory; the account has its primary calendar and a team calendar.
 */

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

export const ACCOUNT = { sub: '109876543210987654321', email: 'ada.lovelace@example.com' };
export const TEAM_CALENDAR = 'c_team0123456789@group.calendar.google.com';

/** Google's error body: `{ error: { code, message, errors: [{ domain, reason, message }], status } }`. */
export const googleError = (code: number, reason: string, message: string, status: string) => ({
  error: { code, message, errors: [{ domain: 'global', reason, message }], status },
});

/** An event's start as a sortable instant (days at midnight UTC). */
const instant = (time: { date?: string; dateTime?: string }) =>
  Date.parse(time.dateTime ?? `${time.date ?? '1970-01-01'}T00:00:00Z`);

/** The account's calendars and their events, and `api` answering one Calendar API call for them. */
export function calendarApi() {
  const events: GoogleStoredEvent[] = [];
  // A sync token names its generation and change number: expiring tokens starts a new generation.
  const sync = { seq: 0, generation: 0 };
  const touch = (event: GoogleStoredEvent) => {
    sync.seq += 1;
    event.seq = sync.seq;
    event.updated = new Date().toISOString();
    event.created ??= event.updated;
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

  return { events, sync, touch, api };
}
