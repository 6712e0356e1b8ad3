import { z } from 'zod';
import type { ParamField, ParamIssue } from '../flow-steps';
import { CONNECTION_PARAM } from './define-integration';

/**
 * What Google Calendar's actions take, checked before a call: days and date-times with offsets
 * or a zone, guests, calendars, and the editor's fields for them (`google.ts` puts them together).
 */

export const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;
const OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;

/** A valid calendar day (no 2026-02-30). */
const realDate = (value: string) => {
  const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value.slice(0, 10);
};

/**
 * When an event starts or ends: a day (`2026-05-01`, all day) or a date-time
 * (`2026-05-01T10:00:00+02:00`; without an offset, the event's time zone says where).
 */
export const EventTime = z
  .string()
  .trim()
  .refine(
    (value) => (DATE.test(value) || DATE_TIME.test(value)) && realDate(value),
    'Give a day such as 2026-05-01 or a date-time such as 2026-05-01T10:00:00+02:00',
  )
  .transform(
    (value): EventTime =>
      DATE.test(value)
        ? { date: value }
        : // Google wants seconds: 10:00 → 10:00:00.
          { dateTime: value.replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?=$|Z|[+-])/i, '$1:00') },
  );
export type EventTime = { date: string } | { dateTime: string };

/** A moment for a range (listing, free/busy): Google asks for an offset; a day is its midnight UTC. */
export const RangeTime = z
  .string()
  .trim()
  .refine(
    (value) => (DATE.test(value) || (DATE_TIME.test(value) && OFFSET.test(value))) && realDate(value),
    'Give a date-time with its offset, such as 2026-05-01T00:00:00Z, or a day such as 2026-05-01',
  )
  .transform((value) => new Date(DATE.test(value) ? `${value}T00:00:00Z` : value).toISOString());

/** An IANA time zone (`Europe/Paris`), as Google Calendar takes it. */
export const TimeZone = z
  .string()
  .trim()
  .max(100)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Give a time zone such as Europe/Paris');

export const fromList = (value: unknown) => {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  return text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
};

/** People invited: emails separated by commas, or a JSON list. */
export const Attendees = z.preprocess(
  fromList,
  z
    .array(z.email('Give email addresses separated by commas').trim(), {
      error: 'Give email addresses separated by commas',
    })
    .max(300, 'Google Calendar takes at most 300 attendees')
    .optional(),
);

export const CalendarId = z.preprocess(
  (value) => blankAsMissing(typeof value === 'string' ? value.trim() : value),
  z.string().max(500).default('primary'),
);
export const EventId = z.string().trim().min(1, 'Give the event’s id').max(1024);
export const SendUpdates = z.enum(['none', 'all', 'externalOnly']).default('none');
export const optionalText = (max: number) => z.preprocess(blankAsMissing, z.string().max(max).optional());
export const optionalBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : blankAsMissing(value)),
  z.boolean().optional(),
);

export const calendarField = (help: string): ParamField => ({
  key: 'calendarId',
  label: 'Calendar',
  kind: 'connectionOption',
  connectionKey: CONNECTION_PARAM,
  list: 'calendars',
  default: 'primary',
  placeholder: 'primary',
  help,
});
export const eventIdField: ParamField = {
  key: 'eventId',
  label: 'Event id',
  kind: 'text',
  required: true,
  placeholder: '{{ $json.id }}',
  help: 'The event’s id, as List events or Create event give it.',
};
export const timeField = (key: 'start' | 'end', label: string, help: string, required = false): ParamField => ({
  key,
  label,
  kind: 'text',
  ...(required ? { required } : {}),
  placeholder: key === 'start' ? '2026-05-01T10:00:00+02:00' : '2026-05-01T11:00:00+02:00',
  help,
});
export const sendUpdatesField: ParamField = {
  key: 'sendUpdates',
  label: 'Tell the guests',
  kind: 'select',
  options: [
    { value: 'none', label: 'No one' },
    { value: 'all', label: 'Every guest (email)' },
    { value: 'externalOnly', label: 'Guests outside Google Calendar' },
  ],
  default: 'none',
};
export const eventFields: ParamField[] = [
  { key: 'description', label: 'Description', kind: 'textarea' },
  { key: 'location', label: 'Location', kind: 'text', placeholder: 'Room 4, or an address' },
  {
    key: 'timeZone',
    label: 'Time zone',
    kind: 'timezone',
    help: 'Where the times are, when they have no offset (and for repeating events). Empty: the calendar’s.',
  },
  {
    key: 'attendees',
    label: 'Guests',
    kind: 'text',
    placeholder: 'ann@example.com, bob@example.com',
    help: 'Email addresses, separated by commas, or a JSON list.',
  },
];

/** Start and end are both days or both date-times, the end after the start. */
export function timesAgree(
  start: EventTime | undefined,
  end: EventTime | undefined,
  timeZone: string | undefined,
): { path: string; message: string } | null {
  // A time that failed its own check is still its text here: its issue is already said.
  if ([start, end].some((time) => time !== undefined && (typeof time !== 'object' || time === null))) return null;
  for (const [path, time] of [
    ['start', start],
    ['end', end],
  ] as const)
    if (time && 'dateTime' in time && !OFFSET.test(time.dateTime) && !timeZone)
      return { path, message: 'Give the offset (such as +02:00 or Z), or a time zone' };
  if (!start || !end) return null;
  if ('date' in start !== 'date' in end)
    return { path: 'end', message: 'Give both as days (all day) or both as date-times' };
  if ('date' in start && 'date' in end)
    return end.date > start.date ? null : { path: 'end', message: 'An all-day event ends on a later day (exclusive)' };
  if ('dateTime' in start && 'dateTime' in end) {
    const from = OFFSET.test(start.dateTime) ? Date.parse(start.dateTime) : Date.parse(`${start.dateTime}Z`);
    const to = OFFSET.test(end.dateTime) ? Date.parse(end.dateTime) : Date.parse(`${end.dateTime}Z`);
    // Two local times in one zone, or two instants: either way comparable when both have offsets or neither.
    if (OFFSET.test(start.dateTime) === OFFSET.test(end.dateTime) && to <= from)
      return { path: 'end', message: 'The end must come after the start' };
  }
  return null;
}

export const issuesOf = (schema: z.ZodType, params: Record<string, unknown>): ParamIssue[] => {
  // Values still holding an expression are checked when the step runs.
  const settled = Object.fromEntries(
    Object.entries(params).filter(([, value]) => !(typeof value === 'string' && value.includes('{{'))),
  );
  const parsed = schema.safeParse(settled);
  if (parsed.success) return [];
  return parsed.error.issues
    .filter((issue) => ['start', 'end'].includes(String(issue.path[0])) && issue.code === 'custom')
    .map((issue) => ({ field: String(issue.path[0]), message: issue.message }));
};
