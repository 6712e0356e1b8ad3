import { describe, expect, it } from 'vitest';
import { flatLayout, groupedLayout, groupKey, toRowGroups } from './grid-groups';

// Lead ×2, Won ×3, empty ×1: offsets 0–1, 2–4, 5.
const groups = toRowGroups(
  [
    { value: 'opt_lead', count: 2 },
    { value: 'opt_won', count: 3 },
    { value: null, count: 1 },
  ],
  6,
);
const rows = (layout: ReturnType<typeof groupedLayout>) =>
  Array.from({ length: layout.rowCount }, (_, i) => {
    const row = layout.rowAt(i);
    return row.kind === 'header' ? `#${String(row.group.value)}` : row.offset;
  });

describe('toRowGroups', () => {
  it('gives each group its first offset and puts unlisted records in a last group', () => {
    expect(groups.map((g) => [g.key, g.start, g.count])).toEqual([
      ['"opt_lead"', 0, 2],
      ['"opt_won"', 2, 3],
      ['null', 5, 1],
    ]);
    const capped = toRowGroups([{ value: 1, count: 4 }], 10);
    expect(capped.at(-1)).toMatchObject({ more: true, start: 4, count: 6 });
    expect(toRowGroups([{ value: 1, count: 4 }], null)).toHaveLength(1);
  });
});

describe('groupedLayout', () => {
  it('interleaves headers with record offsets', () => {
    const layout = groupedLayout(groups, new Set());
    expect(rows(layout)).toEqual(['#opt_lead', 0, 1, '#opt_won', 2, 3, 4, '#null', 5]);
    expect([0, 1, 2, 4, 5].map(layout.indexOf)).toEqual([1, 2, 4, 6, 8]);
    expect(layout.spans(0, 8)).toEqual([
      [0, 1],
      [2, 4],
      [5, 5],
    ]);
    expect(layout.spans(5, 7)).toEqual([[3, 4]]);
  });

  it('shows only the header of a collapsed group and skips its records', () => {
    const layout = groupedLayout(groups, new Set([groupKey('opt_won')]));
    expect(rows(layout)).toEqual(['#opt_lead', 0, 1, '#opt_won', '#null', 5]);
    expect(layout.indexOf(3)).toBe(3);
    expect(layout.indexOf(5)).toBe(5);
    expect(layout.isVisible(3)).toBe(false);
    expect(layout.isVisible(5)).toBe(true);
    // Arrow down from the last Lead lands on the empty group's record, arrow up comes back.
    expect(layout.nearestVisible(2, 1)).toBe(5);
    expect(layout.nearestVisible(4, -1)).toBe(1);
    // Paste walks shown records only; past the last one it makes new records.
    expect([0, 1, 2, 3].map((steps) => layout.advance(1, steps))).toEqual([1, 5, 6, 7]);
    // No record of the collapsed group is fetched, however many it holds.
    expect(layout.spans(0, 5)).toEqual([
      [0, 1],
      [5, 5],
    ]);
  });

  it('finds no record when every group is collapsed', () => {
    const layout = groupedLayout(groups, new Set(groups.map((g) => g.key)));
    expect(layout.rowCount).toBe(3);
    expect(layout.nearestVisible(0, 1)).toBeNull();
    expect(layout.spans(0, 2)).toEqual([]);
  });

  it('stays cheap for a million records', () => {
    const big = toRowGroups(
      Array.from({ length: 1000 }, (_, i) => ({ value: i, count: 1000 })),
      1_000_000,
    );
    const layout = groupedLayout(big, new Set([groupKey(0)]));
    expect(layout.rowCount).toBe(1000 + 999_000);
    const row = layout.rowAt(layout.indexOf(654_321));
    expect(row).toEqual({ kind: 'record', offset: 654_321 });
  });
});

describe('flatLayout', () => {
  it('maps rows to offsets one to one', () => {
    const layout = flatLayout(3);
    expect(layout.rowAt(2)).toEqual({ kind: 'record', offset: 2 });
    expect(layout.nearestVisible(7, 1)).toBe(2);
    expect(layout.spans(-60, 62)).toEqual([[0, 62]]);
  });
});
