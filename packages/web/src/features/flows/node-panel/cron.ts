import { Cron } from 'croner';

/**
 * The schedule trigger's preview: what each part of a 5- or 6-part cron expression means, in
 * words, and the next times it fires in a time zone (croner, as on the server).
 */

type PartSpec = { name: string; min: number; max: number; names?: readonly string[] };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTH_WORDS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_WORDS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const SECOND: PartSpec = { name: 'second', min: 0, max: 59 };
const MINUTE: PartSpec = { name: 'minute', min: 0, max: 59 };
const HOUR: PartSpec = { name: 'hour', min: 0, max: 23 };
const DAY_OF_MONTH: PartSpec = { name: 'day of month', min: 1, max: 31 };
const MONTH: PartSpec = { name: 'month', min: 1, max: 12, names: MONTHS };
// 7 is Sunday too; folded into 0 after parsing.
const DAY_OF_WEEK: PartSpec = { name: 'day of week', min: 0, max: 7, names: DAYS };

export type CronPart = { spec: PartSpec; text: string; values: number[]; any: boolean };
export type CronSchedule = {
  seconds: CronPart;
  minutes: CronPart;
  hours: CronPart;
  daysOfMonth: CronPart;
  months: CronPart;
  daysOfWeek: CronPart;
  hasSeconds: boolean;
};
export type CronResult = { ok: true; schedule: CronSchedule } | { ok: false; error: string };

function parseValue(text: string, spec: PartSpec): number {
  const upper = text.toUpperCase();
  const named = spec.names?.indexOf(upper) ?? -1;
  if (named !== -1) return spec === MONTH ? named + 1 : named;
  if (!/^\d+$/.test(text)) throw new Error(`"${text}" is not a number for the ${spec.name}`);
  const value = Number(text);
  if (value < spec.min || value > spec.max)
    throw new Error(`The ${spec.name} must be between ${spec.min} and ${spec.max} (got ${value})`);
  return value;
}

function parsePart(text: string, spec: PartSpec): CronPart {
  const values = new Set<number>();
  let any = false;
  for (const piece of text.split(',')) {
    if (!piece) throw new Error(`The ${spec.name} has an empty item`);
    const [range = '', stepText] = piece.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`The step in "${piece}" must be a whole number above 0`);
    let from: number;
    let to: number;
    if (range === '*' || range === '?') {
      from = spec.min;
      to = spec.max;
      if (stepText === undefined) any = true;
    } else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      from = parseValue(a, spec);
      to = parseValue(b, spec);
      if (from > to) throw new Error(`The range "${range}" runs backwards`);
    } else {
      from = parseValue(range, spec);
      to = stepText === undefined ? from : spec.max;
    }
    for (let v = from; v <= to; v += step) values.add(spec === DAY_OF_WEEK && v === 7 ? 0 : v);
  }
  return { spec, text, values: [...values].sort((a, b) => a - b), any };
}

export function parseCron(expression: string): CronResult {
  const parts = expression.trim().split(/\s+/).filter(Boolean);
  const refused = croneRefusal(expression);
  if (parts.length !== 5 && parts.length !== 6)
    return { ok: false, error: `A cron expression has 5 or 6 parts (this one has ${parts.length})` };
  const hasSeconds = parts.length === 6;
  const [sec, min, hour, dom, month, dow] = hasSeconds ? parts : ['0', ...parts];
  try {
    const schedule: CronSchedule = {
      seconds: parsePart(sec ?? '0', SECOND),
      minutes: parsePart(min ?? '', MINUTE),
      hours: parsePart(hour ?? '', HOUR),
      daysOfMonth: parsePart(dom ?? '', DAY_OF_MONTH),
      months: parsePart(month ?? '', MONTH),
      daysOfWeek: parsePart(dow ?? '', DAY_OF_WEEK),
      hasSeconds,
    };
    // What the scheduler refuses is refused here too, in its words.
    if (refused) return { ok: false, error: refused };
    return { ok: true, schedule };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/**
 * The next `count` fire times after `from`, as instants, computed by croner: the library the
 * server's scheduler fires schedules with, so the preview and the runs agree (time zones, daylight
 * saving gaps, the day-of-month or day-of-week rule).
 */
export function nextFireTimes(
  expression: string,
  { from, count, timeZone }: { from: Date; count: number; timeZone: string },
): Date[] {
  return new Cron(expression.trim(), { timezone: timeZone, paused: true }).nextRuns(count, from);
}

function listWords(part: CronPart, words?: readonly string[], offset = 0): string {
  const name = (v: number) => (words ? (words[v - offset] ?? String(v)) : String(v));
  // Runs of three or more consecutive values read as a range.
  const out: string[] = [];
  const values = part.values;
  for (let i = 0; i < values.length; ) {
    let j = i;
    while (j + 1 < values.length && (values[j + 1] ?? 0) === (values[j] ?? 0) + 1) j++;
    if (j - i >= 2) out.push(`${name(values[i] ?? 0)}–${name(values[j] ?? 0)}`);
    else for (let k = i; k <= j; k++) out.push(name(values[k] ?? 0));
    i = j + 1;
  }
  return out.join(', ');
}

function stepOf(part: CronPart): number | null {
  const match = /^\*\/(\d+)$/.exec(part.text);
  return match ? Number(match[1]) : null;
}

/** Each part in words, e.g. [["minute", "0"], ["hour", "9"], ["day of week", "Monday–Friday"]]. */
export function explainCron(schedule: CronSchedule): [string, string][] {
  const explain = (part: CronPart, words?: readonly string[], offset = 0): string => {
    if (part.any) return 'every';
    const step = stepOf(part);
    if (step) return `every ${step}`;
    return listWords(part, words, offset);
  };
  const rows: [string, string][] = [];
  if (schedule.hasSeconds) rows.push(['second', explain(schedule.seconds)]);
  rows.push(
    ['minute', explain(schedule.minutes)],
    ['hour', explain(schedule.hours)],
    ['day of month', explain(schedule.daysOfMonth)],
    ['month', explain(schedule.months, MONTH_WORDS, 1)],
    ['day of week', explain(schedule.daysOfWeek, DAY_WORDS)],
  );
  return rows;
}

/** Why croner (the scheduler) refuses the expression, or null when it reads it. */
function croneRefusal(expression: string): string | null {
  try {
    new Cron(expression.trim(), { paused: true });
    return null;
  } catch (error) {
    return `The scheduler cannot read this expression: ${(error as Error).message}`;
  }
}
