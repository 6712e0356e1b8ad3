import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@notionhq/client';
import { StepError } from '../../user-error';
import { type ActionContext, ConnectionRevoked } from '../define-integration';

/** Loaded at first use: a server that never talks to Notion does not hold the client. */
let notionModule: Promise<typeof import('@notionhq/client')> | undefined;
const loadNotion = () => (notionModule ??= import('@notionhq/client'));

const MAX_RATE_LIMIT_WAITS = 3;

/** What to do about Notion's error codes, after "Notion: <code> — ". */
const HINTS: Record<string, string> = {
  object_not_found: 'share the page or database with the integration in Notion (••• → Connections), and check its id',
  restricted_resource: 'the integration lacks a capability for this: give it in Notion’s integration settings',
  validation_error: 'check the step’s fields',
  invalid_request: 'check the step’s fields',
  invalid_json: 'check the JSON of the step’s fields',
  conflict_error: 'the page changed at the same time: run the step again',
  rate_limited: 'try again later, or give the step retries',
  internal_server_error: 'Notion had a problem: try again later, or give the step retries',
  service_unavailable: 'Notion is unavailable: try again later, or give the step retries',
  gateway_timeout: 'Notion took too long: try again later, or give the step retries',
};

export type NotionCallContext = Pick<ActionContext<unknown>, 'connection' | 'signal' | 'deadline'> & {
  log?: ActionContext<unknown>['log'];
};

const silent = () => {};

type NotionFailure = { code?: string; status?: number; message?: string; headers?: unknown };

function retryAfter(headers: unknown): string | null {
  if (headers && typeof (headers as Headers).get === 'function') return (headers as Headers).get('retry-after');
  const value = (headers as Record<string, unknown> | undefined)?.['retry-after'];
  return typeof value === 'string' ? value : null;
}

/**
 * Calls Notion's API through `@notionhq/client` at the connection's API address. The client's own
 * retries are off (they wait up to a minute a try, past a step's timeout): a 429 is waited out
 * here when its Retry-After ends before the step's deadline, else the step fails and its retry
 * policy decides.
 */
export async function callNotion<T>(ctx: NotionCallContext, call: (client: Client) => Promise<T>): Promise<T> {
  const { Client } = await loadNotion();
  const client = new Client({
    auth: ctx.connection.token,
    baseUrl: ctx.connection.apiUrl,
    retry: false,
    logger: silent,
    // The client's own timeout signal, when it sends one, still counts alongside the step's.
    fetch: (url, init) => {
      const own = (init as RequestInit | undefined)?.signal;
      return fetch(url, { ...(init as RequestInit), signal: own ? AbortSignal.any([own, ctx.signal]) : ctx.signal });
    },
  });
  for (let waits = 0; ; waits += 1) {
    try {
      return await call(client);
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const failure = error as NotionFailure;
      if (failure.code === 'rate_limited') {
        const seconds = Number(retryAfter(failure.headers) ?? 'NaN');
        const waitMs = Number.isFinite(seconds) ? Math.max(0, seconds) * 1000 : Number.POSITIVE_INFINITY;
        if (waits < MAX_RATE_LIMIT_WAITS && Date.now() + waitMs < ctx.deadline) {
          ctx.log?.('warn', `Notion is rate limiting: waiting ${seconds} s, as it asks`);
          await sleep(waitMs, undefined, { signal: ctx.signal });
          continue;
        }
        throw new StepError(
          `Notion: rate_limited — Notion asks to wait ${Number.isFinite(seconds) ? `${seconds} s` : 'a while'}, longer than this step has left. Give the step retries with a delay of at least that, or a longer timeout.`,
        );
      }
      throw notionFailure(error);
    }
  }
}

/** A Notion failure in words a user can act on: Notion's code, its message and what to do. */
export function notionFailure(error: unknown): Error {
  const failure = error as NotionFailure;
  const code = failure.code ?? '';
  if (code === 'unauthorized') return new ConnectionRevoked(code);
  if (code === 'notionhq_client_request_timeout')
    return new StepError('Notion: timeout — Notion did not answer in time; try again later, or give the step retries');
  if (code === 'notionhq_client_response_error')
    return new StepError('Notion: the service answered with an error — try again later, or give the step retries');
  if (code && typeof failure.status === 'number') {
    const hint = HINTS[code] ?? 'see Notion’s documentation of this error, then try again';
    // Notion's own message names the field or the object; it is this account's, never another's.
    const detail = failure.message && code !== 'object_not_found' ? ` (${failure.message.slice(0, 300)})` : '';
    return new StepError(`Notion: ${code} — ${hint}${detail}`);
  }
  if (error instanceof TypeError) return new StepError('Notion: could not be reached — try again later');
  return error instanceof Error ? error : new Error(String(error));
}

/** Notion takes at most 100 blocks a request. */
export function chunks<T>(list: readonly T[], size = 100): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}
