import { z } from 'zod';
import { defineActionInfo, defineIntegrationInfo, defineTriggerInfo } from './define-integration';
import {
  Attendees,
  blankAsMissing,
  CalendarId,
  calendarField,
  EventId,
  EventTime,
  eventFields,
  eventIdField,
  fromList,
  issuesOf,
  optionalBoolean,
  optionalText,
  RangeTime,
  SendUpdates,
  sendUpdatesField,
  TimeZone,
  timeField,
  timesAgree,
} from './google-inputs';

/**
 * Google Calendar in flows and agents: what each action asks for. The server calls Calendar API v3
 * over fetch (`packages/server/src/integrations/google/`).
 */

/** Calendar read and write, and the account's email to name the connection by. */
export const GOOGLE_SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/calendar'] as const;

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
