import type { ExpressionScope, NodeScope } from '@flowmind/shared/expression-scope';
import { isTrigger } from '@flowmind/shared/flow-steps';
import type { ExecutionDetail, ExecutionStep, FlowGraph, Item } from '@flowmind/shared/flows';

/**
 * The scope an expression of one step sees (the server's own type), built from an execution's saved
 * data, so the editor can suggest the fields seen in the last run. Steps that never ran are absent;
 * nothing is invented.
 */
export type ExpressionSample = ExpressionScope;

/** The items a step gave: its `main` output, else the first handle that has items. */
export function stepOutputItems(step: Pick<ExecutionStep, 'output'>, handle?: string): Item[] {
  const output = step.output ?? {};
  if (handle !== undefined) return output[handle] ?? [];
  if (output.main?.length) return output.main;
  return Object.values(output).find((items) => items.length > 0) ?? output.main ?? [];
}

/** The items a step took: its `main` input, else the first handle that has items. */
export function stepInputItems(step: Pick<ExecutionStep, 'input'>): Item[] {
  if (step.input.main?.length) return step.input.main;
  return Object.values(step.input).find((items) => items.length > 0) ?? [];
}

/** The latest run of a node among the steps (loops run a step more than once). */
function lastRun(steps: readonly ExecutionStep[], nodeId: string): ExecutionStep | undefined {
  let found: ExecutionStep | undefined;
  for (const step of steps) if (step.nodeId === nodeId) found = step;
  return found;
}

export function expressionSample(
  graph: FlowGraph,
  execution: ExecutionDetail | null | undefined,
  nodeId: string,
  now: Date = new Date(),
): ExpressionSample {
  const empty: ExpressionSample = {
    $json: {},
    $index: 0,
    $items: [],
    $node: {},
    $trigger: { json: {}, items: [] },
    $execution: { id: '', mode: '' },
    $flow: { id: '', name: '' },
    $now: now.toISOString(),
  };
  if (!execution) return empty;
  const steps = execution.steps;
  const ownIndex = steps.findIndex((step) => step.nodeId === nodeId);
  // Steps that ran before this one; all of them when this step did not run in the execution.
  const before = ownIndex === -1 ? steps.filter((step) => step.nodeId !== nodeId) : steps.slice(0, ownIndex);

  const $node: Record<string, NodeScope> = {};
  for (const step of before) {
    const items = stepOutputItems(step);
    // The name in the graph wins: expressions refer to the step by its current name.
    const name = graph.nodes.find((node) => node.id === step.nodeId)?.name ?? step.nodeName;
    $node[name] = { json: items[0] ?? {}, items };
  }

  // As the server has it: the trigger step's output, else the payload the execution was started with.
  const triggerStep = steps.find((step) => isTrigger(step.nodeType));
  const triggerItems = triggerStep ? stepOutputItems(triggerStep) : execution.trigger ? [execution.trigger] : [];
  const $items = inputItems(graph, steps, nodeId);

  return {
    ...empty,
    $json: $items[0] ?? {},
    $items,
    $node,
    $trigger: { json: triggerItems[0] ?? {}, items: triggerItems },
    $execution: { id: execution.id, mode: execution.mode },
    $flow: { id: execution.flowId, name: '' },
  };
}

function inputItems(graph: FlowGraph, steps: readonly ExecutionStep[], nodeId: string): Item[] {
  const own = steps.find((step) => step.nodeId === nodeId);
  const ownItems = own ? stepInputItems(own) : [];
  if (ownItems.length > 0) return ownItems;
  // The step did not run (or got nothing): what its upstream steps sent towards it.
  for (const edge of graph.edges) {
    if (edge.target !== nodeId) continue;
    const source = lastRun(steps, edge.source);
    const items = source ? stepOutputItems(source, edge.sourceHandle) : [];
    if (items.length > 0) return items;
  }
  return [];
}
