import type { Field, FieldType } from '@flowmind/shared/tables';

/**
 * Row layout of the grid: which virtual row (what the scroll position shows) holds which record offset (its
 * position in the view's result, what windows are fetched by). Without a group-by the two are the same; grouped,
 * a header row opens each group and a collapsed group shows only its header. Everything is computed from the
 * group counts alone, so a million records cost no more than the number of groups.
 */

/** Types a grid groups by: their values are few and sort meaningfully (the server groups by the sort key). */
export const GROUPABLE_TYPES: readonly FieldType[] = [
  'single_select',
  'checkbox',
  'text',
  'email',
  'url',
  'phone',
  'number',
  'currency',
  'percent',
  'rating',
  'date',
  'date_time',
];
export const isGroupable = (field: Field) => GROUPABLE_TYPES.includes(field.type);

export type GroupCount = { value: unknown; count: number };

export type RowGroup = {
  /** Stable across refreshes (collapse state is kept by it). */
  key: string;
  value: unknown;
  count: number;
  /** Offset of the group's first record. */
  start: number;
  /** The records past the last group the server lists (it lists RECORD_GROUP_LIMIT at most). */
  more: boolean;
};

export type GridRow = { kind: 'header'; group: RowGroup; collapsed: boolean } | { kind: 'record'; offset: number };

export type RowLayout = {
  /** Virtual rows: records shown plus group headers. */
  rowCount: number;
  rowAt: (index: number) => GridRow;
  /** The virtual row of a record (its group's header when the group is collapsed). */
  indexOf: (offset: number) => number;
  isVisible: (offset: number) => boolean;
  /** `offset` if it shows, else the nearest record that does, looking in `direction` first; null if none shows. */
  nearestVisible: (offset: number, direction: 1 | -1) => number | null;
  /** The record `steps` shown records after `offset`; past the last one, offsets past the end (new records). */
  advance: (offset: number, steps: number) => number;
  /** The record offsets shown in the virtual rows [first, last], as contiguous spans. */
  spans: (first: number, last: number) => Array<[number, number]>;
};

export const groupKey = (value: unknown) => JSON.stringify(value ?? null);
const MORE_KEY = '__more__';

/** The groups in result order with their first offsets; records the server did not list go in a last group. */
export function toRowGroups(counts: GroupCount[], total: number | null): RowGroup[] {
  let start = 0;
  const groups = counts.map((group) => {
    const row = { key: groupKey(group.value), value: group.value ?? null, count: group.count, start, more: false };
    start += group.count;
    return row;
  });
  if (total !== null && total > start)
    groups.push({ key: MORE_KEY, value: null, count: total - start, start, more: true });
  return groups;
}

export function flatLayout(total: number): RowLayout {
  const last = Math.max(0, total - 1);
  return {
    rowCount: total,
    rowAt: (index) => ({ kind: 'record', offset: index }),
    indexOf: (offset) => offset,
    isVisible: (offset) => offset >= 0 && offset < total,
    nearestVisible: (offset) => (total === 0 ? null : Math.max(0, Math.min(last, offset))),
    advance: (offset, steps) => offset + steps,
    spans: (first, lastIndex) => (lastIndex >= first ? [[Math.max(0, first), lastIndex]] : []),
  };
}

/** Index of the last item whose `at(i)` is ≤ `target` (items sorted by it), or -1. */
function lastAtOrBefore(length: number, at: (i: number) => number, target: number): number {
  let low = 0;
  let high = length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (at(middle) <= target) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

export function groupedLayout(groups: RowGroup[], collapsed: ReadonlySet<string>): RowLayout {
  const headers: number[] = [];
  const shownBefore: number[] = [];
  const shown = groups.map((group) => (collapsed.has(group.key) ? 0 : group.count));
  let rowCount = 0;
  let shownTotal = 0;
  groups.forEach((_, i) => {
    headers.push(rowCount);
    shownBefore.push(shownTotal);
    rowCount += 1 + (shown[i] ?? 0);
    shownTotal += shown[i] ?? 0;
  });
  const recordCount = groups.reduce((sum, group) => sum + group.count, 0);
  const groupOfOffset = (offset: number) =>
    Math.max(
      0,
      lastAtOrBefore(groups.length, (i) => groups[i]?.start ?? 0, offset),
    );
  const isVisible = (offset: number) => {
    const i = groupOfOffset(offset);
    const group = groups[i];
    return group !== undefined && offset >= group.start && offset < group.start + (shown[i] ?? 0);
  };
  const ordinalToOffset = (ordinal: number) => {
    // The last group starting at or before the ordinal is an expanded one: a collapsed group shares its start
    // with the group after it.
    const i = lastAtOrBefore(groups.length, (g) => shownBefore[g] ?? 0, ordinal);
    const group = groups[i];
    return group ? group.start + ordinal - (shownBefore[i] ?? 0) : ordinal;
  };

  return {
    rowCount,
    rowAt: (index) => {
      const i = Math.max(
        0,
        lastAtOrBefore(groups.length, (g) => headers[g] ?? 0, index),
      );
      const group = groups[i] as RowGroup;
      const header = headers[i] ?? 0;
      if (index === header) return { kind: 'header', group, collapsed: collapsed.has(group.key) };
      return { kind: 'record', offset: group.start + index - header - 1 };
    },
    indexOf: (offset) => {
      const i = groupOfOffset(offset);
      const group = groups[i];
      if (!group) return offset;
      return (headers[i] ?? 0) + (shown[i] ? 1 + offset - group.start : 0);
    },
    isVisible,
    nearestVisible: (offset, direction) => {
      if (isVisible(offset)) return offset;
      const from = groupOfOffset(offset);
      const look = (step: 1 | -1) => {
        for (let i = from + step; i >= 0 && i < groups.length; i += step) {
          const group = groups[i] as RowGroup;
          if (shown[i]) return step === 1 ? group.start : group.start + group.count - 1;
        }
        return null;
      };
      return look(direction) ?? look(direction === 1 ? -1 : 1);
    },
    advance: (offset, steps) => {
      const i = groupOfOffset(offset);
      const ordinal = (shownBefore[i] ?? 0) + Math.max(0, offset - (groups[i]?.start ?? 0)) + steps;
      return ordinal >= shownTotal ? recordCount + ordinal - shownTotal : ordinalToOffset(ordinal);
    },
    spans: (first, last) => {
      const result: Array<[number, number]> = [];
      groups.forEach((group, i) => {
        const top = (headers[i] ?? 0) + 1;
        const bottom = top + (shown[i] ?? 0) - 1;
        const from = Math.max(first, top);
        const to = Math.min(last, bottom);
        if (from <= to) result.push([group.start + from - top, group.start + to - top]);
      });
      return result;
    },
  };
}
