import { describe, expect, it } from 'vitest';
import { explainCron, nextFireTimes, parseCron } from './cron';

function next(expression: string, from: string, timeZone = 'UTC', count = 3): string[] {
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new Error(parsed.error);
  return nextFireTimes(expression, { from: new Date(from), count, timeZone }).map((d) => d.toISOString());
}

describe('parseCron', () => {
  it('refuses the wrong number of parts and out-of-range values, in words', () => {
    expect(parseCron('* * *')).toEqual({ ok: false, error: 'A cron expression has 5 or 6 parts (this one has 3)' });
    expect(parseCron('61 * * * *')).toEqual({ ok: false, error: 'The minute must be between 0 and 59 (got 61)' });
    expect(parseCron('* * * * 5-1')).toEqual({ ok: false, error: 'The range "5-1" runs backwards' });
    expect(parseCron('*/0 * * * *').ok).toBe(false);
    expect(parseCron('x * * * *').ok).toBe(false);
  });

  it('reads lists, ranges, steps and names', () => {
    const parsed = parseCron('0,30 9-17/4 * jan-mar MON-FRI');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.schedule.minutes.values).toEqual([0, 30]);
    expect(parsed.schedule.hours.values).toEqual([9, 13, 17]);
    expect(parsed.schedule.months.values).toEqual([1, 2, 3]);
    expect(parsed.schedule.daysOfWeek.values).toEqual([1, 2, 3, 4, 5]);
    expect(parsed.schedule.daysOfMonth.any).toBe(true);
  });

  it('folds day 7 into Sunday', () => {
    const parsed = parseCron('0 0 * * 7');
    expect(parsed.ok && parsed.schedule.daysOfWeek.values).toEqual([0]);
  });
});

describe('nextFireTimes', () => {
  it('finds weekday mornings', () => {
    // 2026-01-02 is a Friday.
    expect(next('0 9 * * 1-5', '2026-01-02T10:00:00Z')).toEqual([
      '2026-01-05T09:00:00.000Z',
      '2026-01-06T09:00:00.000Z',
      '2026-01-07T09:00:00.000Z',
    ]);
  });

  it('counts in the time zone, across a daylight saving change', () => {
    // New York: EST (UTC-5) until 2026-03-08, then EDT (UTC-4).
    expect(next('30 8 * * *', '2026-03-06T20:00:00Z', 'America/New_York')).toEqual([
      '2026-03-07T13:30:00.000Z',
      '2026-03-08T12:30:00.000Z',
      '2026-03-09T12:30:00.000Z',
    ]);
  });

  it('shows a wall time that does not exist on the day clocks go forward when the scheduler fires it (03:00)', () => {
    // The browser's own reader skipped that day, while the server's scheduler (croner) runs it at 03:00 EDT.
    expect(next('30 2 * * *', '2026-03-07T12:00:00Z', 'America/New_York', 2)).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
  });

  it('handles seconds, steps and the day-of-month or day-of-week rule', () => {
    expect(next('*/20 * * * * *', '2026-01-01T00:00:05Z')).toEqual([
      '2026-01-01T00:00:20.000Z',
      '2026-01-01T00:00:40.000Z',
      '2026-01-01T00:01:00.000Z',
    ]);
    // The 13th of the month or any Friday (2026-02-13 is both).
    expect(next('0 0 13 * 5', '2026-02-01T00:00:00Z')).toEqual([
      '2026-02-06T00:00:00.000Z',
      '2026-02-13T00:00:00.000Z',
      '2026-02-20T00:00:00.000Z',
    ]);
  });

  it('finds a rare date and gives nothing for an impossible one', () => {
    expect(next('0 0 29 2 *', '2026-01-01T00:00:00Z', 'UTC', 1)).toEqual(['2028-02-29T00:00:00.000Z']);
    expect(next('0 0 31 2 *', '2026-01-01T00:00:00Z', 'UTC', 1)).toEqual([]);
  });
});

describe('explainCron', () => {
  it('says each part in words', () => {
    const parsed = parseCron('*/15 9 1,15 * MON-FRI');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(explainCron(parsed.schedule)).toEqual([
      ['minute', 'every 15'],
      ['hour', '9'],
      ['day of month', '1, 15'],
      ['month', 'every'],
      ['day of week', 'Monday–Friday'],
    ]);
  });
});
