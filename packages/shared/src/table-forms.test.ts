import { describe, expect, it } from 'vitest';
import { formFieldsOf } from './table-forms';
import { ViewConfig } from './table-views';
import type { Field, FieldOptions } from './tables';

const field = (id: string, position: number, options: FieldOptions, isPrimary = false): Field => ({
  id,
  tableId: 'tbl',
  name: id,
  type: options.type,
  options,
  position,
  isPrimary: isPrimary,
  createdAt: '2026-01-01T00:00:00Z',
});

const fields = [
  field('name', 0, { type: 'text' }, true),
  field('size', 1, { type: 'single_select', choices: [] }),
  field('count', 2, { type: 'number', precision: 0 }),
  field('double', 3, { type: 'formula', expression: '{count} * 2' }),
  field('owner', 4, { type: 'link', linkedTableId: 'tbl2', inverseFieldId: null }),
  field('note', 5, { type: 'long_text' }),
];
const ids = (config: Partial<ViewConfig>) => formFieldsOf(fields, ViewConfig.parse(config)).map((f) => f.id);

describe('formFieldsOf', () => {
  it.each([
    [{}, ['name', 'size', 'count', 'note']],
    [{ hiddenFieldIds: ['size', 'name'] }, ['count', 'note']],
    [{ fieldOrder: ['note', 'count'] }, ['note', 'count', 'name', 'size']],
    [{ fieldOrder: ['double', 'owner', 'size'] }, ['size', 'name', 'count', 'note']],
  ])('config %j shows %j (no computed or link fields)', (config, expected) => {
    expect(ids(config)).toEqual(expected);
  });

  it('marks required fields', () => {
    const form = formFieldsOf(fields, ViewConfig.parse({ formRequiredFieldIds: ['count', 'double'] }));
    expect(form.filter((f) => f.required).map((f) => f.id)).toEqual(['count']);
  });
});
