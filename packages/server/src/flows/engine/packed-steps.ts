import type { Item } from '@flowmind/shared/flows';
import type { SaveStep } from './execution.repository';

/**
 * Where items were first written in a packed run: the execution's trigger, or one handle of a
 * step's input or output (its place in the packed array). The `execution_step_items` function of
 * migration 0018 reads it back.
 */
type ItemsRef = { trigger: true } | { step: number; side: 'input' | 'output'; handle: string };

/** A step run as packed into its execution's row (`executions.steps`). */
export type PackedStep = Omit<SaveStep, 'executionId' | 'accountId' | 'input' | 'output'> & {
  id: string;
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
export function packSteps(trigger: unknown, steps: (SaveStep & { id: string })[]): PackedStep[] {
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
  return steps.map(({ executionId: _execution, accountId: _account, input, output, ...step }, index) => ({
    ...step,
    input: share(input, index, 'input'),
    output: output === null ? null : share(output, index, 'output'),
  }));
}
