import type { Field, FieldOptions } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { displayText, editText, parseText } from './field-types';

const field = (options: FieldOptions): Field => ({
  id: 'fld',
  table_id: 'tbl',
  name: 'Field',
  type: options.type,
  options,
  position: 1,
  is_primary: false,
  created_at: '2026-01-01T00:00:00Z',
});

const status = field({
  type: 'single_select',
  choices: [
    { id: 'a', name: 'Lead', color: 'gray' },
    { id: 'b', name: 'Customer', color: 'green' },
  ],
});

describe('parseText', () => {
  it.each([
    [field({ type: 'number', precision: 0 }), '1,234', 1234],
    [field({ type: 'currency', precision: 2, symbol: '$' }), '$12.50', 12.5],
    [field({ type: 'percent', precision: 0 }), '45%', 0.45],
    [field({ type: 'rating', max: 5 }), '9', 5],
    [field({ type: 'checkbox' }), 'yes', true],
    [field({ type: 'checkbox' }), '', false],
    [field({ type: 'date' }), '2026-11-22', '2026-11-22'],
    [status, 'customer', 'b'],
    [
      field({ type: 'multi_select', choices: status.options.type === 'single_select' ? status.options.choices : [] }),
      'Lead, Customer',
      ['a', 'b'],
    ],
    [field({ type: 'text' }), '  hi  ', 'hi'],
    [field({ type: 'text' }), '', null],
  ])('%#: reads %s', (target, text, value) => {
    expect(parseText(target, text)).toEqual({ ok: true, value });
  });

  it('refuses what does not fit', () => {
    expect(parseText(field({ type: 'number', precision: 0 }), 'abc').ok).toBe(false);
    expect(parseText(status, 'Unknown').ok).toBe(false);
    expect(parseText(field({ type: 'date' }), 'not a date').ok).toBe(false);
  });
});

describe('display and edit text', () => {
  it('formats numbers by their options and round-trips through parseText', () => {
    const currency = field({ type: 'currency', precision: 2, symbol: '€' });
    expect(displayText(currency, 1234.5)).toMatch(/^€1.?234\.50$/);
    const percent = field({ type: 'percent', precision: 1 });
    expect(displayText(percent, 0.125)).toBe('12.5%');
    expect(parseText(percent, editText(percent, 0.125))).toEqual({ ok: true, value: 0.125 });
    expect(displayText(status, 'b')).toBe('Customer');
  });
});
