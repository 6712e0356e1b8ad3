import { availableParallelism } from 'node:os';
import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import { codeStepLimits, type Item } from '@flowmind/shared/flows';
import {
  createExpressionSession,
  EXPRESSION_TIMEOUT_MS,
  type ExpressionSession,
  type ExpressionVmHandle,
} from './expression-session';
import type { ExpressionOutcome } from './expression-vm';
import type { RunCodeInput as CodeRunInput } from './run-code';
import { nothingSent, type SentScope, scopePart } from './scope-part';
import { CodeError, formatSeconds } from './vm-errors';
import { createWorkerPool, JobStopped, type WorkerSlot } from './worker-pool';

export { ExpressionError, type ExpressionSession, expressionStats } from './expression-session';
export { CodeError } from './vm-errors';

export type RunCodeInput = CodeRunInput & {
  /** The execution the sandbox time is counted against. */
  executionId?: string;
  /** The account whose code it is: it may hold all code workers but one. */
  accountId?: string;
  /** Aborting stops the code (its worker is replaced). */
  signal?: AbortSignal;
};

/** A step run's allowance of expression time, shared by the sessions of its items. */
export type StepBudget = { executionId: string; usedMs: number; limitMs: number };

export type ExpressionOptions = { budget?: StepBudget; signal?: AbortSignal };

export type SandboxOptions = {
  memoryLimitBytes?: number;
  stackSizeBytes?: number;
  /** Worker threads running sandboxed JavaScript. */
  workers?: number;
  /** The longest a code step may run, whatever its settings say. */
  codeTimeoutMaxMs?: number;
  /** Sandbox time one execution may use in this process (code steps and expressions together). */
  executionBudgetMs?: number;
  /** Expression time one step run may use over all its items. */
  stepExpressionBudgetMs?: number;
  /** The longest one expression may run (EXPRESSION_TIMEOUT_MS). */
  expressionTimeoutMs?: number;
};

export type Sandbox = {
  /** Runs a code step's JavaScript on its items. */
  runCode(input: RunCodeInput): Promise<Item[]>;
  /** Evaluates a step's `{{ expressions }}` for one item. Dispose it when the params are resolved. */
  expressionSession(scope: ExpressionScope, options?: ExpressionOptions): ExpressionSession;
  /** A new allowance for the expressions of one step run of an execution. */
  stepBudget(executionId: string): StepBudget;
  /** The worker threads alive now. */
  workers(): import('node:worker_threads').Worker[];
  close(): Promise<void>;
};

export const DEFAULT_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
export const DEFAULT_STACK_SIZE_BYTES = 256 * 1024;
export const DEFAULT_CODE_TIMEOUT_MAX_MS = 60_000;
export const DEFAULT_EXECUTION_BUDGET_MS = 5 * 60_000;
export const DEFAULT_STEP_EXPRESSION_BUDGET_MS = 5_000;
/** How long past its own deadline a job may hold its worker before the worker is killed. */
const KILL_GRACE_MS = 1_000;
/** Executions not seen for this long are forgotten by the budget. */
const BUDGET_IDLE_MS = 60 * 60_000;

/** One worker per core plus one, so code steps on every core still leave one for expressions. */
export const defaultSandboxWorkers = () => Math.min(8, availableParallelism() + 1);

/**
 * The JavaScript sandbox of flows: QuickJS compiled to WebAssembly, with no host functions besides
 * `console`, so code reaches no network, files, timers or `process`. It runs in a pool of worker
 * threads (worker-pool.ts), so a script that spins holds one worker and never the thread that
 * answers HTTP: past its deadline the worker is terminated and a fresh one takes its place.
 * Plain paths and plain expressions never leave the caller's thread (expression-session.ts).
 */
export function createSandbox({
  memoryLimitBytes = DEFAULT_MEMORY_LIMIT_BYTES,
  stackSizeBytes = DEFAULT_STACK_SIZE_BYTES,
  workers = defaultSandboxWorkers(),
  codeTimeoutMaxMs = DEFAULT_CODE_TIMEOUT_MAX_MS,
  executionBudgetMs = DEFAULT_EXECUTION_BUDGET_MS,
  stepExpressionBudgetMs = DEFAULT_STEP_EXPRESSION_BUDGET_MS,
  expressionTimeoutMs = EXPRESSION_TIMEOUT_MS,
}: SandboxOptions = {}): Sandbox {
  // Graphs are checked against the operator's cap when they are saved.
  codeStepLimits.timeoutMaxMs = codeTimeoutMaxMs;
  const pool = createWorkerPool({ size: Math.max(2, workers), setup: { memoryLimitBytes, stackSizeBytes } });
  const used = new Map<string, { ms: number; at: number }>();
  let nextSession = 1;

  const charge = (executionId: string | undefined, ms: number) => {
    if (!executionId) return;
    const now = Date.now();
    const entry = used.get(executionId) ?? { ms: 0, at: now };
    entry.ms += ms;
    entry.at = now;
    used.set(executionId, entry);
    if (used.size > 1000) for (const [id, e] of used) if (now - e.at > BUDGET_IDLE_MS) used.delete(id);
  };
  const spent = (executionId: string | undefined) =>
    executionId !== undefined && (used.get(executionId)?.ms ?? 0) >= executionBudgetMs;
  const executionSpent = `this execution has used its ${formatSeconds(executionBudgetMs)} of sandbox time`;

  async function runCode({ code, items, globals, timeoutMs, log, executionId, accountId, signal }: RunCodeInput) {
    if (spent(executionId)) throw new CodeError(`Code step not run: ${executionSpent}`);
    const limit = Math.min(timeoutMs, codeTimeoutMaxMs);
    const timedOut = `Code step timed out after ${formatSeconds(limit)}`;
    try {
      const done = await pool.submit({
        kind: 'code',
        tenant: accountId,
        prepare: () => ({ type: 'code', code, items, globals, timeoutMs: limit }),
        hardMs: limit + KILL_GRACE_MS,
        signal,
        onLog: log,
      });
      charge(executionId, done.ms);
      if (done.type !== 'code-done') throw new Error('The sandbox answered out of turn');
      if (!done.ok) throw new CodeError(done.message);
      return done.items;
    } catch (error) {
      if (!(error instanceof JobStopped)) throw error;
      charge(executionId, error.ms);
      switch (error.reason) {
        case 'timeout':
          throw new CodeError(timedOut);
        case 'aborted':
          throw new CodeError('Code step stopped');
        default:
          throw new CodeError('Code step failed: the sandbox stopped');
      }
    }
  }

  /** A session's VM: in whichever worker is free, preferring the one that already holds it. */
  function openVm(scope: ExpressionScope, { budget, signal }: ExpressionOptions): ExpressionVmHandle {
    const session = nextSession++;
    const holders = new Map<WorkerSlot, SentScope>();
    let last: WorkerSlot | undefined;
    const timeoutMs = expressionTimeoutMs;

    const once = async (code: string, everything: boolean): Promise<ExpressionOutcome> => {
      try {
        const done = await pool.submit({
          kind: 'expression',
          prepare: (slot) => {
            last = slot;
            const sent = holders.get(slot) ?? nothingSent();
            holders.set(slot, sent);
            return { type: 'expression', session, code, part: scopePart(scope, code, sent, everything), timeoutMs };
          },
          hardMs: timeoutMs + KILL_GRACE_MS,
          prefer: last && !last.dead ? last : undefined,
          signal,
        });
        spend(done.ms);
        if (done.type !== 'expression-done') throw new Error('The sandbox answered out of turn');
        return done;
      } catch (error) {
        if (!(error instanceof JobStopped)) throw error;
        spend(error.ms);
        const reason =
          error.reason === 'timeout'
            ? `timed out after ${formatSeconds(timeoutMs)}`
            : error.reason === 'aborted'
              ? 'the step was stopped'
              : 'the sandbox stopped';
        return { ok: false, reason };
      }
    };
    const spend = (ms: number) => {
      if (budget) budget.usedMs += ms;
      charge(budget?.executionId, ms);
    };

    return {
      async evaluate(code) {
        if (signal?.aborted) return { ok: false, reason: 'the step was stopped' };
        if (budget && budget.usedMs >= budget.limitMs)
          return {
            ok: false,
            reason: `this step's expressions used their ${formatSeconds(budget.limitMs)} of sandbox time`,
          };
        if (spent(budget?.executionId)) return { ok: false, reason: executionSpent };
        const outcome = await once(code, false);
        return outcome.missed ? once(code, true) : outcome;
      },
      dispose() {
        pool.endSession(
          session,
          [...holders.keys()].filter((slot) => !slot.dead),
        );
      },
    };
  }

  return {
    runCode,
    expressionSession(scope, options = {}) {
      return createExpressionSession({ scope, openVm: () => openVm(scope, options) });
    },
    stepBudget: (executionId) => ({ executionId, usedMs: 0, limitMs: stepExpressionBudgetMs }),
    workers: pool.workers,
    close: pool.close,
  };
}
