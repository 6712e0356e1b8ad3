import type { Item } from '@flowmind/shared/flows';
import { readNumber } from './params';
import type { PreviousRun, StepDefinition } from './step';

/**
 * Batches out of `loop`, one per run: the first run of a round takes its input as the whole list;
 * each later run gets a batch's items back from the loop body (its input, which the engine keeps
 * in `previousRuns`) and sends the next batch, or, when every batch went out, all items that came
 * back on `done`. A round ends with the run that said `done` (or sent nothing to loop over), so a
 * loop inside another loop starts over with its next input.
 */
export function roundStart(previousRuns: PreviousRun[]): number {
  let start = 0;
  previousRuns.forEach((run, index) => {
    const ended = 'done' in run.output || (run.output.loop ?? []).length === 0;
    if (ended) start = index + 1;
  });
  return start;
}

function batchesOf(items: Item[], size: number): Item[][] {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

const copies = (items: Item[]) => items.map((item) => ({ ...item }));

export const loopStep: StepDefinition = {
  type: 'loop',
  sideEffects: false,
  async run(ctx) {
    const batchSize = readNumber((await ctx.params(0)).batchSize, 'Batch size', { min: 1, integer: true });
    const start = roundStart(ctx.previousRuns);
    const round = ctx.previousRuns.slice(start);
    const first = round[0];
    if (!first) {
      const [batch] = batchesOf(ctx.items, batchSize);
      const outputs: Record<string, Item[]> = batch ? { loop: copies(batch) } : { done: [] };
      return { outputs };
    }
    const batches = batchesOf(first.input.main ?? [], batchSize);
    // Runs of this round so far: each sent one batch, the first included.
    const sent = round.length;
    const next = batches[sent];
    if (next) return { outputs: { loop: copies(next) } };
    const returned = [...round.slice(1).flatMap((run) => run.input.main ?? []), ...ctx.items];
    return { outputs: { done: copies(returned) } };
  },
};
