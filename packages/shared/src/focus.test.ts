import { describe, expect, it } from 'vitest';
import { DEFAULT_FOCUS_SETTINGS, elapsedSeconds, FocusStatsQuery, nextKind, UpdateFocusSettings } from './focus';

describe('nextKind', () => {
  it.each([
    ['focus', 1, 'short_break'],
    ['focus', 3, 'short_break'],
    ['focus', 4, 'long_break'],
    ['focus', 8, 'long_break'],
    ['focus', 0, 'short_break'],
    ['short_break', 1, 'focus'],
    ['long_break', 4, 'focus'],
  ] as const)('after %s with %i done in the cycle comes %s', (ended, completedInCycle, expected) => {
    expect(nextKind({ ended, completedInCycle, longBreakEvery: DEFAULT_FOCUS_SETTINGS.longBreakEvery })).toBe(expected);
  });
});

describe('elapsedSeconds', () => {
  const startedAt = '2026-01-01T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it('counts from timestamps and leaves paused time out', () => {
    expect(elapsedSeconds({ startedAt, pausedAt: null, pausedSeconds: 0 }, at('2026-01-01T10:05:00Z'))).toBe(300);
    expect(elapsedSeconds({ startedAt, pausedAt: null, pausedSeconds: 60 }, at('2026-01-01T10:05:00Z'))).toBe(240);
    // While paused the clock stands still at the pause.
    const paused = { startedAt, pausedAt: '2026-01-01T10:02:00.000Z', pausedSeconds: 0 };
    expect(elapsedSeconds(paused, at('2026-01-01T11:00:00Z'))).toBe(120);
  });
});

describe('focus inputs', () => {
  it.each([
    [{ focusMinutes: 25 }, true],
    [{ focusMinutes: 0 }, false],
    [{ focusMinutes: 1.5 }, false],
    [{ longBreakEvery: 1 }, false],
    [{ shortBreakMinutes: 61 }, false],
    [{}, true],
  ])('settings %j valid: %s', (input, valid) => {
    expect(UpdateFocusSettings.safeParse(input).success).toBe(valid);
  });
  it('knows time zones', () => {
    expect(FocusStatsQuery.safeParse({ accountId: 'a', timeZone: 'Europe/Berlin' }).success).toBe(true);
    expect(FocusStatsQuery.safeParse({ accountId: 'a', timeZone: 'Nowhere/Land' }).success).toBe(false);
    expect(FocusStatsQuery.parse({ accountId: 'a' })).toMatchObject({ days: 7, timeZone: 'UTC' });
  });
});
