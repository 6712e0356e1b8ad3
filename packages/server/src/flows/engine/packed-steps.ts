import type { Item } from '@flowmind/shared/flows';
import type { SaveStep } from './execution.repository';
import { storedErrorText } from './stored-text';

/**
 * Where items were first written in a packed run: the execution's trigger, or one handle of a
 * step's input or output (its place in the packed array). The `execution_step_items` function of
 * migration 0018 reads it back.
 */
type ItemsRef = { trigger: true } | { step: number; side: 'input' | 'output'; handle: string };

/** A step run as packed into its execution's row (`executions.steps`). */
export type PackedStep = Omit<
  SaveStep,
  'executionId' | 'accountId' | 'input' | 'output' | 'startedAt' | 'finishedAt'
> & {
  id: string;
  /** Milliseconds since 1970 (a Date would take JSON.stringify off its fast path). */
  startedAt: number;
  finishedAt: number | null;
  input: Record<string, Item[] | ItemsRef>;
  output: Record<string, Item[] | ItemsRef> | null;
};

/**
 * A run's steps as packed into its row, its items written once. The same items pass from place to
 * place unchanged (the trigger's items are the trigger step's output and the next step's input; a
 * step's output is the next one's input; a Respond step's output is its input): the same array,
 * which is written where it first appears and referred to after. Items that are equal but not the
 * same array are written again (nothing is compared, so nothing is costly).
 */
export function packSteps(trigger: unknown, runs: { id: string; step: SaveStep }[]): PackedStep[] {
  const first = new Map<unknown, ItemsRef>();
  if (Array.isArray(trigger) && trigger.length > 0) first.set(trigger, { trigger: true });
  const share = (outputs: Record<string, Item[]>, step: number, side: 'input' | 'output') => {
    let shared: Record<string, Item[] | ItemsRef> | null = null;
    for (const [handle, items] of Object.entries(outputs)) {
      const ref = first.get(items);
      if (ref) {
        shared ??= { ...outputs };
        shared[handle] = ref;
      } else if (Array.isArray(items) && items.length > 0) first.set(items, { step, side, handle });
    }
    return shared ?? outputs;
  };
  // Each field named (no rest or spread): this runs for every saved step of every quick run.
  return runs.map(({ id, step }, index) => ({
    id,
    nodeId: step.nodeId,
    nodeName: step.nodeName,
    nodeType: step.nodeType,
    runIndex: step.runIndex,
    status: step.status,
    input: share(step.input, index, 'input'),
    output: step.output === null ? null : share(step.output, index, 'output'),
    logs: step.logs,
    error: step.error === null ? null : storedErrorText(step.error),
    attempts: step.attempts,
    startedAt: step.startedAt.getTime(),
    finishedAt: step.finishedAt ? step.finishedAt.getTime() : null,
  }));
}
