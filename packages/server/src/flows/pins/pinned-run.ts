import { PINNED_STEP_LOG, type StepOutput } from '@flowmind/shared/flow-test-data';
import type { ExecutionRow } from '../engine/execution.repository';
import { indexGraph } from '../engine/graph';
import type { FlowRuntime } from '../engine/runtime';

type StartInput = Parameters<FlowRuntime['start']>[0];

/**
 * Starts a run from the editor in which pinned steps do not run. Their pinned output is saved as
 * the step's finished run before a worker can take the execution, and the walk replays a finished
 * step from its saved output, as it does when resuming. (A pinned step inside a loop gives its pin
 * on its first run only.)
 */
export async function startWithPins({
  runtime,
  input,
  pinned,
}: {
  runtime: FlowRuntime;
  input: StartInput;
  pinned: Map<string, StepOutput>;
}): Promise<ExecutionRow> {
  const trigger = input.graph.nodes.find((n) => n.type.startsWith('trigger.'));
  const steps = input.graph.nodes.filter((n) => pinned.has(n.id) && n.id !== trigger?.id);
  if (steps.length === 0) return runtime.start(input);
  const row = await runtime.repo.create(input);
  const now = new Date();
  for (const node of steps)
    await runtime.repo.saveStep({
      executionId: row.id,
      accountId: row.accountId,
      nodeId: node.id,
      nodeName: node.name,
      nodeType: node.type,
      runIndex: 0,
      status: 'succeeded',
      input: {},
      output: pinned.get(node.id) as StepOutput,
      logs: [{ level: 'info', message: PINNED_STEP_LOG, at: now.toISOString() }],
      error: null,
      attempts: 1,
      startedAt: now,
      finishedAt: now,
    });
  if (input.seedExecutionId) {
    // As a plain start does: steps before the tested one keep the seed's results (pins stay).
    const rerun = input.startNodeId ? indexGraph(input.graph).downstream(input.startNodeId) : new Set<string>();
    const keep = input.graph.nodes.map((n) => n.id).filter((id) => !rerun.has(id) && !pinned.has(id));
    await runtime.repo.copySteps(input.seedExecutionId, row.id, keep);
  }
  runtime.changed(row);
  await runtime.enqueue(row.id);
  return row;
}
