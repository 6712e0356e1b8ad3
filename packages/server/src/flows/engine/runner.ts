import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import type { ExecutionError, Item, SaveExecutions } from '@flowmind/shared/flows';
import type { Logger } from 'pino';
import type { StepDefinition, StepServices, WebhookResponse } from '../steps/step';
import { errorText } from './attempt';
import type { ExecutionRepository, ExecutionRow } from './execution.repository';
import { Cancelled, LostClaim, RunAbort, type RunSignal } from './run-signal';
import { type RunStore, runStore } from './run-store';
import { walk } from './walk';
import type { ExecutionWriter } from './writer';

/** A step run's allowance of sandbox time for its expressions (see the sandbox). */
export type ExpressionBudget = { executionId: string; usedMs: number; limitMs: number };

export type ExpressionEngine = {
  expressionSession(
    scope: ExpressionScope,
    options?: { budget?: ExpressionBudget; signal?: AbortSignal },
  ): {
    evaluate(template: unknown): Promise<unknown>;
    resolveDeep(value: unknown): Promise<unknown>;
    dispose(): void;
  };
  stepBudget?(executionId: string): ExpressionBudget;
};

export type RunnerDeps = {
  repo: ExecutionRepository;
  writer: ExecutionWriter;
  steps: ReadonlyMap<string, StepDefinition>;
  expressions: ExpressionEngine;
  services(execution: ExecutionRow): StepServices;
  /** Tells listeners an execution changed (progress, end). */
  changed(execution: ExecutionRow): void;
  /** Wakes the execution at `at` (a queue job); the saved state is what resumes it. */
  resumeAt(execution: ExecutionRow, at: Date): Promise<void>;
  /** The flow's name (for `$flow.name`) and which of its runs are kept. */
  flowInfo(flowId: string): Promise<FlowInfo>;
  logger: Logger;
  owner: string;
  leaseMs: number;
  /** Told which execution this run holds, once claimed. */
  onClaimed?: (execution: ExecutionRow) => void;
  /** Told when its steps are done (before its last writes land). */
  onWalkDone?: (execution: ExecutionRow) => void;
};

export type FlowInfo = { name: string; saveExecutions: SaveExecutions };

export type RunOutcome =
  | {
      kind: 'finished';
      status: 'succeeded' | 'failed' | 'cancelled';
      error: ExecutionError | null;
      items: Item[];
      /** Saves still being written when the walk ended. */
      pending?: Promise<boolean>[];
    }
  | { kind: 'waiting'; until: Date }
  /** Another worker holds it, it was already done, or its account is at its limit (busy). */
  | { kind: 'not-claimed'; reason: 'busy' | 'taken' | 'missing'; accountId?: string }
  /** The claim ran out under us (another worker took over). */
  | { kind: 'lost' };

/**
 * Runs (or resumes) one execution: claims it, keeps its lease while `walk` runs its steps, and
 * writes how it ended.
 */
export async function runExecution(
  deps: RunnerDeps,
  executionId: string,
  {
    accountConcurrency,
    onRespond,
    claimed,
    store: heldStore,
    flow: knownFlow,
    signal: outerSignal,
  }: {
    accountConcurrency: number;
    onRespond?: (response: WebhookResponse) => void;
    /** The row when the caller created it already claimed (inline webhook runs); it has no steps yet. */
    claimed?: ExecutionRow;
    /** Where a new inline run's state goes while its row is not written yet (see `runStore`). */
    store?: RunStore;
    /** The flow's name and setting, when the caller has them. */
    flow?: FlowInfo;
    signal?: RunSignal;
  },
): Promise<RunOutcome> {
  const { repo, owner, leaseMs, logger } = deps;
  let execution: ExecutionRow;
  if (claimed) execution = claimed;
  else {
    const claim = await repo.claim(executionId, { owner, leaseMs, limit: accountConcurrency });
    if (!claim.row)
      return {
        kind: 'not-claimed',
        reason: claim.reason === 'claimed' ? 'taken' : claim.reason,
        accountId: 'accountId' in claim ? claim.accountId : undefined,
      };
    execution = claim.row;
  }

  deps.onClaimed?.(execution);
  const abort = new RunAbort();
  // A process shutting down leaves its executions to the next worker; anything else is a cancel.
  const onOuterAbort = () =>
    abort.abort(outerSignal?.reason === 'shutdown' ? new LostClaim('shutdown') : new Cancelled('cancelled'));
  outerSignal?.addEventListener('abort', onOuterAbort, { once: true });
  if (execution.cancelRequested) abort.abort(new Cancelled('cancelled'));
  let heartbeatBusy = false;
  let heartbeat: NodeJS.Timeout | null = null;
  // Only a saved run's lease needs keeping alive: nobody else can take over one held in memory.
  const startHeartbeat = () => {
    heartbeat = setInterval(
      async () => {
        if (heartbeatBusy) return;
        heartbeatBusy = true;
        try {
          const beat = await repo.heartbeat(execution.id, owner, leaseMs);
          if (!beat.held) abort.abort(new LostClaim('claim lost'));
          else if (beat.cancel) abort.abort(new Cancelled('cancelled'));
        } catch (error) {
          logger.warn({ err: error, executionId: execution.id }, 'execution heartbeat failed');
        } finally {
          heartbeatBusy = false;
        }
      },
      Math.max(200, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
  };
  let store: RunStore | null = heldStore ?? null;
  if (store?.isHeld())
    store.onWritten(() => {
      startHeartbeat();
      deps.changed(execution);
    });
  else startHeartbeat();
  /** Listeners hear of saved runs only: one held in memory cannot be read. */
  const changed = () => {
    if (!store?.isHeld()) deps.changed(execution);
  };

  try {
    const flow = knownFlow ?? (await deps.flowInfo(execution.flowId));
    store ??= runStore({
      writer: deps.writer,
      repo,
      execution,
      mode: 'durable',
      policy: flow.saveExecutions,
      leaseMs,
    });
    const outcome = await walk({
      deps,
      execution,
      flowName: flow.name,
      signal: abort.signal,
      onRespond,
      fresh: Boolean(claimed),
      store,
      changed,
    });
    // Nothing runs any more; what is left is writing it down.
    deps.onWalkDone?.(execution);
    if (outcome.kind === 'waiting') {
      changed();
      return outcome;
    }
    await Promise.all(outcome.pending ?? []);
    const wasHeld = store.isHeld();
    const ended = await store.finish({
      id: execution.id,
      flowId: execution.flowId,
      createdAt: execution.createdAt,
      owner,
      status: outcome.status,
      error: outcome.error,
    });
    if (!ended) return { kind: 'lost' };
    if (!wasHeld || !store.isHeld()) deps.changed(execution);
    return outcome;
  } catch (error) {
    if (error instanceof LostClaim || abort.signal.reason instanceof LostClaim) return { kind: 'lost' };
    logger.error({ err: error, executionId: execution.id }, 'execution crashed');
    const message = `Flowmind could not finish this run: ${errorText(error)}`;
    const end = store ?? runStore({ writer: deps.writer, repo, execution, mode: 'durable', policy: 'all', leaseMs });
    const wasHeld = end.isHeld();
    await end
      .finish({
        id: execution.id,
        flowId: execution.flowId,
        createdAt: execution.createdAt,
        owner,
        status: 'failed',
        error: { nodeId: null, nodeName: null, message },
      })
      .catch(() => {});
    if (!wasHeld || !end.isHeld()) deps.changed(execution);
    return { kind: 'finished', status: 'failed', error: { nodeId: null, nodeName: null, message }, items: [] };
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    outerSignal?.removeEventListener('abort', onOuterAbort);
  }
}
