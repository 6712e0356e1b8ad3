import type { Field, RecordValues, TableRecord } from '@flowmind/shared/tables';
import { isComputed } from '../fields/field-types';
import type { CellChange } from '../records/use-record-writer';

export type CellRange = { top: number; bottom: number; left: number; right: number };

/**
 * The writes of "Fill down" over a range, the way spreadsheets do it: the top cell of each column is copied into
 * the cells below it; a range of one row copies from the row above. Computed fields are skipped (links and files copy as they are),
 * and so are cells that already hold the value (the undo step then only holds real changes).
 */
export function fillDownChanges(
  range: CellRange,
  fields: Field[],
  recordAt: (row: number) => TableRecord | undefined,
): CellChange[] {
  const sourceRow = range.top === range.bottom ? range.top - 1 : range.top;
  const firstTarget = range.top === range.bottom ? range.top : range.top + 1;
  const source = sourceRow >= 0 ? recordAt(sourceRow) : undefined;
  if (!source) return [];
  const writable = fields.slice(range.left, range.right + 1).filter((field) => !isComputed(field));
  const changes: CellChange[] = [];
  for (let row = firstTarget; row <= range.bottom; row++) {
    const record = recordAt(row);
    if (!record) continue;
    const values: RecordValues = {};
    for (const field of writable) {
      const value = source.values[field.id] ?? null;
      if (JSON.stringify(record.values[field.id] ?? null) !== JSON.stringify(value)) values[field.id] = value;
    }
    if (Object.keys(values).length) changes.push({ id: record.id, values });
  }
  return changes;
}
