import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import { effectiveSettings, isTrigger, nodeOutputs, paramsWithDefaults } from '@flowmind/shared/flow-steps';
import {
  type ExecutionError,
  type FlowNode,
  type Item,
  MAX_STEP_RETRIES,
  type SaveExecutions,
  type StepLog,
} from '@flowmind/shared/flows';
import type { Logger } from 'pino';
import type { PreviousRun, StepDefinition, StepResult, StepServices, WebhookResponse } from '../steps/step';
import type { ExecutionRepository, ExecutionRow, StepRow } from './execution.repository';
import { type GraphIndex, indexGraph } from './graph';
import { type RunStore, runStore } from './run-store';
import { type ExecutionWriter, storedErrorText } from './writer';

type Outputs = Record<string, Item[]>;

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

/** What the runner reads of an abort signal; an AbortSignal is one, and so is `RunAbort`. */
export type RunSignal = {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
};

/**
 * An abort signal for one run, without what an AbortController costs (an EventTarget per run,
 * several per webhook call): a run's steps get a real AbortSignal only when they read one.
 */
export class RunAbort implements RunSignal {
  aborted = false;
  reason: unknown = undefined;
  #listeners: Set<() => void> | null = null;
  get signal(): RunSignal {
    return this;
  }
  abort(reason?: unknown) {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#listeners;
    this.#listeners = null;
    if (listeners) for (const listener of listeners) listener();
  }
  addEventListener(_type: 'abort', listener: () => void) {
    if (this.aborted) return;
    this.#listeners ??= new Set();
    this.#listeners.add(listener);
  }
  removeEventListener(_type: 'abort', listener: () => void) {
    this.#listeners?.delete(listener);
  }
}

class Cancelled extends Error {}
class LostClaim extends Error {}
class StepFailed extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
  }
}

const MAX_LOGS = 1000;
export const INTERRUPTED_MESSAGE =
  'Interrupted, may have been sent: the server stopped while this step was running, so what it does may already have happened. It was not run again because it has no retries left.';
const SHOW_RUNNING_AFTER_MS = 250;
const MAX_STEP_RUNS = 100_000;

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
  const m = s / 60;
  return `${Number.isInteger(m) ? m : m.toFixed(1)} min`;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function sleep(ms: number, signal: RunSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The first output handle with items, for `$node[...]` and for what a run "returns". */
function primaryItems(output: Outputs | null): Item[] {
  if (!output) return [];
  if (output.main && output.main.length > 0) return output.main;
  for (const items of Object.values(output)) if (items.length > 0) return items;
  return output.main ?? [];
}

type Task = { node: FlowNode; inputs: Outputs };

/**
 * A node's params with their defaults and its effective settings, worked out once per node
 * object: published graphs are cached and never changed, so a busy flow reuses them on every run.
 * Nothing changes them (expressions resolve into new values).
 */
const nodeCache = new WeakMap<
  FlowNode,
  { params: Record<string, unknown>; settings: ReturnType<typeof effectiveSettings> }
>();
function compiled(node: FlowNode) {
  let entry = nodeCache.get(node);
  if (!entry) {
    entry = { params: paramsWithDefaults(node), settings: effectiveSettings(node) };
    nodeCache.set(node, entry);
  }
  return entry;
}

/**
 * Runs (or resumes) one execution. The walk is deterministic: every step run is keyed by
 * (node, n-th run), and a run already saved as finished is replayed from its saved output instead
 * of running again, so a resumed execution continues exactly where the last one stopped.
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
  if (store?.held)
    store.onWritten(() => {
      startHeartbeat();
      deps.changed(execution);
    });
  else startHeartbeat();
  /** Listeners hear of saved runs only: one held in memory cannot be read. */
  const changed = () => {
    if (!store?.held) deps.changed(execution);
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
    const outcome = await walk(deps, execution, flow.name, abort.signal, onRespond, Boolean(claimed), store, changed);
    // Nothing runs any more; what is left is writing it down.
    deps.onWalkDone?.(execution);
    if (outcome.kind === 'waiting') {
      changed();
      return outcome;
    }
    await Promise.all(outcome.pending ?? []);
    const wasHeld = store.held;
    const ended = await store.finish({
      id: execution.id,
      flowId: execution.flowId,
      createdAt: execution.createdAt,
      owner,
      status: outcome.status,
      error: outcome.error,
    });
    if (!ended) return { kind: 'lost' };
    if (!wasHeld || !store.held) deps.changed(execution);
    return outcome;
  } catch (error) {
    if (error instanceof LostClaim || abort.signal.reason instanceof LostClaim) return { kind: 'lost' };
    logger.error({ err: error, executionId: execution.id }, 'execution crashed');
    const message = `Flowmind could not finish this run: ${errorText(error)}`;
    const end = store ?? runStore({ writer: deps.writer, repo, execution, mode: 'durable', policy: 'all', leaseMs });
    const wasHeld = end.held;
    await end
      .finish({
        id: execution.id,
        flowId: execution.flowId,
        createdAt: execution.createdAt,
        owner,
        status: 'failed',
        error: { node_id: null, node_name: null, message },
      })
      .catch(() => {});
    if (!wasHeld || !end.held) deps.changed(execution);
    return { kind: 'finished', status: 'failed', error: { node_id: null, node_name: null, message }, items: [] };
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    outerSignal?.removeEventListener('abort', onOuterAbort);
  }
}

type WalkOutcome = Extract<RunOutcome, { kind: 'finished' | 'waiting' }>;

async function walk(
  deps: RunnerDeps,
  execution: ExecutionRow,
  flowName: string,
  signal: RunSignal,
  onRespond: ((response: WebhookResponse) => void) | undefined,
  fresh: boolean,
  store: RunStore,
  changed: () => void,
): Promise<WalkOutcome> {
  const { repo } = deps;
  // Saves not waited for are still watched: a failed write fails the execution at its end.
  const unawaited: Promise<boolean>[] = [];
  const save = (step: Parameters<ExecutionWriter['saveStep']>[0], wait: boolean) => {
    const written = store.saveStep(step);
    if (wait) return written;
    unawaited.push(written);
    written.catch(() => {});
    return Promise.resolve(true);
  };
  const graph = await repo.graphOf(execution);
  const index: GraphIndex = indexGraph(graph);
  const saved = new Map<string, StepRow>();
  if (!fresh) for (const step of await repo.steps(execution.id)) saved.set(`${step.nodeId}:${step.runIndex}`, step);
  const triggerItems = (execution.trigger as Item[] | null) ?? [{}];
  const runs = new Map<string, PreviousRun[]>();
  const byName: Record<string, { json: Item; items: Item[] }> = {};
  const services = deps.services(execution);
  let responded = Boolean(execution.response);
  let lastItems: Item[] = [];
  let stepRuns = 0;

  const trigger = index.trigger;
  if (!trigger) {
    return {
      kind: 'finished',
      status: 'failed',
      error: { node_id: null, node_name: null, message: 'The flow has no trigger' },
      items: [],
    };
  }

  const queue: Task[] = [];
  const pendingMerge = new Map<string, Outputs>();

  const deliver = (from: FlowNode, output: Outputs) => {
    for (const [handle, items] of Object.entries(output)) {
      if (items.length === 0) continue;
      for (const edge of index.outgoing(from.id)) {
        if (edge.sourceHandle !== handle) continue;
        const target = index.nodes.get(edge.target);
        if (!target || isTrigger(target.type)) continue;
        const inputs = index.connectedInputs(target);
        if (inputs.length > 1) {
          const pending = pendingMerge.get(target.id) ?? {};
          pending[edge.targetHandle] = [...(pending[edge.targetHandle] ?? []), ...items];
          pendingMerge.set(target.id, pending);
          if (inputs.every((i) => pending[i])) {
            pendingMerge.delete(target.id);
            queue.push({ node: target, inputs: pending });
          }
        } else {
          queue.push({ node: target, inputs: { [edge.targetHandle]: items } });
        }
      }
    }
  };

  const remember = (node: FlowNode, inputs: Outputs, output: Outputs) => {
    runs.set(node.id, [...(runs.get(node.id) ?? []), { input: inputs, output }]);
    const items = primaryItems(output);
    byName[node.name] = { json: items[0] ?? {}, items };
    lastItems = items;
  };

  // The trigger's items are its output: saved once, before anything else runs.
  const triggerKey = `${trigger.id}:0`;
  const triggerOutput: Outputs = { main: triggerItems };
  if (!saved.has(triggerKey)) {
    const now = new Date();
    // The trigger's items are already in the execution row; this copy is for the step view.
    await save(
      {
        executionId: execution.id,
        accountId: execution.accountId,
        nodeId: trigger.id,
        nodeName: trigger.name,
        nodeType: trigger.type,
        runIndex: 0,
        status: 'succeeded',
        input: {},
        output: triggerOutput,
        logs: [],
        error: null,
        attempts: 1,
        startedAt: execution.startedAt ?? now,
        finishedAt: now,
      },
      false,
    );
  }
  remember(trigger, {}, triggerOutput);
  const triggerScope = { json: triggerItems[0] ?? {}, items: triggerItems };
  if (execution.stopAfterNodeId === trigger.id) return finished('succeeded', null);
  deliver(trigger, triggerOutput);

  function finished(status: 'succeeded' | 'failed' | 'cancelled', error: ExecutionError | null): WalkOutcome {
    return { kind: 'finished', status, error, items: lastItems, pending: unawaited };
  }

  while (queue.length > 0 || pendingMerge.size > 0) {
    if (signal.aborted) throw signal.reason;
    let task = queue.shift();
    if (!task) {
      // Nothing else can arrive: a merge runs with the inputs it has.
      const [nodeId, inputs] = [...pendingMerge.entries()].sort(
        (a, b) => (index.order.get(a[0]) ?? 0) - (index.order.get(b[0]) ?? 0),
      )[0] as [string, Outputs];
      pendingMerge.delete(nodeId);
      task = { node: index.nodes.get(nodeId) as FlowNode, inputs };
    }
    const { node, inputs } = task;
    stepRuns += 1;
    if (stepRuns > MAX_STEP_RUNS)
      return finished('failed', {
        node_id: node.id,
        node_name: node.name,
        message: `The flow ran more than ${MAX_STEP_RUNS} steps; a loop probably never ends.`,
      });
    const runIndex = runs.get(node.id)?.length ?? 0;
    const previous = saved.get(`${node.id}:${runIndex}`);

    if (previous?.output && (previous.status === 'succeeded' || previous.status === 'failed')) {
      const output = previous.output as Outputs;
      remember(node, inputs, output);
      if (execution.stopAfterNodeId === node.id) return finished('succeeded', null);
      deliver(node, output);
      continue;
    }

    const startedAt = previous?.status === 'waiting' ? previous.startedAt : new Date();
    const logs: StepLog[] = [];
    const base = {
      executionId: execution.id,
      accountId: execution.accountId,
      nodeId: node.id,
      nodeName: node.name,
      nodeType: node.type,
      runIndex,
      input: inputs,
      startedAt,
    };

    if (previous?.status === 'waiting') {
      // Claimed again means its time came: the wait is over and its items pass on.
      const output: Outputs = { main: inputs.main ?? [] };
      await save(
        {
          ...base,
          status: 'succeeded',
          output,
          logs: (previous.logs as StepLog[]) ?? [],
          error: null,
          attempts: previous.attempts,
          finishedAt: new Date(),
        },
        true,
      );
      changed();
      remember(node, inputs, output);
      if (execution.stopAfterNodeId === node.id) return finished('succeeded', null);
      deliver(node, output);
      continue;
    }

    const { settings } = compiled(node);
    // A disabled step only passes its items on. A type this server lacks counts as acting: it
    // fails before it runs, and its failure is written before the execution goes on.
    const definition = node.disabled ? undefined : deps.steps.get(node.type);
    const pure = Boolean(node.disabled) || (definition !== undefined && !definition.sideEffects && !definition.pauses);
    const effectful = !node.disabled && (definition === undefined || definition.sideEffects);
    // Found started (or running, as steps in flight were saved before) when a worker died in it:
    // it may have acted, so it counts as an attempt and runs again only if its retries allow.
    const interrupted = effectful && (previous?.status === 'started' || previous?.status === 'running');
    if (interrupted) logs.push(...((previous.logs as StepLog[]) ?? []));
    let showRunning: NodeJS.Timeout | null = setTimeout(() => {
      showRunning = null;
      // An effectful step's "started" row is already saved; only listeners need telling.
      if (effectful) return changed();
      void store
        .saveStep({ ...base, status: 'running', output: null, logs: [], error: null, attempts: 1, finishedAt: null })
        .then(() => changed())
        .catch(() => {});
    }, SHOW_RUNNING_AFTER_MS);
    const scope = (items: Item[], i: number): ExpressionScope => ({
      $json: items[i] ?? {},
      $index: i,
      $items: items,
      $node: byName,
      $trigger: triggerScope,
      $execution: { id: execution.id, mode: execution.mode },
      $flow: { id: execution.flowId, name: flowName },
      $now: new Date().toISOString(),
    });

    let result: StepResult;
    let attempts = 1;
    const log = (level: StepLog['level'], message: string) => {
      if (logs.length < MAX_LOGS) logs.push({ level, message, at: new Date().toISOString() });
    };
    try {
      ({ result, attempts } = await runWithRetries({
        deps,
        node,
        inputs,
        runIndex,
        execution,
        settings,
        signal,
        services,
        previousRuns: runs.get(node.id) ?? [],
        scope,
        log,
        interruptedAttempts: interrupted ? previous.attempts : 0,
        markStarted: effectful
          ? (attempt) =>
              markStarted(
                store,
                {
                  ...base,
                  status: 'started',
                  output: null,
                  logs: [...logs],
                  error: null,
                  attempts: attempt,
                  finishedAt: null,
                },
                deps.owner,
              )
          : null,
      }));
    } catch (error) {
      if (showRunning) clearTimeout(showRunning);
      if (error instanceof Cancelled || error instanceof LostClaim) {
        if (error instanceof Cancelled)
          await save(
            { ...base, status: 'cancelled', output: null, logs, error: 'Cancelled', attempts, finishedAt: new Date() },
            true,
          );
        if (error instanceof Cancelled) return finished('cancelled', null);
        throw error;
      }
      const failure = error instanceof StepFailed ? error : new StepFailed(errorText(error), attempts);
      const items = inputs.main ?? Object.values(inputs).flat();
      // Items that go on carry the error into later steps (and a webhook's answer): never a query it quoted.
      const itemError = storedErrorText(failure.message);
      const withError = (items.length > 0 ? items : [{}]).map((item) => ({ ...item, error: itemError }));
      const output: Outputs | null =
        settings.onError === 'continue'
          ? { main: withError }
          : settings.onError === 'branch'
            ? { error: withError }
            : null;
      await save(
        {
          ...base,
          status: 'failed',
          output,
          logs,
          error: failure.message,
          attempts: failure.attempts,
          finishedAt: new Date(),
        },
        !pure,
      );
      changed();
      if (!output) return finished('failed', { node_id: node.id, node_name: node.name, message: failure.message });
      remember(node, inputs, output);
      if (execution.stopAfterNodeId === node.id) return finished('succeeded', null);
      deliver(node, output);
      continue;
    }
    if (showRunning) clearTimeout(showRunning);

    if ('waitUntil' in result) {
      // Parked, it must outlive this call: a run held in memory is written now.
      await store.makeDurable();
      await Promise.all(unawaited);
      await store.waitStep(
        { ...base, status: 'waiting', output: null, logs, error: null, attempts, finishedAt: null },
        deps.owner,
        result.waitUntil,
      );
      await deps.resumeAt(execution, result.waitUntil);
      return { kind: 'waiting', until: result.waitUntil };
    }

    const output = result.outputs;
    if (result.respond && !responded) {
      responded = true;
      unawaited.push(store.setResponse(result.respond));
      onRespond?.(result.respond);
    }
    await save({ ...base, status: 'succeeded', output, logs, error: null, attempts, finishedAt: new Date() }, !pure);
    changed();
    remember(node, inputs, output);
    if (execution.stopAfterNodeId === node.id) return finished('succeeded', null);
    deliver(node, output);
  }
  return finished('succeeded', null);
}

/**
 * Writes that an attempt of an effectful step starts and waits until it is committed: a worker
 * taking over after a crash then knows the step may have acted.
 */
async function markStarted(store: RunStore, step: Parameters<ExecutionWriter['saveStep']>[0], owner: string) {
  let held: boolean;
  try {
    held = await store.saveStep(step, { fence: owner });
  } catch {
    // The database's own words stay in the server log (the writer logs them).
    throw new Error('Flowmind could not save that this step started, so it did not run it');
  }
  // Another worker took the execution over meanwhile (this one was paused past its lease): it
  // runs the step, not this one.
  if (!held) throw new LostClaim('claim lost before an effectful step');
}

async function runWithRetries({
  deps,
  node,
  inputs,
  runIndex,
  execution,
  settings,
  signal,
  services,
  previousRuns,
  scope,
  log,
  interruptedAttempts,
  markStarted,
}: {
  deps: RunnerDeps;
  node: FlowNode;
  inputs: Outputs;
  runIndex: number;
  execution: ExecutionRow;
  settings: ReturnType<typeof effectiveSettings>;
  signal: RunSignal;
  services: StepServices;
  previousRuns: PreviousRun[];
  scope: (items: Item[], i: number) => ExpressionScope;
  log: (level: StepLog['level'], message: string) => void;
  /** Attempts a dead worker began (its "started" row); they count, and may have acted. */
  interruptedAttempts: number;
  /** Saves that an attempt starts, before it acts; null for steps without effects. */
  markStarted: ((attempt: number) => Promise<void>) | null;
}): Promise<{ result: StepResult; attempts: number }> {
  const items = inputs.main ?? [];
  if (node.disabled) {
    const handle = nodeOutputs(node)[0] ?? 'main';
    return { result: { outputs: { [handle]: Object.values(inputs).flat() } }, attempts: 1 };
  }
  const definition = deps.steps.get(node.type);
  if (!definition) throw new StepFailed(`This step type (${node.type}) is not available on this server`, 1);

  const { params } = compiled(node);
  let lastError = '';
  // Graphs saved before the cap may ask for more.
  const maxAttempts = Math.min(settings.retries, MAX_STEP_RETRIES) + 1;
  if (interruptedAttempts >= maxAttempts) throw new StepFailed(INTERRUPTED_MESSAGE, interruptedAttempts);
  if (interruptedAttempts > 0)
    log(
      'warn',
      `Attempt ${interruptedAttempts} was interrupted (the server stopped) and may have been sent; trying again with the same idempotency key.`,
    );
  for (let attempt = interruptedAttempts + 1; attempt <= maxAttempts; attempt += 1) {
    await markStarted?.(attempt);
    // Lost or cancelled while the row was written: this attempt must not act.
    if (signal.aborted) throw signal.reason;
    // The attempt stops at its timeout or with the execution. Most steps (set, if, respond…) end
    // in microseconds and never read their signal: its AbortController is made only when read.
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
    // Expressions that need the VM share one allowance over all items of this attempt, and stop
    // with the step, so a slow expression on many items fails the step instead of running on.
    let budget: ExpressionBudget | undefined | null = null;
    const expressionOptions = {
      get budget() {
        if (budget === null) budget = deps.expressions.stepBudget?.(execution.id);
        return budget;
      },
      get signal() {
        return stepSignal();
      },
    };
    try {
      const running = definition.run({
        accountId: execution.accountId,
        flowId: execution.flowId,
        executionId: execution.id,
        idempotencyKey: `${execution.id}:${node.id}:${runIndex}`,
        node,
        runIndex,
        items,
        inputs,
        params: async (i = 0) => {
          const session = deps.expressions.expressionSession(scope(items, i), expressionOptions);
          try {
            return (await session.resolveDeep(params)) as Record<string, unknown>;
          } finally {
            session.dispose();
          }
        },
        evaluate: async (template, i = 0) => {
          const session = deps.expressions.expressionSession(scope(items, i), expressionOptions);
          try {
            return await session.evaluate(template);
          } finally {
            session.dispose();
          }
        },
        log,
        get signal() {
          return stepSignal();
        },
        previousRuns,
        services,
      });
      const result = await new Promise<StepResult>((resolve, reject) => {
        stop = reject;
        if (stopped) reject(stopped.reason);
        running.then(resolve, reject);
      });
      return { result, attempts: attempt };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      lastError = errorText(error);
      if (attempt < maxAttempts) {
        const delay = Math.min(settings.retryDelayMs * 2 ** (attempt - 1), 5 * 60_000);
        log('warn', `Attempt ${attempt} failed: ${lastError}. Retrying in ${formatDuration(delay)}.`);
        await sleep(delay, signal);
      }
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onOuter);
    }
  }
  throw new StepFailed(lastError, maxAttempts);
}
