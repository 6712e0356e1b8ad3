import type { Item } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { testContext } from './test-context';
import { jsonTemplates } from './test-evaluate';
import { transformStep } from './transform';

async function run(params: Record<string, unknown>, items: Item[]) {
  const result = await transformStep.run(testContext({ type: 'transform', params, items, evaluate: jsonTemplates }));
  if (!('outputs' in result)) throw new Error('expected outputs');
  return result.outputs.main ?? [];
}

describe('transform step', () => {
  it('sorts numbers as numbers (also when written as text), with missing values last both ways', async () => {
    const items = [{ n: '10' }, { n: 9 }, {}, { n: null }, { n: 1.5 }, { n: '' }, { n: -2 }];
    const asc = await run({ operation: 'sort', field: 'n' }, items);
    expect(asc.map((i) => i.n)).toEqual([-2, 1.5, 9, '10', undefined, null, '']);
    const desc = await run({ operation: 'sort', field: 'n', direction: 'desc' }, items);
    expect(desc.map((i) => i.n)).toEqual(['10', 9, 1.5, -2, undefined, null, '']);
  });

  it('sorts ISO dates as times and text in natural order, by a nested field, stable on ties', async () => {
    const dates = await run({ operation: 'sort', field: 'at' }, [
      { at: '2026-03-01T00:00:00+05:00' },
      { at: '2026-02-28T20:00:00Z' },
      { at: '2026-01-15' },
    ]);
    expect(dates.map((i) => i.at)).toEqual(['2026-01-15', '2026-03-01T00:00:00+05:00', '2026-02-28T20:00:00Z']);
    const names = await run({ operation: 'sort', field: 'user.name' }, [
      { user: { name: 'bob' }, k: 1 },
      { user: { name: 'Alice' } },
      { user: { name: 'bob' }, k: 2 },
    ]);
    expect(names).toEqual([
      { user: { name: 'Alice' } },
      { user: { name: 'bob' }, k: 1 },
      { user: { name: 'bob' }, k: 2 },
    ]);
  });

  it('keeps the first N', async () => {
    const items = [{ a: 1 }, { a: 2 }, { a: 3 }];
    expect(await run({ operation: 'limit', limit: 2 }, items)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(await run({ operation: 'limit', limit: '0' }, items)).toEqual([]);
    await expect(run({ operation: 'limit', limit: -1 }, items)).rejects.toThrow('Keep the first must be at least 0');
  });

  it('drops duplicates by a field or by the whole item (key order does not matter)', async () => {
    const items = [
      { email: 'a@x', n: 1 },
      { email: 'b@x', n: 2 },
      { email: 'a@x', n: 3 },
      { n: 1, email: 'a@x' },
    ];
    expect(await run({ operation: 'dedupe', field: 'email' }, items)).toEqual([
      { email: 'a@x', n: 1 },
      { email: 'b@x', n: 2 },
    ]);
    expect(await run({ operation: 'dedupe' }, items)).toEqual(items.slice(0, 3));
  });

  it('splits a list out into items: objects spread, other values under the field name', async () => {
    const items = [{ order: { lines: [{ sku: 'a' }, { sku: 'b' }] } }, { order: { lines: ['c', 3] } }, { order: {} }];
    expect(await run({ operation: 'split_out', field: 'order.lines' }, items)).toEqual([
      { sku: 'a' },
      { sku: 'b' },
      { lines: 'c' },
      { lines: 3 },
    ]);
    await expect(run({ operation: 'split_out', field: 'tags' }, [{ tags: 'x' }])).rejects.toThrow(
      'Split out: "tags" of item 1 is not a list',
    );
    await expect(run({ operation: 'split_out' }, [{}])).rejects.toThrow('Field is required');
  });

  it('aggregates a field of every item into one item', async () => {
    expect(
      await run({ operation: 'aggregate', field: 'email' }, [{ email: 'a' }, {}, { email: null }, { email: 'b' }]),
    ).toEqual([{ email: ['a', null, 'b'] }]);
  });

  it('keeps the items matching conditions, each resolved for its own item', async () => {
    const items = [{ total: 5 }, { total: '20' }, { total: 12 }];
    const kept = await run(
      { operation: 'filter', conditions: [{ left: '{{ $json.total }}', operator: 'gt', right: '10' }] },
      items,
    );
    expect(kept).toEqual([{ total: '20' }, { total: 12 }]);
  });

  it('never changes its input items', async () => {
    const items = [
      { list: [{ a: 1 }], n: 2 },
      { list: [{ a: 2 }], n: 1 },
    ];
    const before = structuredClone(items);
    const sorted = await run({ operation: 'sort', field: 'n' }, items);
    (sorted[0] as Item).n = 99;
    await run({ operation: 'split_out', field: 'list' }, items);
    expect(items).toEqual(before);
  });
});
