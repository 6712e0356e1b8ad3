import { setTimeout as sleep } from 'node:timers/promises';
import { StepError } from '../../user-error';
import { type ActionContext, ConnectionRevoked } from '../define-integration';

/**
 * The Posts API's version (YYYYMM) when the connection names none; LinkedIn supports each for about
 * a year, so operators set a newer one with LINKEDIN_API_VERSION (config.ts).
 */
export const LINKEDIN_VERSION = '202601';

const MAX_RATE_LIMIT_WAITS = 3;
const DETAIL_MAX = 300;

export type LinkedInCallContext = Pick<ActionContext<unknown>, 'connection' | 'signal' | 'deadline'> & {
  log?: ActionContext<unknown>['log'];
};

/** LinkedIn's error body: `{ status, serviceErrorCode, code, message }` (code only on some APIs). */
type LinkedInProblem = { status?: number; serviceErrorCode?: number; code?: string; message?: string };

const HINTS: Record<number, string> = {
  400: 'check the step’s fields',
  403: 'the connection lacks a permission: reconnect LinkedIn in Integrations, and check the app’s products (Share on LinkedIn, Sign In with LinkedIn using OpenID Connect)',
  404: 'check the id',
  422: 'check the step’s fields',
};

/**
 * Calls LinkedIn's API at the connection's API address with fetch: `rest/` endpoints with the
 * versioned headers, `v2/userinfo` without. A 401 means the token expired (after 60 days, with no
 * refresh for most apps) or was revoked: the user reconnects. A 429 is waited out only when its
 * Retry-After ends before the step's deadline.
 */
export async function callLinkedIn(
  ctx: LinkedInCallContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ body: unknown; headers: Headers }> {
  for (let waits = 0; ; waits += 1) {
    let res: Response;
    try {
      res = await fetch(`${ctx.connection.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${ctx.connection.token}`,
          accept: 'application/json',
          ...(path.startsWith('/rest/')
            ? {
                'linkedin-version': ctx.connection.apiVersion ?? LINKEDIN_VERSION,
                'x-restli-protocol-version': '2.0.0',
              }
            : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: ctx.signal,
      });
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      throw new StepError('LinkedIn: could not be reached — try again later, or give the step retries', {
        cause: error,
      });
    }
    const text = await res.text();
    let answer: unknown = null;
    try {
      answer = text ? JSON.parse(text) : null;
    } catch {
      answer = null;
    }
    if (res.ok) return { body: answer, headers: res.headers };
    const problem = (answer ?? {}) as LinkedInProblem;
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after') ?? 'NaN');
      if (Number.isFinite(seconds) && waits < MAX_RATE_LIMIT_WAITS && Date.now() + seconds * 1000 < ctx.deadline) {
        ctx.log?.('warn', `LinkedIn is rate limiting: waiting ${seconds} s, as it asks`);
        await sleep(Math.max(0, seconds) * 1000, undefined, { signal: ctx.signal });
        continue;
      }
      throw new StepError(
        `LinkedIn: too many requests — LinkedIn asks to wait ${Number.isFinite(seconds) ? `${seconds} s` : 'until its daily limit resets'}, longer than this step has left. Give the step retries with a delay, or try again later.`,
      );
    }
    if (res.status === 401) throw new ConnectionRevoked(problem.code ?? problem.message ?? 'Unauthorized');
    const code = problem.code ?? `HTTP ${res.status}`;
    const detail = problem.message ? ` (${problem.message.replace(/\s+/g, ' ').trim().slice(0, DETAIL_MAX)})` : '';
    const hint =
      res.status >= 500
        ? 'LinkedIn had a problem: try again later, or give the step retries'
        : (HINTS[res.status] ?? 'see LinkedIn’s documentation of this error, then try again');
    throw new StepError(`LinkedIn: ${code}${detail} — ${hint}`);
  }
}

/** The member as OpenID Connect's userinfo gives them; `sub` is the id in `urn:li:person:{sub}`. */
export type LinkedInUserinfo = {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  locale?: string | { country?: string; language?: string };
};

export async function userinfo(ctx: LinkedInCallContext): Promise<LinkedInUserinfo> {
  const { body } = await callLinkedIn(ctx, 'GET', '/v2/userinfo');
  const member = body as Partial<LinkedInUserinfo> | null;
  if (typeof member?.sub !== 'string')
    throw new StepError('LinkedIn: the profile came without the member’s id — reconnect LinkedIn in Integrations');
  return member as LinkedInUserinfo;
}

/**
 * A post's commentary is LinkedIn's "little text": these characters are markup there and must be
 * escaped, or LinkedIn cuts the text at the first of them.
 */
export const littleText = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, (char) => `\\${char}`);
