import type { Field, FieldOptions, TableRecord } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { fillDownChanges } from './fill-down';

const field = (id: string, options: FieldOptions): Field => ({
  id,
  tableId: 'tbl',
  name: id,
  type: options.type,
  options,
  position: 1,
  isPrimary: false,
  createdAt: '2026-01-01T00:00:00Z',
});
const record = (id: string, values: Record<string, unknown>): TableRecord => ({
  id,
  tableId: 'tbl',
  values,
  autonumber: 1,
  createdAt: '',
  createdBy: null,
  updatedAt: '',
  updatedBy: null,
});

const fields = [
  field('name', { type: 'text' }),
  field('qty', { type: 'number', precision: 0 }),
  field('calc', { type: 'formula', expression: '{qty} * 2' }),
  field('tags', { type: 'link', linkedTableId: 'tbl2', inverseFieldId: null }),
];
const rows = [
  record('r0', { name: 'a', qty: 1, calc: 2, tags: ['x'] }),
  record('r1', { name: 'b' }),
  record('r2', { name: 'a', qty: 1, tags: ['x'] }),
  record('r3', {}),
];
const at = (row: number) => rows[row];

describe('fillDownChanges', () => {
  it('copies the top cell of each column down, skipping computed fields and cells already equal', () => {
    expect(fillDownChanges({ top: 0, bottom: 3, left: 0, right: 3 }, fields, at)).toEqual([
      { id: 'r1', values: { name: 'a', qty: 1, tags: ['x'] } },
      { id: 'r3', values: { name: 'a', qty: 1, tags: ['x'] } },
    ]);
  });

  it('copies an empty top cell as empty', () => {
    expect(fillDownChanges({ top: 1, bottom: 2, left: 1, right: 1 }, fields, at)).toEqual([
      { id: 'r2', values: { qty: null } },
    ]);
  });

  it('fills a one-row range from the row above, and nothing above the first row', () => {
    expect(fillDownChanges({ top: 1, bottom: 1, left: 0, right: 1 }, fields, at)).toEqual([
      { id: 'r1', values: { name: 'a', qty: 1 } },
    ]);
    expect(fillDownChanges({ top: 0, bottom: 0, left: 0, right: 1 }, fields, at)).toEqual([]);
  });

  it('skips rows not loaded yet', () => {
    expect(fillDownChanges({ top: 0, bottom: 5, left: 0, right: 0 }, fields, at)).toEqual([
      { id: 'r1', values: { name: 'a' } },
      { id: 'r3', values: { name: 'a' } },
    ]);
  });
});
