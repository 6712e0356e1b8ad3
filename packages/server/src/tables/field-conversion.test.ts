import { AppError } from '@flowmind/shared/errors';
import type { Field, FieldOptions, TableRecord } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { checkLinkChange, computedSource, lastChangeOf, needsConversion, planConversion } from './field-conversion';

const field = (options: FieldOptions, id = 'fld1'): Field => ({
  id,
  tableId: 'tbl1',
  name: 'Value',
  type: options.type,
  options,
  position: 1,
  isPrimary: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const stored = (from: FieldOptions, values: unknown[]) => ({
  from,
  stored: true,
  values: values.map((v, i) => ({ id: `rec${i + 1}`, v })),
});

const record = (id: string, values: Record<string, unknown>): TableRecord => ({
  id,
  tableId: 'tbl1',
  values,
  autonumber: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: null,
});

const choices = [
  { id: 'a', name: 'Alpha', color: 'gray' as const },
  { id: 'b', name: 'Beta', color: 'green' as const },
];

describe('needsConversion', () => {
  it.each([
    ['a new type', { type: 'text' }, { type: 'number', precision: 0 }, true],
    ['the same type', { type: 'text' }, { type: 'text' }, false],
    ['new number options', { type: 'number', precision: 0 }, { type: 'number', precision: 2 }, false],
    ['the same select options', { type: 'single_select', choices }, { type: 'single_select', choices }, false],
    [
      'changed select options',
      { type: 'single_select', choices },
      { type: 'single_select', choices: choices.slice(0, 1) },
      true,
    ],
    [
      'changed multi select options',
      { type: 'multi_select', choices },
      { type: 'multi_select', choices: [...choices].reverse() },
      true,
    ],
  ] as [string, FieldOptions, FieldOptions, boolean][])('%s', (_, from, to, expected) => {
    expect(needsConversion(field(from), to)).toBe(expected);
  });
});

describe('checkLinkChange', () => {
  const link = (linkedTableId: string): FieldOptions => ({ type: 'link', linkedTableId, inverseFieldId: null });

  it('lets a link keep its target and a non-link change type', () => {
    expect(() => checkLinkChange(field(link('tbl2')), link('tbl2'))).not.toThrow();
    expect(() => checkLinkChange(field({ type: 'text' }), { type: 'number', precision: 0 })).not.toThrow();
  });

  it.each([
    ['a link to another table', link('tbl2'), link('tbl3')],
    ['a link to another type', link('tbl2'), { type: 'text' }],
    ['another type to a link', { type: 'text' }, link('tbl2')],
  ] as [string, FieldOptions, FieldOptions][])('refuses %s', (_, from, to) => {
    expect(() => checkLinkChange(field(from), to)).toThrow(
      new AppError('bad_request', 'A link field keeps its type and linked table', 'options'),
    );
  });
});

describe('planConversion of stored values', () => {
  it('text to number converts numbers and loses the rest, with examples', () => {
    const plan = planConversion(stored({ type: 'text' }, ['12', 'abc', '3.5']), field({ type: 'text' }), {
      type: 'number',
      precision: 1,
    });
    expect(plan).toMatchObject({ lost: 1, converted: 2, examples: [{ recordId: 'rec2', from: 'abc' }] });
    expect(plan.changed).toEqual([
      { id: 'rec1', v: 12 },
      { id: 'rec2', v: null },
      { id: 'rec3', v: 3.5 },
    ]);
  });

  it('number to text writes every value as text', () => {
    const from: FieldOptions = { type: 'number', precision: 0 };
    const plan = planConversion(stored(from, [1, 42]), field(from), { type: 'text' });
    expect(plan).toMatchObject({ lost: 0, converted: 2, examples: [] });
    expect(plan.changed).toEqual([
      { id: 'rec1', v: '1' },
      { id: 'rec2', v: '42' },
    ]);
  });

  it('text to checkbox reads yes-like words as checked', () => {
    const plan = planConversion(stored({ type: 'text' }, ['yes', 'no']), field({ type: 'text' }), {
      type: 'checkbox',
    });
    expect(plan.changed).toEqual([
      { id: 'rec1', v: true },
      { id: 'rec2', v: false },
    ]);
  });

  it('text to single select adds an option for each distinct value', () => {
    const plan = planConversion(stored({ type: 'text' }, ['Red', 'red', 'Blue']), field({ type: 'text' }), {
      type: 'single_select',
      choices: [],
    });
    expect(plan.target.type).toBe('single_select');
    const names = plan.target.type === 'single_select' ? plan.target.choices.map((c) => c.name) : [];
    expect(names).toEqual(['Red', 'Blue']);
    expect(plan).toMatchObject({ lost: 0, converted: 3 });
    expect(new Set(plan.changed.map((c) => c.v)).size).toBe(2);
  });

  it('removing a select option loses its values; the target options are the given ones', () => {
    const from: FieldOptions = { type: 'single_select', choices };
    const next: FieldOptions = { type: 'single_select', choices: choices.slice(0, 1) };
    const plan = planConversion(stored(from, ['a', 'b']), field(from), next);
    expect(plan.target).toBe(next);
    expect(plan).toMatchObject({ lost: 1, converted: 1, examples: [{ recordId: 'rec2', from: 'b' }] });
    expect(plan.changed).toEqual([{ id: 'rec2', v: null }]);
  });

  it('writes only the values that change', () => {
    const from: FieldOptions = { type: 'multi_select', choices };
    const next: FieldOptions = { type: 'multi_select', choices: [...choices].reverse() };
    const plan = planConversion(stored(from, [['a'], ['a', 'b']]), field(from), next);
    expect(plan).toMatchObject({ lost: 0, converted: 2, changed: [] });
  });

  it('keeps at most ten examples of lost values', () => {
    const plan = planConversion(stored({ type: 'text' }, Array(12).fill('x')), field({ type: 'text' }), {
      type: 'number',
      precision: 0,
    });
    expect(plan.lost).toBe(12);
    expect(plan.examples).toHaveLength(10);
  });
});

describe('computedSource and converting computed values', () => {
  it.each([
    ['created_time', { type: 'date_time', timeZone: 'UTC' }],
    ['updated_time', { type: 'date_time', timeZone: 'UTC' }],
    ['autonumber', { type: 'number', precision: 0 }],
    ['formula', { type: 'text' }],
  ] as const)('reads a %s field as %j', (type, from) => {
    const current = { ...field({ type: 'text' }), type } as Field;
    expect(computedSource(current, []).from).toEqual(from);
  });

  it('reads formula and lookup values as text, lists joined, and skips empty ones', () => {
    const current = { ...field({ type: 'text' }), type: 'lookup' } as Field;
    const source = computedSource(current, [
      record('rec1', { fld1: ['Ann', 'Bo'] }),
      record('rec2', { fld1: 7 }),
      record('rec3', { fld1: null }),
      record('rec4', {}),
    ]);
    expect(source).toEqual({
      from: { type: 'text' },
      stored: false,
      values: [
        { id: 'rec1', v: 'Ann, Bo' },
        { id: 'rec2', v: '7' },
      ],
    });
  });

  it('writes every converted computed value, even one equal to what it was', () => {
    const current = { ...field({ type: 'text' }), type: 'autonumber' } as Field;
    const source = computedSource(current, [record('rec1', { fld1: 5 })]);
    const plan = planConversion(source, current, { type: 'number', precision: 0 });
    expect(plan.changed).toEqual([{ id: 'rec1', v: 5 }]);
  });
});

describe('lastChangeOf', () => {
  it('keeps the stored values the conversion changed, to undo it', () => {
    const from: FieldOptions = { type: 'text' };
    const source = stored(from, ['12', 'abc', 'x']);
    const current = field(from);
    const plan = planConversion(source, current, { type: 'number', precision: 0 });
    expect(lastChangeOf(source, current, plan.changed)).toEqual({
      name: 'Value',
      type: 'text',
      options: from,
      values: { rec1: '12', rec2: 'abc', rec3: 'x' },
    });
  });

  it('undoes computed values to empty (they were never stored)', () => {
    const current = { ...field({ type: 'text' }), type: 'formula' } as Field;
    const source = computedSource(current, [record('rec1', { fld1: 'hi' })]);
    expect(lastChangeOf(source, current, [{ id: 'rec1', v: 'hi' }]).values).toEqual({ rec1: null });
  });
});
