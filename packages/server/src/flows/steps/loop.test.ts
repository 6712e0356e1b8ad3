import type { Item } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { loopStep } from './loop';
import type { PreviousRun } from './step';
import { testContext } from './test-context';

/** Runs the loop as the engine would: each batch goes through a body and comes back as the next input. */
async function simulate(
  list: Item[],
  batchSize: number,
  body: (batch: Item[]) => Item[],
  previous: PreviousRun[] = [],
) {
  const runs = [...previous];
  const batches: Item[][] = [];
  let input = list;
  for (let guard = 0; guard < 100; guard++) {
    const result = await loopStep.run(
      testContext({ type: 'loop', params: { batchSize }, items: input, previousRuns: runs }),
    );
    if (!('outputs' in result)) throw new Error('expected outputs');
    runs.push({ input: { main: input }, output: result.outputs });
    if (result.outputs.done) return { batches, done: result.outputs.done, runs };
    const batch = result.outputs.loop ?? [];
    batches.push(batch);
    input = body(batch);
  }
  throw new Error('the loop never finished');
}

const five = [1, 2, 3, 4, 5].map((n) => ({ n }));

describe('loop step', () => {
  it('sends 5 items in batches of 2, then every returned item on done', async () => {
    const { batches, done, runs } = await simulate(five, 2, (batch) => batch.map((item) => ({ ...item, seen: true })));
    expect(batches).toEqual([[{ n: 1 }, { n: 2 }], [{ n: 3 }, { n: 4 }], [{ n: 5 }]]);
    expect(done).toEqual(five.map((item) => ({ ...item, seen: true })));
    expect(runs).toHaveLength(4);
  });

  it('passes on what the body returns, even when it returns more or fewer items', async () => {
    const { done } = await simulate(five, 2, (batch) =>
      batch.flatMap((item) => (Number(item.n) % 2 ? [item, item] : [])),
    );
    expect(done.map((item) => item.n)).toEqual([1, 1, 3, 3, 5, 5]);
  });

  it('starts a new round after done (a loop inside another loop)', async () => {
    const first = await simulate(five, 3, (batch) => batch);
    const second = await simulate([{ n: 'x' }, { n: 'y' }], 3, (batch) => batch, first.runs);
    expect(second.batches).toEqual([[{ n: 'x' }, { n: 'y' }]]);
    expect(second.done).toEqual([{ n: 'x' }, { n: 'y' }]);
  });

  it('goes straight to done with nothing to loop over', async () => {
    const result = await loopStep.run(testContext({ type: 'loop', params: { batchSize: 2 }, items: [] }));
    expect(result).toEqual({ outputs: { done: [] } });
  });

  it('refuses a batch size below 1', async () => {
    await expect(loopStep.run(testContext({ type: 'loop', params: { batchSize: 0 }, items: five }))).rejects.toThrow(
      'Batch size must be at least 1',
    );
  });
});
