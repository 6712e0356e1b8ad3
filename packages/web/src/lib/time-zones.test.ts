import { describe, expect, it } from 'vitest';
import { instantOfWallClock, isTimeZone, timeZoneList, wallClock, zoneOffsetMinutes } from './time-zones';

describe('time zones', () => {
  it('reads the wall clock of a zone and its offset, on both sides of a daylight saving change', () => {
    // New York: EST (UTC-5) until 2026-03-08 07:00 UTC, then EDT (UTC-4).
    expect(wallClock(Date.parse('2026-03-08T06:59:00Z'), 'America/New_York')).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 1,
      minute: 59,
      second: 0,
    });
    expect(zoneOffsetMinutes(Date.parse('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-240);
  });

  it('finds the instant a wall time is shown, with the offset of that day', () => {
    const wall = (text: string) => Date.parse(`${text}Z`);
    expect(new Date(instantOfWallClock(wall('2026-03-07T09:00:00'), 'America/New_York')).toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    expect(new Date(instantOfWallClock(wall('2026-03-09T09:00:00'), 'America/New_York')).toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(instantOfWallClock(wall('2026-06-01T12:00:00'), 'UTC')).toBe(wall('2026-06-01T12:00:00'));
  });

  it('lists UTC among the zones and knows a zone from a typo', () => {
    expect(timeZoneList()).toContain('UTC');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Europe/Pariss')).toBe(false);
  });
});
