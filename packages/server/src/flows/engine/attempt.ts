import { MAX_STEP_RETRIES, type NodeSettings, type StepLog } from '@flowmind/shared/flows';
import type { Outputs } from './edges';
import { type RunSignal, sleepUnlessAborted } from './run-signal';

/** A step's last word after its attempts: what failed, and how many attempts it took. */
export class StepFailed extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
  }
}

export const INTERRUPTED_MESSAGE =
  'Interrupted, may have been sent: the server stopped while this step was running, so what it does may already have happened. It was not run again because it has no retries left.';

/** The longest wait between two attempts, however many retries came before. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;

type AttemptSettings = Required<Pick<NodeSettings, 'retries' | 'retryDelayMs' | 'timeoutMs'>>;

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
  const m = s / 60;
  return `${Number.isInteger(m) ? m : m.toFixed(1)} min`;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Its first attempt and its retries; graphs saved before the cap may ask for more. */
export function maxAttempts(retries: number): number {
  return Math.min(retries, MAX_STEP_RETRIES) + 1;
}

/** How long to wait after failed attempt `attempt` (from 1): doubling from the step's delay, capped. */
export function retryDelay(retryDelayMs: number, attempt: number): number {
  return Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

/**
 * Runs a step's attempts until one succeeds: each stops at the step's timeout or with the run, a
 * failed one waits (doubling) before the next, and the last failure is thrown as `StepFailed`.
 * The run's abort reason is thrown as it is (a cancel, a lost claim), never retried.
 */
export async function runAttempts<T>({
  settings,
  signal,
  log,
  interruptedAttempts,
  markStarted,
  attempt: run,
  sleep = sleepUnlessAborted,
}: {
  settings: AttemptSettings;
  signal: RunSignal;
  log: (level: StepLog['level'], message: string) => void;
  /** Attempts a dead worker began (its "started" row); they count, and may have acted. */
  interruptedAttempts: number;
  /** Saves that an attempt starts, before it acts; null for steps without effects. */
  markStarted: ((attempt: number) => Promise<void>) | null;
  /**
   * One attempt. Its signal is made only when read: most steps (set, if, respond…) end in
   * microseconds and never read it, and an AbortController per attempt is not free.
   */
  attempt: (attempt: number, stepSignal: () => AbortSignal) => Promise<T>;
  sleep?: (ms: number, signal: RunSignal) => Promise<void>;
}): Promise<{ result: T; attempts: number }> {
  let lastError = '';
  const attempts = maxAttempts(settings.retries);
  if (interruptedAttempts >= attempts) throw new StepFailed(INTERRUPTED_MESSAGE, interruptedAttempts);
  if (interruptedAttempts > 0)
    log(
      'warn',
      `Attempt ${interruptedAttempts} was interrupted (the server stopped) and may have been sent; trying again with the same idempotency key.`,
    );
  for (let attempt = interruptedAttempts + 1; attempt <= attempts; attempt += 1) {
    await markStarted?.(attempt);
    // Lost or cancelled while the row was written: this attempt must not act.
    if (signal.aborted) throw signal.reason;
    let stepAbort: AbortController | null = null;
    let stopped: { reason: unknown } | null = null;
    let stop: ((reason: unknown) => void) | null = null;
    const abortStep = (reason: unknown) => {
      if (stopped) return;
      stopped = { reason };
      stepAbort?.abort(reason);
      stop?.(reason);
    };
    const stepSignal = () => {
      if (!stepAbort) {
        stepAbort = new AbortController();
        if (stopped) stepAbort.abort(stopped.reason);
      }
      return stepAbort.signal;
    };
    const onOuter = () => abortStep(signal.reason);
    signal.addEventListener('abort', onOuter, { once: true });
    const timer = setTimeout(
      () =>
        abortStep(
          new StepFailed(`The step took longer than ${formatDuration(settings.timeoutMs)} and was stopped`, attempt),
        ),
      settings.timeoutMs,
    );
    try {
      const running = run(attempt, stepSignal);
      // A step that ignores its signal is not waited for past its timeout.
      const result = await new Promise<T>((resolve, reject) => {
        stop = reject;
        if (stopped) reject(stopped.reason);
        running.then(resolve, reject);
      });
      return { result, attempts: attempt };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      lastError = errorText(error);
      if (attempt < attempts) {
        const delay = retryDelay(settings.retryDelayMs, attempt);
        log('warn', `Attempt ${attempt} failed: ${lastError}. Retrying in ${formatDuration(delay)}.`);
        await sleep(delay, signal);
      }
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onOuter);
    }
  }
  throw new StepFailed(lastError, attempts);
}

/**
 * What a step that failed for good sends on, by its on-error setting: nothing (`stop`, the
 * execution fails), or its input items carrying `error` on `main` (`continue`) or on the `error`
 * handle (`branch`). `itemError` is the failure as items may carry it (see `storedErrorText`).
 */
export function failedOutput(onError: NodeSettings['onError'], inputs: Outputs, itemError: string): Outputs | null {
  if (onError !== 'continue' && onError !== 'branch') return null;
  const items = inputs.main ?? Object.values(inputs).flat();
  const withError = (items.length > 0 ? items : [{}]).map((item) => ({ ...item, error: itemError }));
  return onError === 'continue' ? { main: withError } : { error: withError };
}
