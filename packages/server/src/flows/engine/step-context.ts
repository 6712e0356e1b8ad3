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

/** Expression options whose budget and signal are made when first read (most steps read neither). */
class LazyExpressionOptions {
  #budget: ExpressionBudget | undefined | null = null;
  constructor(
    private readonly expressions: ExpressionEngine,
    private readonly executionId: string,
    private readonly stepSignal: () => AbortSignal,
  ) {}
  get budget() {
    if (this.#budget === null) this.#budget = this.expressions.stepBudget?.(this.executionId);
    return this.#budget;
  }
  get signal() {
    return this.stepSignal();
  }
}

/**
 * What one attempt of a step is given to run with. A class, not an object literal: a literal with
 * getters defines them through the runtime each time it is made (a few µs per step run).
 */
type AttemptParts = {
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
};

class AttemptContext implements StepContext {
  readonly accountId: string;
  readonly flowId: string;
  readonly executionId: string;
  readonly idempotencyKey: string;
  readonly node: FlowNode;
  readonly runIndex: number;
  readonly items: Item[];
  readonly inputs: Outputs;
  readonly log: AttemptParts['log'];
  readonly previousRuns: PreviousRun[];
  readonly services: StepServices;
  private readonly expressions: ExpressionEngine;
  private readonly scope: ScopeOf;
  private readonly stepSignal: () => AbortSignal;
  readonly #params: Record<string, unknown>;
  // Expressions that need the VM share one allowance over all items of this attempt, and stop
  // with the step, so a slow expression on many items fails the step instead of running on.
  readonly #expressionOptions: LazyExpressionOptions;

  constructor(parts: AttemptParts) {
    const { execution, node, runIndex, inputs } = parts;
    this.accountId = execution.accountId;
    this.flowId = execution.flowId;
    this.executionId = execution.id;
    this.idempotencyKey = `${execution.id}:${node.id}:${runIndex}`;
    this.node = node;
    this.runIndex = runIndex;
    this.items = inputs.main ?? [];
    this.inputs = inputs;
    this.log = parts.log;
    this.previousRuns = parts.previousRuns;
    this.services = parts.services;
    this.expressions = parts.expressions;
    this.scope = parts.scope;
    this.stepSignal = parts.stepSignal;
    this.#params = compiled(node).params;
    this.#expressionOptions = new LazyExpressionOptions(parts.expressions, execution.id, parts.stepSignal);
  }

  get signal() {
    return this.stepSignal();
  }

  async params(i = 0) {
    const session = this.expressions.expressionSession(this.scope(this.items, i), this.#expressionOptions);
    try {
      return (await session.resolveDeep(this.#params)) as Record<string, unknown>;
    } finally {
      session.dispose();
    }
  }

  async evaluate(template: unknown, i = 0) {
    const session = this.expressions.expressionSession(this.scope(this.items, i), this.#expressionOptions);
    try {
      return await session.evaluate(template);
    } finally {
      session.dispose();
    }
  }
}

/** What one attempt of a step is given to run with. */
export function stepContext(parts: AttemptParts): StepContext {
  return new AttemptContext(parts);
}
