import type { Field, FieldOptions } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import { displayText, editText, fromZonedInput, parseText, toZonedInput } from './field-types';

const field = (options: FieldOptions): Field => ({
  id: 'fld',
  tableId: 'tbl',
  name: 'Field',
  type: options.type,
  options,
  position: 1,
  isPrimary: false,
  createdAt: '2026-01-01T00:00:00Z',
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

  it('refuses what the server would refuse, with its message', () => {
    const email = { ...field({ type: 'email' }), name: 'Email' };
    expect(parseText(email, 'not-an-email')).toEqual({ ok: false, message: 'Email must be an email address' });
    expect(parseText(email, ' ada@example.com ')).toEqual({ ok: true, value: 'ada@example.com' });
    expect(parseText({ ...field({ type: 'url' }), name: 'Site' }, 'no url')).toEqual({
      ok: false,
      message: 'Site must be a URL',
    });
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

describe('dates in a field’s zone and format', () => {
  const berlin = field({ type: 'date_time', timeZone: 'Europe/Berlin', format: 'iso' });
  it('reads and writes wall-clock times of the zone, across daylight saving', () => {
    expect(fromZonedInput('2026-01-15T09:30', 'Europe/Berlin')).toBe('2026-01-15T08:30:00.000Z');
    expect(fromZonedInput('2026-07-15T09:30', 'Europe/Berlin')).toBe('2026-07-15T07:30:00.000Z');
    expect(toZonedInput('2026-07-15T07:30:00.000Z', 'Europe/Berlin')).toBe('2026-07-15T09:30');
    expect(parseText(berlin, '2026-07-15 09:30')).toEqual({ ok: true, value: '2026-07-15T07:30:00.000Z' });
    expect(displayText(berlin, '2026-07-15T07:30:00.000Z')).toBe('2026-07-15 09:30');
  });
  it('shows and reads dates in the chosen format', () => {
    expect(displayText(field({ type: 'date', format: 'european' }), '2026-11-03')).toBe('03/11/2026');
    expect(displayText(field({ type: 'date', format: 'us' }), '2026-11-03')).toBe('11/03/2026');
    expect(parseText(field({ type: 'date', format: 'european' }), '3/11/2026')).toEqual({
      ok: true,
      value: '2026-11-03',
    });
    expect(
      displayText(field({ type: 'date_time', timeZone: 'America/New_York', format: 'us' }), '2026-11-03T20:05:00Z'),
    ).toBe('11/03/2026 03:05 PM');
  });
});
