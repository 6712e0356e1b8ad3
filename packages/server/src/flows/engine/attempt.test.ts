import { MAX_STEP_RETRIES } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import {
  failedOutput,
  formatDuration,
  INTERRUPTED_MESSAGE,
  maxAttempts,
  retryDelay,
  runAttempts,
  StepFailed,
} from './attempt';
import { Cancelled, RunAbort } from './run-signal';

const settings = { retries: 2, retryDelayMs: 1000, timeoutMs: 60_000 };

/** runAttempts with a recorded log, sleeps and started marks; the step fails with each message given, then returns 'done'. */
async function attempts({
  failures = [] as string[],
  interruptedAttempts = 0,
  retries = settings.retries,
  effectful = true,
  abort = new RunAbort(),
}) {
  const logs: string[] = [];
  const sleeps: number[] = [];
  const started: number[] = [];
  const ran: number[] = [];
  const outcome = await runAttempts({
    settings: { ...settings, retries },
    signal: abort.signal,
    log: (level, message) => logs.push(`${level}: ${message}`),
    interruptedAttempts,
    markStarted: effectful ? async (attempt) => void started.push(attempt) : null,
    attempt: async (attempt) => {
      ran.push(attempt);
      const failure = failures[ran.length - 1];
      if (failure) throw new Error(failure);
      return 'done';
    },
    sleep: async (ms) => void sleeps.push(ms),
  }).catch((error: unknown) => error);
  return { outcome, logs, sleeps, started, ran };
}

describe('maxAttempts and retryDelay', () => {
  it.each([
    [0, 1],
    [2, 3],
    [MAX_STEP_RETRIES, MAX_STEP_RETRIES + 1],
    // Graphs saved before the cap may ask for more.
    [50, MAX_STEP_RETRIES + 1],
  ])('%d retries make %d attempts', (retries, expected) => expect(maxAttempts(retries)).toBe(expected));

  it.each([
    [1000, 1, 1000],
    [1000, 2, 2000],
    [1000, 3, 4000],
    [0, 4, 0],
    // However many came before, no wait is longer than five minutes.
    [200_000, 2, 300_000],
  ])('a delay of %d ms, after attempt %d, waits %d ms', (delayMs, attempt, expected) =>
    expect(retryDelay(delayMs, attempt)).toBe(expected),
  );

  it.each([
    [250, '250 ms'],
    [1000, '1 s'],
    [1500, '1.5 s'],
    [60_000, '1 min'],
    [90_000, '1.5 min'],
  ])('%d ms reads "%s"', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('runAttempts', () => {
  it('returns the first success with the attempt it took', async () => {
    const run = await attempts({});
    expect(run.outcome).toEqual({ result: 'done', attempts: 1 });
    expect(run).toMatchObject({ logs: [], sleeps: [], started: [1], ran: [1] });
  });

  it('retries a failure after a doubling delay, marking each attempt started before it acts', async () => {
    const run = await attempts({ failures: ['boom', 'bang'] });
    expect(run.outcome).toEqual({ result: 'done', attempts: 3 });
    expect(run.sleeps).toEqual([1000, 2000]);
    expect(run.started).toEqual([1, 2, 3]);
    expect(run.logs).toEqual([
      'warn: Attempt 1 failed: boom. Retrying in 1 s.',
      'warn: Attempt 2 failed: bang. Retrying in 2 s.',
    ]);
  });

  it('fails with the last error and the attempts made once none is left', async () => {
    const run = await attempts({ failures: ['one', 'two', 'three'] });
    expect(run.outcome).toBeInstanceOf(StepFailed);
    expect(run.outcome).toMatchObject({ message: 'three', attempts: 3 });
    // No wait after the last attempt.
    expect(run.sleeps).toEqual([1000, 2000]);
  });

  it('marks nothing started for a step without effects', async () => {
    const run = await attempts({ effectful: false, failures: ['boom'] });
    expect(run.outcome).toEqual({ result: 'done', attempts: 2 });
    expect(run.started).toEqual([]);
  });

  it('counts attempts a dead worker began, and goes on after them with a warning', async () => {
    const run = await attempts({ interruptedAttempts: 1 });
    expect(run.outcome).toEqual({ result: 'done', attempts: 2 });
    expect(run.ran).toEqual([2]);
    expect(run.logs).toEqual([
      'warn: Attempt 1 was interrupted (the server stopped) and may have been sent; trying again with the same idempotency key.',
    ]);
  });

  it('does not run again a step whose interrupted attempts used up its retries', async () => {
    const run = await attempts({ retries: 1, interruptedAttempts: 2 });
    expect(run.outcome).toBeInstanceOf(StepFailed);
    expect(run.outcome).toMatchObject({ message: INTERRUPTED_MESSAGE, attempts: 2 });
    expect(run.ran).toEqual([]);
    expect(run.started).toEqual([]);
  });

  it('stops an attempt at its timeout, aborting the step signal, and retries it', async () => {
    const seen: AbortSignal[] = [];
    const outcome = await runAttempts({
      settings: { retries: 1, retryDelayMs: 0, timeoutMs: 20 },
      signal: new RunAbort().signal,
      log: () => {},
      interruptedAttempts: 0,
      markStarted: null,
      // A step that ignores its signal is not waited for.
      attempt: (_attempt, stepSignal) => {
        seen.push(stepSignal());
        return new Promise<never>(() => {});
      },
      sleep: async () => {},
    }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(StepFailed);
    expect(outcome).toMatchObject({ message: 'The step took longer than 20 ms and was stopped', attempts: 2 });
    expect(seen.map((signal) => signal.aborted)).toEqual([true, true]);
  });

  it('throws the run’s abort reason as it is, without retrying, when the run stops mid-attempt', async () => {
    const abort = new RunAbort();
    const reason = new Cancelled('cancelled');
    let stepSignal: AbortSignal | null = null;
    const outcome = await runAttempts({
      settings,
      signal: abort.signal,
      log: () => {},
      interruptedAttempts: 0,
      markStarted: null,
      attempt: (_attempt, signal) => {
        stepSignal = signal();
        queueMicrotask(() => abort.abort(reason));
        return new Promise<never>(() => {});
      },
      sleep: async () => {
        throw new Error('must not wait for a retry');
      },
    }).catch((error: unknown) => error);
    expect(outcome).toBe(reason);
    expect((stepSignal as AbortSignal | null)?.aborted).toBe(true);
  });

  it('does not act when the run stopped while its start was being saved', async () => {
    const abort = new RunAbort();
    const reason = new Cancelled('cancelled');
    let ran = false;
    const outcome = await runAttempts({
      settings,
      signal: abort.signal,
      log: () => {},
      interruptedAttempts: 0,
      markStarted: async () => abort.abort(reason),
      attempt: async () => {
        ran = true;
      },
    }).catch((error: unknown) => error);
    expect(outcome).toBe(reason);
    expect(ran).toBe(false);
  });

  it('lets a failure to save the start escape without acting or retrying', async () => {
    const run = runAttempts({
      settings,
      signal: new RunAbort().signal,
      log: () => {},
      interruptedAttempts: 0,
      markStarted: async () => {
        throw new Error('could not save');
      },
      attempt: async () => 'done',
    });
    await expect(run).rejects.toThrow('could not save');
  });
});

describe('failedOutput', () => {
  const inputs = { main: [{ id: 1 }, { id: 2 }] };

  it('sends nothing when the execution stops', () => {
    expect(failedOutput('stop', inputs, 'boom')).toBeNull();
  });

  it('continues with the input items carrying the error', () => {
    expect(failedOutput('continue', inputs, 'boom')).toEqual({
      main: [
        { id: 1, error: 'boom' },
        { id: 2, error: 'boom' },
      ],
    });
  });

  it('sends them on the error handle for a branch', () => {
    expect(failedOutput('branch', inputs, 'boom')).toEqual({
      error: [
        { id: 1, error: 'boom' },
        { id: 2, error: 'boom' },
      ],
    });
  });

  it('sends one item with the error when none came in, and every input’s items without a main one', () => {
    expect(failedOutput('continue', { main: [] }, 'boom')).toEqual({ main: [{ error: 'boom' }] });
    expect(failedOutput('branch', { a: [{ id: 1 }], b: [{ id: 2 }] }, 'boom')).toEqual({
      error: [
        { id: 1, error: 'boom' },
        { id: 2, error: 'boom' },
      ],
    });
  });
});
