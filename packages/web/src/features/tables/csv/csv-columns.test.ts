import type { Field } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { buildColumns, freeName, mappingProblem, NEW_FIELD, newFieldOptions } from './csv-columns';

const field = (id: string, name: string, options: Field['options']): Field => ({
  id,
  tableId: 'tbl',
  name,
  type: options.type,
  options,
  position: 0,
  isPrimary: false,
  createdAt: '2026-01-01T00:00:00Z',
});

const rows = [
  ['Name', 'Total', 'Stage', ''],
  ['Ada', '1.25', 'Lead', 'x'],
  ['Bob', '2', 'Won', ''],
  ['Cy', '3', 'Lead'],
  ['Dee', '4', 'Lead'],
];

describe('buildColumns', () => {
  it('names columns by the header, infers types and maps onto fields of the same name', () => {
    const fields = [
      field('fld_total', 'total', { type: 'number', precision: 0 }),
      field('fld_f', 'Stage', { type: 'formula', expression: '1' }),
    ];
    const columns = buildColumns(rows, true, fields);
    expect(columns.map((c) => [c.name, c.target, c.type])).toEqual([
      ['Name', NEW_FIELD, 'text'],
      ['Total', 'fld_total', 'number'],
      // A computed field of the same name cannot take values, so the column becomes a new field.
      ['Stage', NEW_FIELD, 'single_select'],
      // A headless column of "x" marks reads as a checkbox.
      ['Column 4', NEW_FIELD, 'checkbox'],
    ]);
  });

  it('reads the first row as data when there is no header', () => {
    const columns = buildColumns(rows, false, []);
    expect(columns[0]?.name).toBe('Column 1');
    expect(columns[1]?.type).toBe('text');
  });
});

describe('mappingProblem', () => {
  it('asks for a column and refuses two columns on one field', () => {
    const columns = buildColumns(rows, true, []);
    expect(mappingProblem(columns.map((c) => ({ ...c, include: false })))).toBe(
      'Choose at least one column to import.',
    );
    expect(mappingProblem(columns.map((c) => ({ ...c, target: 'fld_x' })))).toBe(
      'Two columns go to the same field; choose another for “Total”.',
    );
    expect(mappingProblem(columns)).toBeNull();
  });
});

describe('new fields', () => {
  it('gives a select an option per distinct value of the whole file and a number its decimals', () => {
    const [, total, stage] = buildColumns(rows, true, []);
    const data = rows.slice(1);
    expect(newFieldOptions(total as never, data)).toEqual({ type: 'number', precision: 2 });
    const options = newFieldOptions(stage as never, data);
    expect(options.type === 'single_select' && options.choices.map((c) => c.name)).toEqual(['Lead', 'Won']);
  });

  it('numbers a name that is taken', () => {
    const taken = new Set(['name']);
    expect(freeName('Name', taken)).toBe('Name 2');
    expect(freeName('Name', taken)).toBe('Name 3');
    expect(freeName('Email', taken)).toBe('Email');
  });
});
