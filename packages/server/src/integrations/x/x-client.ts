import { setTimeout as sleep } from 'node:timers/promises';
import { StepError } from '../../user-error';
import { type ActionContext, ConnectionRevoked } from '../define-integration';

/** How many rate-limit waits one call takes before it leaves the rest to the step's retries. */
const MAX_RATE_LIMIT_WAITS = 3;
/** What X's message is cut to in a step's error. */
const DETAIL_MAX = 300;

export type XCallContext = Pick<ActionContext<unknown>, 'connection' | 'signal' | 'deadline'> & {
  log?: ActionContext<unknown>['log'];
};

/** One of X's problems (RFC 7807-like): in `errors` of a 200 or 400, or the whole body of a 4xx. */
type XProblem = {
  title?: string;
  detail?: string;
  type?: string;
  status?: number;
  message?: string;
  parameter?: string;
  value?: string;
};

/** What to do, after "X: <title> — <detail>", by HTTP status. */
const HINTS: Record<number, string> = {
  400: 'check the step’s fields',
  403: 'X does not let this account or app do this: check the post, or the app’s access level in the X developer portal',
  404: 'check the id or username',
  409: 'run the step again',
};

const quoted = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, DETAIL_MAX);

/** A problem in words a user can act on: X's title and detail, then what to do. */
function problemText(status: number, problem: XProblem | undefined): string {
  const title = problem?.title ?? (status >= 500 ? 'Service unavailable' : `HTTP ${status}`);
  const detail = problem?.detail ?? problem?.message;
  const hint =
    status >= 500
      ? 'X had a problem: try again later, or give the step retries'
      : (HINTS[status] ?? 'see X’s documentation of this error, then try again');
  return `X: ${title}${detail && detail !== title ? ` (${quoted(detail)})` : ''} — ${hint}`;
}

/**
 * How long X asks to wait: `x-rate-limit-reset` is the epoch second the window opens again;
 * Retry-After, when sent, is seconds. Null when it says neither.
 */
export function rateLimitWaitMs(headers: Headers, now = Date.now()): number | null {
  const retryAfter = Number(headers.get('retry-after') ?? 'NaN');
  if (Number.isFinite(retryAfter)) return Math.max(0, retryAfter * 1000);
  const reset = Number(headers.get('x-rate-limit-reset') ?? 'NaN');
  if (Number.isFinite(reset)) return Math.max(0, reset * 1000 - now);
  return null;
}

/**
 * Calls X's API v2 at the connection's API address with fetch. A 429 is waited out when X's reset
 * comes before the step's deadline, else the step fails and its retry policy decides; a 401 means
 * the token is gone (revoked, or the app's access removed): the user reconnects.
 */
export async function callX<T>(
  ctx: XCallContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  for (let waits = 0; ; waits += 1) {
    let res: Response;
    try {
      res = await fetch(`${ctx.connection.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${ctx.connection.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: ctx.signal,
      });
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      throw new StepError('X: could not be reached — try again later, or give the step retries', { cause: error });
    }
    const answer = (await res.json().catch(() => null)) as (XProblem & { errors?: XProblem[]; data?: unknown }) | null;
    if (res.status === 429) {
      const waitMs = rateLimitWaitMs(res.headers);
      if (waitMs !== null && waits < MAX_RATE_LIMIT_WAITS && Date.now() + waitMs < ctx.deadline) {
        ctx.log?.('warn', `X is rate limiting: waiting ${Math.ceil(waitMs / 1000)} s, until its window opens again`);
        await sleep(waitMs, undefined, { signal: ctx.signal });
        continue;
      }
      throw new StepError(
        `X: Too Many Requests — X asks to wait ${waitMs === null ? 'a while' : `${Math.ceil(waitMs / 1000)} s`}, longer than this step has left. Give the step retries with a delay of at least that, or a longer timeout.`,
      );
    }
    if (res.status === 401) throw new ConnectionRevoked(answer?.detail ?? 'Unauthorized');
    if (!res.ok) {
      // A 400's top says "Invalid Request"; its first error says which parameter and why.
      const first = answer?.errors?.[0];
      throw new StepError(
        problemText(res.status, {
          title: answer?.title ?? first?.title,
          detail: first?.message ?? first?.detail ?? answer?.detail,
        }),
      );
    }
    if (answer === null)
      throw new StepError('X: the service answered with something other than JSON — try again later');
    return answer as T;
  }
}

/** A 200 with `errors` and no `data` (a username nobody has): X's problem, worded as a 404 is. */
export function notFoundProblem(errors: XProblem[] | undefined): StepError {
  return new StepError(problemText(404, errors?.[0]));
}

/** Where people open a post; X redirects it to the author's address. */
export const postUrl = (id: string) => `https://x.com/i/web/status/${id}`;
