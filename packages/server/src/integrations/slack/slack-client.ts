import { setTimeout as sleep } from 'node:timers/promises';
import type { WebAPICallError, WebClient } from '@slack/web-api';
import { StepError } from '../../user-error';
import { type ActionContext, ConnectionRevoked } from '../define-integration';

/** Loaded at first use: a server that never talks to Slack does not hold the client. */
let webApi: Promise<typeof import('@slack/web-api')> | undefined;
const loadWebApi = () => (webApi ??= import('@slack/web-api'));

/** Slack's answers that mean the token is gone for good; a reconnect is the only way back. */
const REVOKED = new Set(['invalid_auth', 'token_revoked', 'account_inactive', 'not_authed', 'app_uninstalled']);

/** How many rate-limit waits one call takes before it leaves the rest to the step's retries. */
const MAX_RATE_LIMIT_WAITS = 3;

/** What to do about Slack's error codes, after "Slack: <code> — ". */
const HINTS: Record<string, string> = {
  channel_not_found: 'check the channel, and invite the app to it',
  not_in_channel: 'invite the app to the channel (/invite @yourapp)',
  is_archived: 'the channel is archived: choose another',
  user_not_found: 'check the person’s user id',
  users_not_found: 'check the person’s user id',
  cannot_dm_bot: 'a bot cannot receive direct messages: choose a person',
  message_not_found: 'check the channel and the message timestamp (ts)',
  thread_not_found: 'check the thread’s timestamp (ts)',
  cant_update_message: 'an app can only update the messages it posted',
  edit_window_closed: 'the message can no longer be edited',
  invalid_name: 'check the emoji’s name',
  too_many_reactions: 'the message has too many reactions already',
  no_text: 'give a text or blocks',
  invalid_blocks: 'check the blocks JSON against Slack’s Block Kit',
  invalid_blocks_format: 'give blocks as a JSON array of Block Kit blocks',
  msg_too_long: 'shorten the text',
  restricted_action: 'a workspace admin restricts this for apps',
  ratelimited: 'try again later, or give the step retries',
  invalid_cursor: 'run the step again',
};

export type SlackCallContext = Pick<ActionContext<unknown>, 'connection' | 'signal' | 'deadline'> & {
  log?: ActionContext<unknown>['log'];
};

/** Silent: failures reach the user as the step's error, worded below. */
const quietLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => 'error' as never,
  setName() {},
};

/**
 * Calls Slack's Web API through `@slack/web-api`. The client's own retries are off (its default
 * tries for half an hour, far past a step's timeout): a 429 is waited out here when its
 * Retry-After ends before the step's deadline, else the step fails and its retry policy decides.
 * `done` names error codes that mean the work is already done (a reaction already there), and
 * what to give back then.
 */
export async function callSlack<T>(
  ctx: SlackCallContext,
  call: (client: WebClient) => Promise<T>,
  done?: { codes: readonly string[]; value: T },
): Promise<T> {
  const { WebClient } = await loadWebApi();
  const client = new WebClient(ctx.connection.token, {
    slackApiUrl: `${ctx.connection.apiUrl}/`,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    allowAbsoluteUrls: false,
    logger: quietLogger,
    fetch: (url, init) =>
      fetch(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, ctx.signal]) : ctx.signal }),
  });
  for (let waits = 0; ; waits += 1) {
    try {
      return await call(client);
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const failure = error as Partial<WebAPICallError>;
      if (done && failure.code === 'slack_webapi_platform_error' && done.codes.includes(String(failure.data?.error)))
        return done.value;
      if (failure.code === 'slack_webapi_rate_limited_error') {
        const waitMs = (failure.retryAfter ?? 0) * 1000;
        if (waits < MAX_RATE_LIMIT_WAITS && Date.now() + waitMs < ctx.deadline) {
          ctx.log?.('warn', `Slack is rate limiting: waiting ${failure.retryAfter} s, as it asks`);
          await sleep(waitMs, undefined, { signal: ctx.signal });
          continue;
        }
      }
      throw slackFailure(error);
    }
  }
}

/** A Slack failure in words a user can act on: Slack's code and what to do, never a stack or a status line. */
export function slackFailure(error: unknown): Error {
  const failure = error as Partial<WebAPICallError>;
  switch (failure.code) {
    case 'slack_webapi_platform_error': {
      const code = String(failure.data?.error ?? 'unknown_error');
      if (REVOKED.has(code)) return new ConnectionRevoked(code);
      if (code === 'missing_scope') {
        const data = failure.data as { needed?: unknown } | undefined;
        const needed = typeof data?.needed === 'string' ? ` (${data.needed})` : '';
        return new StepError(
          `Slack: missing_scope — reconnect Slack in Integrations to give the app the permission it needs${needed}`,
        );
      }
      return new StepError(
        `Slack: ${code} — ${HINTS[code] ?? 'see Slack’s documentation of this error, then try again'}`,
      );
    }
    case 'slack_webapi_rate_limited_error':
      return new StepError(
        `Slack: rate limited — Slack asks to wait ${failure.retryAfter} s, longer than this step has left. Give the step retries with a delay of at least that, or a longer timeout.`,
      );
    case 'slack_webapi_http_error':
      return new StepError('Slack: the service answered with an error — try again later, or give the step retries');
    case 'slack_webapi_request_error':
      return new StepError('Slack: could not be reached — try again later, or give the step retries');
    default:
      return error instanceof Error ? error : new Error(String(error));
  }
}
