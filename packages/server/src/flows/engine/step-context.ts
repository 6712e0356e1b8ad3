import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import { effectiveSettings, paramsWithDefaults } from '@flowmind/shared/flow-steps';
import type { FlowNode, Item, StepLog } from '@flowmind/shared/flows';
import type { PreviousRun, StepContext, StepServices } from '../steps/step';
import type { Outputs } from './edges';
import type { ExecutionRow } from './execution.repository';
import type { ExpressionBudget, ExpressionEngine } from './runner';

/**
 * A node's params with their defaults and its effective settings, worked out once per node
 * object: published graphs are cached and never changed, so a busy flow reuses them on every run.
 * Nothing changes them (expressions resolve into new values).
 */
const nodeCache = new WeakMap<
  FlowNode,
  { params: Record<string, unknown>; settings: ReturnType<typeof effectiveSettings> }
>();
export function compiled(node: FlowNode) {
  let entry = nodeCache.get(node);
  if (!entry) {
    entry = { params: paramsWithDefaults(node), settings: effectiveSettings(node) };
    nodeCache.set(node, entry);
  }
  return entry;
}

/** What an expression of this execution sees for input item `i`. */
export type ScopeOf = (items: Item[], i: number) => ExpressionScope;

export function executionScope({
  execution,
  flowName,
  byName,
  trigger,
}: {
  execution: ExecutionRow;
  flowName: string;
  /** Each step's latest items by its name (`$node`), filled in as the walk goes. */
  byName: ExpressionScope['$node'];
  trigger: ExpressionScope['$trigger'];
}): ScopeOf {
  return (items, i) => ({
    $json: items[i] ?? {},
    $index: i,
    $items: items,
    $node: byName,
    $trigger: trigger,
    $execution: { id: execution.id, mode: execution.mode },
    $flow: { id: execution.flowId, name: flowName },
    $now: new Date().toISOString(),
  });
}

/** What one attempt of a step is given to run with. */
export function stepContext({
  expressions,
  execution,
  node,
  runIndex,
  inputs,
  scope,
  log,
  previousRuns,
  services,
  stepSignal,
}: {
  expressions: ExpressionEngine;
  execution: ExecutionRow;
  node: FlowNode;
  runIndex: number;
  inputs: Outputs;
  scope: ScopeOf;
  log: (level: StepLog['level'], message: string) => void;
  previousRuns: PreviousRun[];
  services: StepServices;
  stepSignal: () => AbortSignal;
}): StepContext {
  const items = inputs.main ?? [];
  const { params } = compiled(node);
  // Expressions that need the VM share one allowance over all items of this attempt, and stop
  // with the step, so a slow expression on many items fails the step instead of running on.
  let budget: ExpressionBudget | undefined | null = null;
  const expressionOptions = {
    get budget() {
      if (budget === null) budget = expressions.stepBudget?.(execution.id);
      return budget;
    },
    get signal() {
      return stepSignal();
    },
  };
  return {
    accountId: execution.accountId,
    flowId: execution.flowId,
    executionId: execution.id,
    idempotencyKey: `${execution.id}:${node.id}:${runIndex}`,
    node,
    runIndex,
    items,
    inputs,
    params: async (i = 0) => {
      const session = expressions.expressionSession(scope(items, i), expressionOptions);
      try {
        return (await session.resolveDeep(params)) as Record<string, unknown>;
      } finally {
        session.dispose();
      }
    },
    evaluate: async (template, i = 0) => {
      const session = expressions.expressionSession(scope(items, i), expressionOptions);
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
  };
}
