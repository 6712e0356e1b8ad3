import { z } from 'zod';
import type { ParamField, ParamIssue } from '../flow-steps';
import { CONNECTION_PARAM, defineActionInfo, defineIntegrationInfo, defineTriggerInfo } from './define-integration';

/**
 * Google Calendar in flows and agents: what each action asks for. The server calls Calendar API v3
 * over fetch (`packages/server/src/integrations/google/`).
 */

/** Calendar read and write, and the account's email to name the connection by. */
export const GOOGLE_SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/calendar'] as const;

const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

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

const fromList = (value: unknown) => {
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

const CalendarId = z.preprocess(
  (value) => blankAsMissing(typeof value === 'string' ? value.trim() : value),
  z.string().max(500).default('primary'),
);
const EventId = z.string().trim().min(1, 'Give the event’s id').max(1024);
const SendUpdates = z.enum(['none', 'all', 'externalOnly']).default('none');
const optionalText = (max: number) => z.preprocess(blankAsMissing, z.string().max(max).optional());
const optionalBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : blankAsMissing(value)),
  z.boolean().optional(),
);

const calendarField = (help: string): ParamField => ({
  key: 'calendarId',
  label: 'Calendar',
  kind: 'connectionOption',
  connectionKey: CONNECTION_PARAM,
  list: 'calendars',
  default: 'primary',
  placeholder: 'primary',
  help,
});
const eventIdField: ParamField = {
  key: 'eventId',
  label: 'Event id',
  kind: 'text',
  required: true,
  placeholder: '{{ $json.id }}',
  help: 'The event’s id, as List events or Create event give it.',
};
const timeField = (key: 'start' | 'end', label: string, help: string, required = false): ParamField => ({
  key,
  label,
  kind: 'text',
  ...(required ? { required } : {}),
  placeholder: key === 'start' ? '2026-05-01T10:00:00+02:00' : '2026-05-01T11:00:00+02:00',
  help,
});
const sendUpdatesField: ParamField = {
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
const eventFields: ParamField[] = [
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
function timesAgree(
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

const issuesOf = (schema: z.ZodType, params: Record<string, unknown>): ParamIssue[] => {
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

export const listEventsInfo = defineActionInfo({
  name: 'listEvents',
  label: 'List events',
  description: 'The events of a calendar in a time range, ordered by start, one item each.',
  icon: 'calendar-search',
  writes: false,
  fields: [
    calendarField('The calendar to read; primary is the account’s own.'),
    {
      key: 'timeMin',
      label: 'From',
      kind: 'text',
      placeholder: '{{ $now.toISO() }}',
      help: 'Events ending after this (a date-time with its offset, or a day). Empty: no lower bound.',
    },
    {
      key: 'timeMax',
      label: 'Until',
      kind: 'text',
      placeholder: '2026-05-08T00:00:00Z',
      help: 'Events starting before this. Empty: no upper bound.',
    },
    {
      key: 'query',
      label: 'Text',
      kind: 'text',
      help: 'Only events with this text (title, description, place, guests).',
    },
    {
      key: 'singleEvents',
      label: 'Expand repeating events',
      kind: 'boolean',
      default: true,
      help: 'Each occurrence of a repeating event is its own item, and events come ordered by start.',
    },
    { key: 'maxResults', label: 'At most', kind: 'number', default: 250, min: 1, max: 2500 },
  ],
  input: z
    .object({
      calendarId: CalendarId,
      timeMin: z.preprocess(blankAsMissing, RangeTime.optional()),
      timeMax: z.preprocess(blankAsMissing, RangeTime.optional()),
      query: optionalText(500),
      singleEvents: optionalBoolean.transform((value) => value ?? true),
      maxResults: z.coerce.number().int().min(1).max(2500).default(250),
    })
    .refine((input) => !input.timeMin || !input.timeMax || input.timeMin < input.timeMax, {
      path: ['timeMax'],
      message: 'Until must come after From',
    }),
  docs: [
    'Reads the events of a calendar between **From** and **Until** (either may be empty), ordered by start when repeating events are expanded.',
    '',
    'One item per event: `id`, `summary`, `description`, `location`, `start` and `end` (a date-time, or a day for all-day events), `allDay`, `status`, `htmlLink`, `attendees` (emails), `organizer`, `meetLink`, `recurringEventId`.',
  ].join('\n'),
});

const eventTimes = {
  start: z.preprocess(blankAsMissing, EventTime.optional()),
  end: z.preprocess(blankAsMissing, EventTime.optional()),
  timeZone: z.preprocess(blankAsMissing, TimeZone.optional()),
};

const createEventInput = z
  .object({
    calendarId: CalendarId,
    summary: z.string().trim().min(1, 'Give a title').max(1024),
    description: optionalText(8000),
    location: optionalText(1024),
    ...eventTimes,
    start: EventTime,
    attendees: Attendees,
    addMeet: optionalBoolean.transform((value) => value ?? false),
    sendUpdates: SendUpdates,
  })
  .superRefine((input, ctx) => {
    const problem = timesAgree(input.start, input.end, input.timeZone);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });

export const createEventInfo = defineActionInfo({
  name: 'createEvent',
  label: 'Create event',
  description: 'Add an event to a calendar, timed or all day, with guests and a Google Meet link if asked.',
  icon: 'calendar-plus',
  writes: true,
  fields: [
    calendarField('The calendar to add to; primary is the account’s own.'),
    { key: 'summary', label: 'Title', kind: 'text', required: true, placeholder: 'Call with {{ $json.body.name }}' },
    timeField('start', 'Start', 'A date-time (2026-05-01T10:00:00+02:00) or a day (2026-05-01) for all day.', true),
    timeField('end', 'End', 'Same kind as the start. Empty: an hour later, or the one day.'),
    ...eventFields,
    { key: 'addMeet', label: 'Add a Google Meet link', kind: 'boolean', default: false },
    sendUpdatesField,
  ],
  input: createEventInput,
  validate: (params) => issuesOf(createEventInput, params),
  docs: [
    'Creates an event. **Start** and **End** are both date-times (`2026-05-01T10:00:00+02:00`; without an offset, give a time zone) or both days (`2026-05-01`, all day; the end day is exclusive, as Google counts it).',
    '',
    '- **Guests**: emails separated by commas; **Tell the guests** decides who gets an invitation email.',
    '- **Add a Google Meet link**: asks Google for a video meeting link (`meetLink` in the output).',
    '',
    'Output: the event as List events gives it (`id`, `htmlLink`, `start`, `end`…).',
  ].join('\n'),
});

const updateEventInput = z
  .object({
    calendarId: CalendarId,
    eventId: EventId,
    summary: optionalText(1024),
    description: optionalText(8000),
    location: optionalText(1024),
    ...eventTimes,
    attendees: Attendees,
    sendUpdates: SendUpdates,
  })
  .superRefine((input, ctx) => {
    const problem = timesAgree(input.start, input.end, input.timeZone);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    if (input.timeZone && !input.start && !input.end)
      ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'Give a start or an end with the time zone' });
    const { calendarId: _calendar, eventId: _event, sendUpdates: _updates, ...changes } = input;
    if (Object.values(changes).every((value) => value === undefined))
      ctx.addIssue({ code: 'custom', path: ['summary'], message: 'Give at least one thing to change' });
  });

export const updateEventInfo = defineActionInfo({
  name: 'updateEvent',
  label: 'Update event',
  description: 'Change the fields given of an event, and leave the others.',
  icon: 'calendar-cog',
  writes: true,
  fields: [
    calendarField('The event’s calendar.'),
    eventIdField,
    { key: 'summary', label: 'Title', kind: 'text' },
    timeField('start', 'Start', 'A date-time or a day; empty keeps it.'),
    timeField('end', 'End', 'Same kind as the start; empty keeps it.'),
    ...eventFields.map((field) =>
      field.key === 'attendees' ? { ...field, help: 'Replaces the guest list. Empty keeps it.' } : field,
    ),
    sendUpdatesField,
  ],
  input: updateEventInput,
  validate: (params) => issuesOf(updateEventInput, params),
  docs: 'Patches the event: only the fields given change (Guests replaces the whole list). Output: the event as List events gives it.',
});

export const deleteEventInfo = defineActionInfo({
  name: 'deleteEvent',
  label: 'Delete event',
  description: 'Remove an event from a calendar.',
  icon: 'calendar-x',
  writes: true,
  fields: [calendarField('The event’s calendar.'), eventIdField, sendUpdatesField],
  input: z.object({ calendarId: CalendarId, eventId: EventId, sendUpdates: SendUpdates }),
  docs: 'Deletes the event (all its occurrences for a repeating one). An event already deleted is not an error: `alreadyDeleted` says so. Output: `calendarId`, `eventId`, `deleted`, `alreadyDeleted`.',
});

const freeBusyInput = z
  .object({
    calendars: z.preprocess(
      (value) => fromList(value) ?? ['primary'],
      z
        .array(z.string().trim().min(1).max(500), { error: 'Give calendar ids separated by commas' })
        .min(1, 'Give at least one calendar')
        .max(50, 'Google answers for at most 50 calendars at once'),
    ),
    timeMin: RangeTime,
    timeMax: RangeTime,
    timeZone: z.preprocess(blankAsMissing, TimeZone.optional()),
  })
  .refine((input) => input.timeMin < input.timeMax, { path: ['timeMax'], message: 'Until must come after From' });

export const freeBusyInfo = defineActionInfo({
  name: 'freeBusy',
  label: 'Free/busy',
  description: 'When calendars are busy in a time range, one item per calendar.',
  icon: 'calendar-clock',
  writes: false,
  fields: [
    {
      key: 'calendars',
      label: 'Calendars',
      kind: 'text',
      default: 'primary',
      placeholder: 'primary, ann@example.com',
      help: 'Calendar ids (an email is a person’s primary calendar), separated by commas.',
    },
    { key: 'timeMin', label: 'From', kind: 'text', required: true, placeholder: '2026-05-01T08:00:00+02:00' },
    { key: 'timeMax', label: 'Until', kind: 'text', required: true, placeholder: '2026-05-01T18:00:00+02:00' },
    { key: 'timeZone', label: 'Time zone', kind: 'timezone', help: 'The zone of the busy times given back.' },
  ],
  input: freeBusyInput,
  docs: 'Asks Google when each calendar is busy between **From** and **Until**. One item per calendar: `calendarId`, `busy` (a list of `{ start, end }`) and `errors` (a calendar Google would not tell, such as another person’s not shared).',
});

export const eventChangedInfo = defineTriggerInfo({
  name: 'eventChanged',
  label: 'New or changed event',
  description: 'Start the flow when an event is added to a calendar, or changed (or cancelled).',
  icon: 'calendar-clock',
  fields: [
    calendarField('The calendar to watch; primary is the account’s own.'),
    {
      key: 'on',
      label: 'Which events',
      kind: 'select',
      options: [
        { value: 'new', label: 'New events only' },
        { value: 'changed', label: 'New or changed events' },
        { value: 'cancelled', label: 'New, changed or cancelled events' },
      ],
      default: 'changed',
    },
  ],
  input: z.object({
    calendarId: CalendarId,
    on: z
      .enum(['new', 'changed', 'cancelled'], { error: 'Choose new, new or changed, or also cancelled' })
      .default('changed'),
  }),
  docs: 'The calendar is read every minute with Calendar API sync tokens; one run per event added (and per change, or cancellation, by **Which events**), oldest first: the event as List events gives it, with `created`, `updated` and `event` (`created`, `changed` or `cancelled`). Events from before publishing are not sent. A repeating event is one item (a changed occurrence is its own, with `recurringEventId`).',
});

export const googleInfo = defineIntegrationInfo({
  provider: 'google',
  label: 'Google Calendar',
  actions: [listEventsInfo, createEventInfo, updateEventInfo, deleteEventInfo, freeBusyInfo],
  triggers: [eventChangedInfo],
});
