import type { Item } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { ifStep } from './if';
import { testContext } from './test-context';
import { jsonTemplates } from './test-evaluate';

const run = (params: Record<string, unknown>, items: Item[]) =>
  ifStep.run(testContext({ type: 'if', params, items, evaluate: jsonTemplates }));

const items = [
  { name: 'a', total: 150, country: 'DE' },
  { name: 'b', total: 50, country: 'DE' },
  { name: 'c', total: '300', country: 'FR' },
];
const big = { left: '{{ $json.total }}', operator: 'gte', right: 100 };
const german = { left: '{{ $json.country }}', operator: 'equals', right: 'DE' };

describe('if step', () => {
  it('checks each item on its own and sends it down true or false', async () => {
    expect(await run({ conditions: [big, german] }, items)).toEqual({
      outputs: { true: [items[0]], false: [items[1], items[2]] },
    });
    expect(await run({ conditions: [big, german], combine: 'or' }, items)).toEqual({
      outputs: { true: items },
    });
  });

  it('sends nothing on a branch without items, and copies the items it sends', async () => {
    const result = await run({ conditions: [{ left: '{{ $json.total }}', operator: 'lt', right: 0 }] }, items);
    expect(result).toEqual({ outputs: { false: items } });
    if (!('outputs' in result)) throw new Error('expected outputs');
    expect(result.outputs.false?.[0]).not.toBe(items[0]);
  });

  it('fails in words on a bad condition', async () => {
    await expect(run({ conditions: [{ left: 'x', operator: 'matches', right: '[' }] }, items)).rejects.toThrow(
      /"\[" is not a valid regular expression/,
    );
  });
});
