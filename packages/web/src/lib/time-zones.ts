/**
 * Time zones in the browser, one place for all of them: the user's zone, the list to pick from,
 * and the wall clock of an IANA zone at an instant and back (with daylight saving changes).
 */

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows, UTC included (some engines leave it out of the list). */
export function timeZoneList(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the clocks of `timeZone` show at `instant` (ms). Throws for an unknown zone. */
export function wallClock(instant: number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

const asUtc = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** Minutes `timeZone` is ahead of UTC at `instant`. */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  return Math.round((asUtc(wallClock(instant, timeZone)) - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant (ms) at which the clocks of `timeZone` show the wall time `wallAsUtc` (that wall
 * time read as if it were UTC): the zone's offset there, corrected once for a change of offset in
 * between (daylight saving).
 */
export function instantOfWallClock(wallAsUtc: number, timeZone: string): number {
  const first = wallAsUtc - zoneOffsetMinutes(wallAsUtc, timeZone) * 60_000;
  return wallAsUtc - zoneOffsetMinutes(first, timeZone) * 60_000;
}
