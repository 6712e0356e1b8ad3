import type { Field } from '@flowmind/shared/tables';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  calendarFilter,
  dayOfValue,
  gridRange,
  monthGrid,
  today,
  valueOnDay,
  zonedInstant,
} from './calendar-dates';

const field = (type: 'date' | 'date_time', timeZone = 'UTC'): Field => ({
  id: 'fld_due',
  tableId: 'tbl',
  name: 'Due',
  type,
  options: type === 'date' ? { type } : { type, timeZone },
  position: 1,
  isPrimary: false,
  createdAt: '',
});

describe('monthGrid', () => {
  it('starts weeks on Monday and covers the whole month', () => {
    // November 2026 starts on a Sunday and ends on a Monday: 6 weeks.
    const weeks = monthGrid({ year: 2026, month: 11 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]).toBe('2026-10-26');
    expect(weeks[0]?.[6]).toBe('2026-11-01');
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
    expect(weeks.at(-1)?.[6]).toBe('2026-12-06');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('uses four weeks for a February that starts on Monday', () => {
    expect(monthGrid({ year: 2027, month: 2 })).toHaveLength(4);
    expect(gridRange({ year: 2027, month: 2 })).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('handles leap years and a month starting on Monday', () => {
    expect(gridRange({ year: 2024, month: 2 })).toEqual({ from: '2024-01-29', to: '2024-03-03' });
    expect(monthGrid({ year: 2024, month: 1 })[0]?.[0]).toBe('2024-01-01');
  });
});

describe('day arithmetic', () => {
  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });
  it('adds months across years', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
  });
  it('says what day it is', () => {
    expect(today(new Date(2026, 10, 23, 23, 59))).toBe('2026-11-23');
  });
});

describe('values on days', () => {
  it('reads a date as its day and a date-time in its time zone', () => {
    expect(dayOfValue(field('date'), '2026-11-05')).toBe('2026-11-05');
    expect(dayOfValue(field('date'), null)).toBeNull();
    expect(dayOfValue(field('date_time', 'UTC'), '2026-11-05T23:30:00.000Z')).toBe('2026-11-05');
    expect(dayOfValue(field('date_time', 'Europe/Paris'), '2026-11-05T23:30:00.000Z')).toBe('2026-11-06');
    expect(dayOfValue(field('date_time', 'America/New_York'), '2026-11-05T02:00:00.000Z')).toBe('2026-11-04');
    expect(dayOfValue(field('date_time'), 'not a date')).toBeNull();
  });

  it('moves a date-time to another day keeping its time of day in the zone, across DST', () => {
    const paris = field('date_time', 'Europe/Paris');
    // 10:15 in Paris in summer (UTC+2) moved to a winter day stays 10:15 there (UTC+1).
    expect(valueOnDay(paris, '2026-10-20T08:15:00.000Z', '2026-11-03')).toBe('2026-11-03T09:15:00.000Z');
    expect(valueOnDay(paris, null, '2026-11-03')).toBe('2026-11-03T08:00:00.000Z');
    expect(valueOnDay(field('date'), '2026-01-01', '2026-11-03')).toBe('2026-11-03');
    expect(zonedInstant('2026-07-01', '00:00', 'America/Los_Angeles')).toBe('2026-07-01T07:00:00.000Z');
  });
});

describe('calendarFilter', () => {
  const range = { from: '2026-10-26', to: '2026-12-06' };
  it('is the range alone without a view filter', () => {
    expect(calendarFilter({ viewFilter: null, fieldId: 'fld_due', range, fieldIds: ['fld_due'] })).toEqual({
      conjunction: 'and',
      conditions: [
        { fieldId: 'fld_due', operator: 'is_on_or_after', value: '2026-10-26' },
        { fieldId: 'fld_due', operator: 'is_on_or_before', value: '2026-12-06' },
      ],
    });
  });
  it('keeps the view filter (or-groups too) and drops conditions on deleted fields', () => {
    const result = calendarFilter({
      viewFilter: {
        conjunction: 'or',
        conditions: [
          { fieldId: 'fld_a', operator: 'is', value: 'x' },
          { fieldId: 'fld_gone', operator: 'is', value: 'y' },
        ],
      },
      fieldId: 'fld_due',
      range,
      fieldIds: ['fld_due', 'fld_a'],
    });
    expect(result.conditions).toHaveLength(3);
    expect(result.conditions[2]).toEqual({
      conjunction: 'or',
      conditions: [{ fieldId: 'fld_a', operator: 'is', value: 'x' }],
    });
  });
});
