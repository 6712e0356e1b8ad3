import type { Field, FieldOptions } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { toFilterCondition } from './record-filters';

const field = (name: string, options: FieldOptions): Field => ({
  id: `fld_${name}`,
  tableId: 'tbl_1',
  name,
  type: options.type,
  options,
  position: 0,
  isPrimary: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const text = field('Name', { type: 'text' });
const number = field('Age', { type: 'number', precision: 0 });
const date = field('Due', { type: 'date' });
const check = field('Done', { type: 'checkbox' });
const single = field('Status', { type: 'single_select', choices: [] });
const multi = field('Tags', { type: 'multi_select', choices: [] });
const files = field('Files', { type: 'attachment' });

const map = (f: Field, operator: string, value?: unknown) => toFilterCondition({ field: f.name, operator, value }, f);

describe('toFilterCondition', () => {
  it.each([
    [text, 'equals', 'Ada', 'is', 'Ada'],
    [text, 'not_equals', 7, 'is_not', '7'],
    [text, 'contains', 'd', 'contains', 'd'],
    [text, 'starts_with', 'A', 'starts_with', 'A'],
    [text, 'ends_with', 'a', 'ends_with', 'a'],
    [number, 'equals', '42', 'eq', 42],
    [number, 'gte', 18, 'gte', 18],
    [number, 'lt', '1e2', 'lt', 100],
    [date, 'gt', '2026-01-01', 'is_after', '2026-01-01'],
    [date, 'lte', '2026-01-01', 'is_on_or_before', '2026-01-01'],
    [check, 'is_true', undefined, 'is', true],
    [check, 'is_false', undefined, 'is', false],
    [check, 'equals', 'true', 'is', true],
    [single, 'equals', 'Open', 'is', 'Open'],
    [single, 'not_equals', 'Open', 'is_not', 'Open'],
    [multi, 'contains', 'VIP', 'has_any_of', ['VIP']],
    [multi, 'not_contains', ['a', 'b'], 'has_none_of', ['a', 'b']],
  ])('%o %s %j', (f, operator, value, filterOperator, filterValue) => {
    expect(map(f, operator, value)).toEqual({ fieldId: f.id, operator: filterOperator, value: filterValue });
  });

  it('is empty / is not empty work on every filterable field; equals nothing means is empty', () => {
    expect(map(files, 'is_empty')).toEqual({ fieldId: files.id, operator: 'is_empty' });
    expect(map(number, 'is_not_empty')).toEqual({ fieldId: number.id, operator: 'is_not_empty' });
    expect(map(text, 'equals', '')).toEqual({ fieldId: text.id, operator: 'is_empty' });
    expect(map(single, 'not_equals', null)).toEqual({ fieldId: single.id, operator: 'is_not_empty' });
  });

  it('refuses what the table filters cannot do, in words', () => {
    expect(() => map(text, 'matches', '^a')).toThrow('Name cannot be filtered with "matches"');
    expect(() => map(text, 'gt', 'a')).toThrow('Name cannot be filtered with "gt"');
    expect(() => map(multi, 'equals', 'a')).toThrow('Tags cannot be filtered with "equals"');
    expect(() => map(files, 'contains', 'x')).toThrow('Files cannot be filtered with "contains"');
    expect(() => map(number, 'gt', 'old')).toThrow('Age is a number: compare it with a number, not "old"');
    expect(() => map(check, 'equals', 'maybe')).toThrow('Done is a checkbox: compare it with true or false');
    expect(() => map(text, 'contains', '')).toThrow('Name: give a value to compare with');
    expect(() => map(field('Total', { type: 'formula', expression: '1' }), 'equals', 1)).toThrow(
      'Total cannot be filtered with "equals"',
    );
  });
});
