import { describe, expect, it } from 'vitest';
import { convertValue, type FieldLike, formatValue, prepareTargetOptions, validateValue } from './table-values';
import type { FieldOptions } from './tables';

const choices = [
  { id: 'o1', name: 'Red', color: 'red' as const },
  { id: 'o2', name: 'Blue', color: 'blue' as const },
];
const opts: Record<string, FieldOptions> = {
  text: { type: 'text' },
  long_text: { type: 'long_text' },
  number: { type: 'number', precision: 2 },
  currency: { type: 'currency', precision: 2, symbol: '$' },
  percent: { type: 'percent', precision: 0 },
  checkbox: { type: 'checkbox' },
  date: { type: 'date' },
  date_time: { type: 'date_time', timeZone: 'UTC' },
  single_select: { type: 'single_select', choices },
  multi_select: { type: 'multi_select', choices },
  email: { type: 'email' },
  url: { type: 'url' },
  phone: { type: 'phone' },
  rating: { type: 'rating', max: 5 },
  link: { type: 'link', linkedTableId: 'tbl_x', inverseFieldId: null },
  attachment: { type: 'attachment' },
  formula: { type: 'formula', expression: '1' },
  autonumber: { type: 'autonumber' },
  created_time: { type: 'created_time' },
};
const field = (key: string): FieldLike => {
  const options = opts[key] as FieldOptions;
  return { id: 'fld_1', name: 'F', type: options.type, options };
};

describe('validateValue', () => {
  it.each([
    ['text', 'hello', 'hello'],
    ['text', 'a\nb', 'a b'],
    ['text', '', null],
    ['text', null, null],
    ['long_text', 'a\nb', 'a\nb'],
    ['number', 3.5, 3.5],
    ['currency', -2, -2],
    ['percent', 0.5, 0.5],
    ['checkbox', true, true],
    ['checkbox', false, false],
    ['date', '2024-02-29', '2024-02-29'],
    ['date_time', '2024-01-02T03:04:05+02:00', '2024-01-02T01:04:05.000Z'],
    ['single_select', 'o1', 'o1'],
    ['single_select', 'blue', 'o2'],
    ['multi_select', ['Red', 'o2', 'o1'], ['o1', 'o2']],
    ['multi_select', [], null],
    ['email', ' a@b.co ', 'a@b.co'],
    ['url', 'example.com/x', 'example.com/x'],
    ['url', 'https://example.com', 'https://example.com'],
    ['phone', '+1 (555) 123-4567', '+1 (555) 123-4567'],
    ['rating', 4, 4],
    ['rating', 0, null],
    ['link', ['rec_a', 'rec_a', 'rec_b'], ['rec_a', 'rec_b']],
    ['attachment', [{ id: 'f1', name: 'a.png' }], [{ id: 'f1', name: 'a.png' }]],
  ])('%s accepts %j as %j', (key, input, stored) => {
    expect(validateValue(field(key), input)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['text', 5, 'F must be text'],
    ['number', '5', 'F must be a number'],
    ['number', Number.NaN, 'F must be a number'],
    ['currency', true, 'F must be a number'],
    ['checkbox', 'yes', 'F must be true or false'],
    ['date', '2023-02-29', 'F must be a date (YYYY-MM-DD)'],
    ['date', '01/02/2024', 'F must be a date (YYYY-MM-DD)'],
    ['date_time', '2024-01-02', 'F must be a date and time (ISO 8601)'],
    ['single_select', 'Green', 'F has no option "Green"'],
    ['single_select', ['o1'], 'F must be one option'],
    ['multi_select', 'o1', 'F must be a list of options'],
    ['multi_select', ['o1', 'nope'], 'F has no option "nope"'],
    ['email', 'not-an-email', 'F must be an email address'],
    ['url', 'not a url', 'F must be a URL'],
    ['url', 'javascript:alert(1)', 'F must be a URL'],
    ['phone', 'call me', 'F must be a phone number'],
    ['rating', 6, 'F must be a whole number from 0 to 5'],
    ['rating', 2.5, 'F must be a whole number from 0 to 5'],
    ['link', 'rec_a', 'F must be a list of record ids'],
    ['attachment', ['x'], 'F must be a list of files'],
    ['formula', 1, 'F is computed and cannot be written'],
    ['autonumber', 1, 'F is computed and cannot be written'],
    ['created_time', null, 'F is computed and cannot be written'],
  ])('%s refuses %j', (key, input, message) => {
    expect(validateValue(field(key), input)).toEqual({ ok: false, message });
  });
});

describe('formatValue', () => {
  it.each([
    ['number', 3.14159_1, '3.14'],
    ['currency', 2.5, '$2.50'],
    ['percent', 0.25, '25%'],
    ['checkbox', true, 'true'],
    ['checkbox', false, null],
    ['single_select', 'o2', 'Blue'],
    ['multi_select', ['o1', 'o2'], 'Red, Blue'],
    ['date', '2024-01-02', '2024-01-02'],
  ])('%s %j → %j', (key, value, text) => {
    expect(formatValue(value, opts[key] as FieldOptions)).toBe(text);
  });
});

describe('convertValue', () => {
  it.each([
    ['text', 'number', '1,234.5', 1234.5, false],
    ['text', 'number', '$12', 12, false],
    ['text', 'number', 'abc', null, true],
    ['text', 'percent', '50%', 0.5, false],
    ['number', 'text', 3.14159_1, '3.14', false],
    ['currency', 'text', 2, '$2.00', false],
    ['number', 'checkbox', 0, false, false],
    ['number', 'checkbox', 2, true, false],
    ['text', 'checkbox', 'Yes', true, false],
    ['text', 'checkbox', 'nope', false, false],
    ['text', 'date', '2024-03-01', '2024-03-01', false],
    ['text', 'date', 'March 1, 2024 12:00 UTC', '2024-03-01', false],
    ['text', 'date', 'someday', null, true],
    ['date', 'date_time', '2024-03-01', '2024-03-01T00:00:00.000Z', false],
    ['date_time', 'date', '2024-03-01T23:30:00.000Z', '2024-03-01', false],
    ['multi_select', 'single_select', ['o2', 'o1'], 'o2', false],
    ['single_select', 'multi_select', 'o1', ['o1'], false],
    ['single_select', 'text', 'o2', 'Blue', false],
    ['multi_select', 'text', ['o1', 'o2'], 'Red, Blue', false],
    ['text', 'email', 'x@y.co', 'x@y.co', false],
    ['text', 'email', 'nope', null, true],
    ['number', 'rating', 3.4, 3, false],
    ['number', 'rating', 9, null, true],
    ['checkbox', 'number', true, 1, false],
    ['text', 'link', 'x', null, true],
    ['text', 'text', null, null, false],
  ])('%s → %s: %j becomes %j (lost %s)', (from, to, value, converted, lost) => {
    expect(convertValue(value, opts[from] as FieldOptions, opts[to] as FieldOptions)).toEqual({
      value: converted,
      lost,
    });
  });

  it('creates missing options when text becomes a single select, keeping existing ones', () => {
    const target = prepareTargetOptions(['Red', 'Green', 'green', null, 'Blue'], opts.text as FieldOptions, {
      type: 'single_select',
      choices: [choices[0] as (typeof choices)[0]],
    });
    if (target.type !== 'single_select') throw new Error('wrong type');
    expect(target.choices.map((c) => c.name)).toEqual(['Red', 'Green', 'Blue']);
    expect(target.choices[0]?.id).toBe('o1');
    expect(convertValue('green', opts.text as FieldOptions, target).value).toBe(target.choices[1]?.id);
  });

  it('keeps option ids when a single select becomes a multi select', () => {
    const target = prepareTargetOptions(['o1', 'o2'], opts.single_select as FieldOptions, {
      type: 'multi_select',
      choices: [],
    });
    if (target.type !== 'multi_select') throw new Error('wrong type');
    expect(target.choices.map((c) => c.id)).toEqual(['o1', 'o2']);
  });

  it('splits comma-separated text into multi select options', () => {
    const target = prepareTargetOptions(['a, b', 'b'], opts.text as FieldOptions, {
      type: 'multi_select',
      choices: [],
    });
    if (target.type !== 'multi_select') throw new Error('wrong type');
    expect(target.choices.map((c) => c.name)).toEqual(['a', 'b']);
    expect(convertValue('a, b', opts.text as FieldOptions, target).value).toHaveLength(2);
  });
});

describe('select option edits', () => {
  const renamed: FieldOptions = {
    type: 'single_select',
    choices: [{ id: 'o1', name: 'Crimson', color: 'red' }],
  };
  it('keeps values of a renamed option and loses those of a removed one', () => {
    expect(convertValue('o1', opts.single_select as FieldOptions, renamed)).toEqual({ value: 'o1', lost: false });
    expect(convertValue('o2', opts.single_select as FieldOptions, renamed)).toEqual({ value: null, lost: true });
    const multi: FieldOptions = { type: 'multi_select', choices: [{ id: 'o2', name: 'Navy', color: 'blue' }] };
    expect(convertValue(['o1', 'o2'], opts.multi_select as FieldOptions, multi)).toEqual({
      value: ['o2'],
      lost: false,
    });
  });
});
