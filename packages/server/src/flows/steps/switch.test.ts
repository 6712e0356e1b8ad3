import { nodeOutputs } from '@flowmind/shared/flow-steps';
import type { Item } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { switchStep } from './switch';
import { testContext } from './test-context';
import { jsonTemplates } from './test-evaluate';

const cases = [
  { name: 'Urgent', conditions: [{ left: '{{ $json.priority }}', operator: 'equals', right: 'high' }] },
  { name: 'Big', conditions: [{ left: '{{ $json.total }}', operator: 'gt', right: 1000 }] },
];
const items: Item[] = [
  { id: 1, priority: 'high', total: 5000 },
  { id: 2, priority: 'low', total: 5000 },
  { id: 3, priority: 'low', total: 10 },
];

const run = (params: Record<string, unknown>) =>
  switchStep.run(testContext({ type: 'switch', params, items, evaluate: jsonTemplates }));

describe('switch step', () => {
  it('sends each item to the first matching case, else to fallback, on the handles the catalogue names', async () => {
    const result = await run({ cases });
    expect(result).toEqual({ outputs: { 'case-0': [items[0]], 'case-1': [items[1]], fallback: [items[2]] } });
    if (!('outputs' in result)) throw new Error('expected outputs');
    const handles = nodeOutputs({ type: 'switch', params: { cases }, settings: {} });
    for (const handle of Object.keys(result.outputs)) expect(handles).toContain(handle);
  });

  it('sends to every matching case when asked', async () => {
    expect(await run({ cases, allMatches: true })).toEqual({
      outputs: { 'case-0': [items[0]], 'case-1': [items[0], items[1]], fallback: [items[2]] },
    });
  });

  it('with no cases, everything falls back; a bad case is named', async () => {
    expect(await run({ cases: [] })).toEqual({ outputs: { fallback: items } });
    await expect(run({ cases: [{ name: 'Odd', conditions: [{ left: 1, operator: 'about' }] }] })).rejects.toThrow(
      'Case "Odd": condition 1 has an unknown operator "about"',
    );
  });
});
