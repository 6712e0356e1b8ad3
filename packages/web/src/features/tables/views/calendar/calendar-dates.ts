import type { FilterCondition, FilterGroup } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';
import { instantOfWallClock, wallClock } from '../../../../lib/time-zones';

/**
 * Day math for the calendar view. Days are 'YYYY-MM-DD' strings and all arithmetic runs on UTC dates, so a
 * daylight-saving change never moves a record to the wrong day.
 */

export type Month = { year: number; month: number };

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const fromDate = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, count: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + count);
  return fromDate(date);
}

export function addMonths({ year, month }: Month, count: number): Month {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const monthOf = (day: string): Month => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });
export const isInMonth = (day: string, { year, month }: Month) =>
  day.startsWith(`${year}-${String(month).padStart(2, '0')}-`);

/** Weeks (Monday first) that show the month: from the Monday on or before the 1st to the Sunday on or after the last. */
export function monthGrid({ year, month }: Month): string[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const last = new Date(Date.UTC(year, month, 0));
  const mondayOffset = (first.getUTCDay() + 6) % 7;
  let day = addDays(fromDate(first), -mondayOffset);
  const end = addDays(fromDate(last), 6 - ((last.getUTCDay() + 6) % 7));
  const weeks: string[][] = [];
  while (day <= end) {
    const week: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The first and last day a month's grid shows: the records to load. */
export function gridRange(month: Month): { from: string; to: string } {
  const weeks = monthGrid(month);
  return { from: weeks[0]?.[0] ?? '', to: weeks.at(-1)?.[6] ?? '' };
}

/** Today in the browser's own time zone. */
export function today(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return fromDate(local);
}

/** The wall-clock day ('YYYY-MM-DD') and time ('HH:MM:SS') of an instant in a time zone. */
function partsIn(instant: Date, timeZone: string) {
  const wall = wallClock(instant.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${wall.year}-${two(wall.month)}-${two(wall.day)}`,
    time: `${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`,
  };
}

/** The instant at which the clocks of `timeZone` show `day` and `time` ('HH:MM' or 'HH:MM:SS'). */
export function zonedInstant(day: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}Z`);
  return new Date(instantOfWallClock(wall, timeZone)).toISOString();
}

const zoneOf = (field: Field) => (field.options.type === 'date_time' ? field.options.timeZone : 'UTC');

/** The day a record's date or date-time value falls on (date-times in the field's time zone, as filters do). */
export function dayOfValue(field: Field, value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (field.type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return partsIn(instant, zoneOf(field)).day;
}

/** The value that puts a record on `day`; a date-time keeps its time of day, a new one starts at 09:00. */
export function valueOnDay(field: Field, current: unknown, day: string): string {
  if (field.type === 'date') return day;
  const zone = zoneOf(field);
  const instant = typeof current === 'string' ? new Date(current) : null;
  const time = instant && !Number.isNaN(instant.getTime()) ? partsIn(instant, zone).time : '09:00:00';
  return zonedInstant(day, time, zone);
}

/**
 * The calendar's query: the view's own filter and the visible range of the date field. Given a filter the server
 * no longer applies the view's saved one, and checks it strictly, so conditions on deleted fields are left out.
 */
export function calendarFilter({
  viewFilter,
  fieldId,
  range,
  fieldIds,
}: {
  viewFilter: FilterGroup | null;
  fieldId: string;
  range: { from: string; to: string };
  fieldIds: string[];
}): FilterGroup {
  const rangeConditions: FilterCondition[] = [
    { fieldId, operator: 'is_on_or_after', value: range.from },
    { fieldId, operator: 'is_on_or_before', value: range.to },
  ];
  const known = new Set(fieldIds);
  const prune = (group: FilterGroup): FilterGroup => ({
    conjunction: group.conjunction,
    conditions: group.conditions.flatMap((condition): FilterGroup['conditions'] =>
      'conjunction' in condition ? [prune(condition)] : known.has(condition.fieldId) ? [condition] : [],
    ),
  });
  const own = viewFilter ? prune(viewFilter) : null;
  return {
    conjunction: 'and',
    conditions: own && own.conditions.length > 0 ? [...rangeConditions, own] : rangeConditions,
  };
}
