import type { Item } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { mergeStep } from './merge';
import { testContext } from './test-context';

async function run(params: Record<string, unknown>, a: Item[], b: Item[]) {
  const result = await mergeStep.run(testContext({ type: 'merge', params, inputs: { a, b } }));
  if (!('outputs' in result)) throw new Error('expected outputs');
  return result.outputs.main ?? [];
}

const a = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Bob' },
  { id: 3, name: 'Cy' },
];
const b = [
  { userId: '2', plan: 'pro' },
  { userId: 1, plan: 'free' },
];

describe('merge step', () => {
  it('appends B after A', async () => {
    expect(await run({ mode: 'append' }, a, b)).toEqual([...a, ...b]);
  });

  it('combines by position, B over A, keeping the longer tail', async () => {
    expect(await run({ mode: 'by_position' }, a, [{ name: 'Ann', x: 1 }])).toEqual([
      { id: 1, name: 'Ann', x: 1 },
      a[1],
      a[2],
    ]);
    expect(await run({ mode: 'by_position' }, [{ k: 1 }], [{ m: 1 }, { m: 2 }])).toEqual([{ k: 1, m: 1 }, { m: 2 }]);
  });

  it('joins on matching fields (1 and "1" match), only items with a partner, every pair', async () => {
    expect(await run({ mode: 'by_key', keyA: 'id', keyB: 'userId' }, a, b)).toEqual([
      { id: 1, name: 'Ada', userId: 1, plan: 'free' },
      { id: 2, name: 'Bob', userId: '2', plan: 'pro' },
    ]);
    const twice = await run(
      { mode: 'by_key', keyA: 'id', keyB: 'userId' },
      [{ id: 1 }, { id: null }],
      [{ userId: 1, n: 1 }, { userId: 1, n: 2 }, { userId: null }],
    );
    expect(twice).toEqual([
      { id: 1, userId: 1, n: 1 },
      { id: 1, userId: 1, n: 2 },
    ]);
    await expect(run({ mode: 'by_key', keyA: 'id' }, a, b)).rejects.toThrow('Field in B is required');
  });

  it('waits for both and keeps A; copes with a branch that sent nothing', async () => {
    expect(await run({ mode: 'wait_both' }, a, b)).toEqual(a);
    const result = await mergeStep.run(testContext({ type: 'merge', params: { mode: 'append' }, inputs: { b } }));
    expect(result).toEqual({ outputs: { main: b } });
  });

  it('never changes its inputs', async () => {
    const left = [{ id: 1 }];
    const merged = await run({ mode: 'by_position' }, left, [{ id: 2 }]);
    (merged[0] as Item).id = 3;
    const appended = await run({ mode: 'append' }, left, []);
    (appended[0] as Item).id = 4;
    expect(left).toEqual([{ id: 1 }]);
  });
});
