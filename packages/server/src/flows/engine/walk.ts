import { nodeOutputs } from '@flowmind/shared/flow-steps';
import type { ExecutionError, FlowNode, Item, StepLog } from '@flowmind/shared/flows';
import type { PreviousRun, StepResult, WebhookResponse } from '../steps/step';
import { errorText, failedOutput, runAttempts, StepFailed } from './attempt';
import { deliver, hasWork, newDeliveries, nextTask, type Outputs, type Task } from './edges';
import type { ExecutionRow, SaveStep, StepRow } from './execution.repository';
import { indexGraph } from './graph';
import { Cancelled, LostClaim, type RunSignal } from './run-signal';
import type { RunStore } from './run-store';
import type { RunnerDeps, RunOutcome } from './runner';
import { compiled, executionScope, stepContext } from './step-context';
import { markStarted, stepSaves } from './step-saves';
import { storedErrorText } from './stored-text';

const MAX_LOGS = 1000;
const SHOW_RUNNING_AFTER_MS = 250;
const MAX_STEP_RUNS = 100_000;

type StepRunKey = Pick<
  SaveStep,
  'executionId' | 'accountId' | 'nodeId' | 'nodeName' | 'nodeType' | 'runIndex' | 'input' | 'startedAt'
>;

/**
 * A step run as it is saved, written out in one literal: `{ ...key, status, … }` (a spread, then
 * keys it lacks) missed V8's inline cache on every save and went through the runtime, about a
 * tenth of a webhook call's main-thread time.
 */
function stepRun(
  key: StepRunKey,
  state: Pick<SaveStep, 'status' | 'output' | 'logs' | 'error' | 'attempts' | 'finishedAt'>,
): SaveStep {
  return {
    executionId: key.executionId,
    accountId: key.accountId,
    nodeId: key.nodeId,
    nodeName: key.nodeName,
    nodeType: key.nodeType,
    runIndex: key.runIndex,
    status: state.status,
    input: key.input,
    output: state.output,
    logs: state.logs,
    error: state.error,
    attempts: state.attempts,
    startedAt: key.startedAt,
    finishedAt: state.finishedAt,
  };
}

export type WalkOutcome = Extract<RunOutcome, { kind: 'finished' | 'waiting' }>;

/** The first output handle with items, for `$node[...]` and for what a run "returns". */
function primaryItems(output: Outputs | null): Item[] {
  if (!output) return [];
  if (output.main && output.main.length > 0) return output.main;
  for (const items of Object.values(output)) if (items.length > 0) return items;
  return output.main ?? [];
}

/**
 * Runs an execution's steps from its trigger, in the order their items arrive. Every step run is
 * keyed by (node, n-th run), and one saved as finished is replayed from its saved output instead
 * of running again, so a resumed execution continues exactly where the last one stopped.
 */
export async function walk({
  deps,
  execution,
  flowName,
  signal,
  onRespond,
  fresh,
  store,
  changed,
}: {
  deps: RunnerDeps;
  execution: ExecutionRow;
  flowName: string;
  signal: RunSignal;
  onRespond: ((response: WebhookResponse) => void) | undefined;
  /** A run just created: nothing of it is saved yet. */
  fresh: boolean;
  store: RunStore;
  changed: () => void;
}): Promise<WalkOutcome> {
  const { repo } = deps;
  const { save, unawaited } = stepSaves(store);
  const graph = indexGraph(await repo.graphOf(execution));
  const saved = new Map<string, StepRow>();
  if (!fresh) for (const step of await repo.steps(execution.id)) saved.set(`${step.nodeId}:${step.runIndex}`, step);
  const triggerItems = (execution.trigger as Item[] | null) ?? [{}];
  const runs = new Map<string, PreviousRun[]>();
  const byName: Record<string, { json: Item; items: Item[] }> = {};
  const services = deps.services(execution);
  let responded = Boolean(execution.response);
  let lastItems: Item[] = [];
  let stepRuns = 0;

  const trigger = graph.trigger;
  if (!trigger) {
    return {
      kind: 'finished',
      status: 'failed',
      error: { nodeId: null, nodeName: null, message: 'The flow has no trigger' },
      items: [],
    };
  }

  const deliveries = newDeliveries();
  const remember = (node: FlowNode, inputs: Outputs, output: Outputs) => {
    runs.set(node.id, [...(runs.get(node.id) ?? []), { input: inputs, output }]);
    const items = primaryItems(output);
    byName[node.name] = { json: items[0] ?? {}, items };
    lastItems = items;
  };
  function finished(status: 'succeeded' | 'failed' | 'cancelled', error: ExecutionError | null): WalkOutcome {
    return { kind: 'finished', status, error, items: lastItems, pending: unawaited };
  }
  /** A step's output is known: later steps may see it, and its items go on (unless the run stops here). */
  const passOn = (node: FlowNode, inputs: Outputs, output: Outputs): WalkOutcome | null => {
    remember(node, inputs, output);
    if (execution.stopAfterNodeId === node.id) return finished('succeeded', null);
    deliver(graph, deliveries, node, output);
    return null;
  };

  // The trigger's items are its output: saved once, before anything else runs.
  const triggerOutput: Outputs = { main: triggerItems };
  if (!saved.has(`${trigger.id}:0`)) {
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
  const scope = executionScope({
    execution,
    flowName,
    byName,
    trigger: { json: triggerItems[0] ?? {}, items: triggerItems },
  });
  const stop = passOn(trigger, {}, triggerOutput);
  if (stop) return stop;

  while (hasWork(deliveries)) {
    if (signal.aborted) throw signal.reason;
    const { node, inputs } = nextTask(graph, deliveries) as Task;
    stepRuns += 1;
    if (stepRuns > MAX_STEP_RUNS)
      return finished('failed', {
        nodeId: node.id,
        nodeName: node.name,
        message: `The flow ran more than ${MAX_STEP_RUNS} steps; a loop probably never ends.`,
      });
    const runIndex = runs.get(node.id)?.length ?? 0;
    const previous = saved.get(`${node.id}:${runIndex}`);

    if (previous?.output && (previous.status === 'succeeded' || previous.status === 'failed')) {
      const stop = passOn(node, inputs, previous.output as Outputs);
      if (stop) return stop;
      continue;
    }

    const startedAt = previous?.status === 'waiting' ? previous.startedAt : new Date();
    const logs: StepLog[] = [];
    const base: StepRunKey = {
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
        stepRun(base, {
          status: 'succeeded',
          output,
          logs: (previous.logs as StepLog[]) ?? [],
          error: null,
          attempts: previous.attempts,
          finishedAt: new Date(),
        }),
        true,
      );
      changed();
      const stop = passOn(node, inputs, output);
      if (stop) return stop;
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
        .saveStep(
          stepRun(base, { status: 'running', output: null, logs: [], error: null, attempts: 1, finishedAt: null }),
        )
        .then(() => changed())
        .catch(() => {});
    }, SHOW_RUNNING_AFTER_MS);

    let result: StepResult;
    let attempts = 1;
    const log = (level: StepLog['level'], message: string) => {
      if (logs.length < MAX_LOGS) logs.push({ level, message, at: new Date().toISOString() });
    };
    try {
      if (node.disabled) {
        const handle = nodeOutputs(node)[0] ?? 'main';
        result = { outputs: { [handle]: Object.values(inputs).flat() } };
      } else {
        if (!definition) throw new StepFailed(`This step type (${node.type}) is not available on this server`, 1);
        const previousRuns = runs.get(node.id) ?? [];
        ({ result, attempts } = await runAttempts({
          settings,
          signal,
          log,
          interruptedAttempts: interrupted ? previous.attempts : 0,
          markStarted: effectful
            ? (attempt) =>
                markStarted(
                  store,
                  stepRun(base, {
                    status: 'started',
                    output: null,
                    logs: [...logs],
                    error: null,
                    attempts: attempt,
                    finishedAt: null,
                  }),
                  deps.owner,
                )
            : null,
          attempt: (_attempt, stepSignal) =>
            definition.run(
              stepContext({
                expressions: deps.expressions,
                execution,
                node,
                runIndex,
                inputs,
                scope,
                log,
                previousRuns,
                services,
                stepSignal,
              }),
            ),
        }));
      }
    } catch (error) {
      if (showRunning) clearTimeout(showRunning);
      if (error instanceof Cancelled || error instanceof LostClaim) {
        if (error instanceof Cancelled)
          await save(
            stepRun(base, {
              status: 'cancelled',
              output: null,
              logs,
              error: 'Cancelled',
              attempts,
              finishedAt: new Date(),
            }),
            true,
          );
        if (error instanceof Cancelled) return finished('cancelled', null);
        throw error;
      }
      const failure = error instanceof StepFailed ? error : new StepFailed(errorText(error), attempts);
      const output = failedOutput(settings.onError, inputs, storedErrorText(failure.message));
      await save(
        stepRun(base, {
          status: 'failed',
          output,
          logs,
          error: failure.message,
          attempts: failure.attempts,
          finishedAt: new Date(),
        }),
        !pure,
      );
      changed();
      if (!output) return finished('failed', { nodeId: node.id, nodeName: node.name, message: failure.message });
      const stop = passOn(node, inputs, output);
      if (stop) return stop;
      continue;
    }
    if (showRunning) clearTimeout(showRunning);

    if ('waitUntil' in result) {
      // Parked, it must outlive this call: a run held in memory is written now.
      await store.makeDurable();
      await Promise.all(unawaited);
      await store.waitStep(
        stepRun(base, { status: 'waiting', output: null, logs, error: null, attempts, finishedAt: null }),
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
    await save(
      stepRun(base, { status: 'succeeded', output, logs, error: null, attempts, finishedAt: new Date() }),
      !pure,
    );
    changed();
    const stop = passOn(node, inputs, output);
    if (stop) return stop;
  }
  return finished('succeeded', null);
}
