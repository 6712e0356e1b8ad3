import { setTimeout as sleep } from 'node:timers/promises';
import { StepError } from '../../user-error';
import { type ActionContext, ConnectionRevoked } from '../define-integration';

/** How many rate-limit waits one call takes before it leaves the rest to the step's retries. */
const MAX_RATE_LIMIT_WAITS = 3;
/** Google asks for exponential backoff when it sends no Retry-After: 1 s, 2 s, 4 s. */
const BACKOFF_MS = 1000;

/** Google's reasons that mean "slow down" (403 or 429). */
const RATE_LIMITED = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** What to do about Calendar API's reasons, after "Google Calendar: <message> — ". */
const HINTS: Record<string, string> = {
  notFound: 'check the calendar and the event id, and that this Google account can see them',
  deleted: 'the event was deleted',
  forbidden: 'this Google account may not do this on the calendar: choose one it owns or may edit',
  requiredAccessLevel: 'this Google account may not change this calendar: choose one it owns or may edit',
  forbiddenForNonOrganizer: 'only the event’s organizer may change this',
  insufficientPermissions: 'reconnect Google Calendar in Integrations and allow calendar access',
  timeRangeEmpty: 'the end must come after the start',
  invalid: 'check the step’s fields',
  required: 'check the step’s fields',
  badRequest: 'check the step’s fields',
  duplicate: 'an event with this id exists already',
  quotaExceeded: 'the Google project’s quota is used up: try again later, or ask the operator',
  dailyLimitExceeded: 'the Google project’s daily quota is used up: try again tomorrow',
  rateLimitExceeded: 'try again later, or give the step retries',
  userRateLimitExceeded: 'try again later, or give the step retries',
  backendError: 'Google had a problem: try again later, or give the step retries',
};

export type GoogleCallContext = Pick<ActionContext<unknown>, 'connection' | 'signal' | 'deadline'> & {
  log?: ActionContext<unknown>['log'];
};

type GoogleErrorBody = {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string; message?: string }[] };
};

export type GoogleRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Under the Calendar API's address: `/calendars/primary/events`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Statuses that mean the work is done already (a 410 for a deleted event): answered with `{ doneStatus }`. */
  doneStatuses?: readonly number[];
};

/** Calendar ids and event ids go into paths: `ann@example.com`, `…#holiday@group.v.calendar.google.com`. */
export const segment = (id: string) => encodeURIComponent(id);

function waitFor(res: Response, waits: number) {
  const header = res.headers.get('retry-after');
  if (header !== null) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds) * 1000;
    const when = Date.parse(header);
    if (Number.isFinite(when)) return Math.max(0, when - Date.now());
  }
  return BACKOFF_MS * 2 ** waits;
}

/**
 * Calls Calendar API v3 with fetch at the connection's API address. A 429, or a 403 whose reason
 * is a rate limit, is waited out here (Retry-After when Google sends it, else exponential
 * backoff) when the wait ends before the step's deadline; else the step fails and its retry
 * policy decides. Answers with the JSON body, or null for an empty one.
 */
export async function callGoogle<T>(ctx: GoogleCallContext, request: GoogleRequest): Promise<T> {
  const url = new URL(`${ctx.connection.apiUrl}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  for (let waits = 0; ; waits += 1) {
    let res: Response;
    try {
      res = await fetch(url, {
        method: request.method ?? 'GET',
        headers: {
          authorization: `Bearer ${ctx.connection.token}`,
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: ctx.signal,
      });
    } catch {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      throw new StepError('Google Calendar: could not be reached — try again later, or give the step retries');
    }
    if (res.ok) {
      const text = await res.text();
      try {
        return (text ? JSON.parse(text) : null) as T;
      } catch {
        throw new StepError('Google Calendar: answered with something other than JSON — try again later');
      }
    }
    if (request.doneStatuses?.includes(res.status)) {
      await res.body?.cancel();
      return { doneStatus: res.status } as T;
    }
    const body = (await res.json().catch(() => null)) as GoogleErrorBody | null;
    const reason = body?.error?.errors?.[0]?.reason ?? '';
    if (res.status === 429 || (res.status === 403 && RATE_LIMITED.has(reason))) {
      const waitMs = waitFor(res, waits);
      if (waits < MAX_RATE_LIMIT_WAITS && Date.now() + waitMs < ctx.deadline) {
        ctx.log?.('warn', `Google Calendar is rate limiting: waiting ${Math.ceil(waitMs / 1000)} s`);
        await sleep(waitMs, undefined, { signal: ctx.signal });
        continue;
      }
      throw new StepError(
        `Google Calendar: rate limited — Google asks to wait ${Math.ceil(waitMs / 1000)} s, longer than this step has left. Give the step retries with a delay of at least that, or a longer timeout.`,
      );
    }
    throw googleFailure(res.status, body);
  }
}

/** A Calendar API failure in words a user can act on: Google's message and what to do. */
export function googleFailure(status: number, body: GoogleErrorBody | null): Error {
  const reason = body?.error?.errors?.[0]?.reason ?? '';
  // 401: the token is no longer good (access revoked at Google); a fresh one was handed to the step.
  if (status === 401) return new ConnectionRevoked(reason || 'authError');
  const message = (body?.error?.message ?? '').slice(0, 300);
  const hint =
    HINTS[reason] ??
    (status === 404
      ? HINTS.notFound
      : status === 410
        ? HINTS.deleted
        : status >= 500
          ? HINTS.backendError
          : 'see Google Calendar’s documentation of this error, then try again');
  const said = message || (status >= 500 ? 'the service answered with an error' : `HTTP ${status}`);
  return new StepError(`Google Calendar: ${said}${reason ? ` (${reason})` : ''} — ${hint}`);
}

/** Reads every page of a list (`items`, `nextPageToken`) up to `limit` items. */
export async function listAll<Item>(
  ctx: GoogleCallContext,
  request: GoogleRequest,
  limit: number,
  pageMax: number,
): Promise<Item[]> {
  const found: Item[] = [];
  let pageToken: string | undefined;
  do {
    const page = await callGoogle<{ items?: Item[]; nextPageToken?: string }>(ctx, {
      ...request,
      query: { ...request.query, maxResults: Math.min(pageMax, limit - found.length), pageToken },
    });
    found.push(...(page?.items ?? []));
    pageToken = page?.nextPageToken || undefined;
  } while (pageToken && found.length < limit);
  return found.slice(0, limit);
}
