import { describe, expect, it } from 'vitest';
import { createEventInfo, deleteEventInfo, freeBusyInfo, listEventsInfo, updateEventInfo } from './google';
import { Attendees, EventTime, RangeTime } from './google-inputs';

const problems = (
  schema: { safeParse: (value: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  params: Record<string, unknown>,
) => schema.safeParse(params).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('an event’s start or end', () => {
  it.each([
    ['2026-05-01', { date: '2026-05-01' }],
    ['2026-05-01T10:00', { dateTime: '2026-05-01T10:00:00' }],
    ['2026-05-01T10:00+02:00', { dateTime: '2026-05-01T10:00:00+02:00' }],
    [' 2026-05-01T10:00:30.5Z ', { dateTime: '2026-05-01T10:00:30.5Z' }],
  ])('%j', (given, expected) => {
    expect(EventTime.parse(given)).toEqual(expected);
  });

  it.each(['tomorrow', '2026-02-30', '2026-5-1', '2026-05-01 10:00', '10:00'])('refuses %j', (given) => {
    expect(EventTime.safeParse(given).error?.issues[0]?.message).toBe(
      'Give a day such as 2026-05-01 or a date-time such as 2026-05-01T10:00:00+02:00',
    );
  });

  it('a range’s bounds need an offset, and become instants', () => {
    expect(RangeTime.parse('2026-05-01')).toBe('2026-05-01T00:00:00.000Z');
    expect(RangeTime.parse('2026-05-01T10:00:00+02:00')).toBe('2026-05-01T08:00:00.000Z');
    expect(RangeTime.safeParse('2026-05-01T10:00').success).toBe(false);
  });
});

describe('guests', () => {
  it('takes emails separated by commas, or a JSON list, and refuses what is not an email', () => {
    expect(Attendees.parse('ann@example.com, bob@example.com;')).toEqual(['ann@example.com', 'bob@example.com']);
    expect(Attendees.parse('["ann@example.com"]')).toEqual(['ann@example.com']);
    expect(Attendees.parse('')).toBeUndefined();
    expect(Attendees.safeParse('ann@example.com, bob').error?.issues[0]?.message).toBe(
      'Give email addresses separated by commas',
    );
  });
});

describe('create event input', () => {
  it('defaults to the primary calendar, no Meet and no emails to guests', () => {
    expect(createEventInfo.input.parse({ summary: 'x', start: '2026-05-01', calendarId: '' })).toMatchObject({
      calendarId: 'primary',
      addMeet: false,
      sendUpdates: 'none',
      start: { date: '2026-05-01' },
    });
    expect(createEventInfo.input.parse({ summary: 'x', start: '2026-05-01', addMeet: 'true' }).addMeet).toBe(true);
  });

  it('names the field of each problem with the times', () => {
    expect(problems(createEventInfo.input, { start: '2026-05-01' })).toEqual([['summary', expect.any(String)]]);
    expect(problems(createEventInfo.input, { summary: 'x', start: '2026-05-01', end: '2026-05-01T10:00Z' })).toEqual([
      ['end', 'Give both as days (all day) or both as date-times'],
    ]);
    expect(problems(createEventInfo.input, { summary: 'x', start: '2026-05-02', end: '2026-05-02' })).toEqual([
      ['end', 'An all-day event ends on a later day (exclusive)'],
    ]);
    expect(
      problems(createEventInfo.input, { summary: 'x', start: '2026-05-01T10:00Z', end: '2026-05-01T09:00Z' }),
    ).toEqual([['end', 'The end must come after the start']]);
    expect(problems(createEventInfo.input, { summary: 'x', start: '2026-05-01T10:00' })).toEqual([
      ['start', 'Give the offset (such as +02:00 or Z), or a time zone'],
    ]);
    expect(
      problems(createEventInfo.input, { summary: 'x', start: '2026-05-01T10:00', timeZone: 'Mars/Olympus' }),
    ).toEqual([['timeZone', 'Give a time zone such as Europe/Paris']]);
  });

  it('a time that is not one is the only problem said about it', () => {
    expect(problems(createEventInfo.input, { summary: 'x', start: 'next monday', end: '2026-05-01' })).toEqual([
      ['start', 'Give a day such as 2026-05-01 or a date-time such as 2026-05-01T10:00:00+02:00'],
    ]);
  });

  it('the editor’s check names the times, and leaves expressions for the run', () => {
    expect(createEventInfo.validate?.({ summary: 'x', start: '2026-05-01T10:00Z', end: '2026-05-01' })).toEqual([
      { field: 'end', message: 'Give both as days (all day) or both as date-times' },
    ]);
    expect(createEventInfo.validate?.({ summary: 'x', start: '{{ $json.start }}', end: '2026-05-01' })).toEqual([]);
  });
});

describe('update, delete, list and free/busy input', () => {
  it('an update changes something, and a time zone comes with a time', () => {
    expect(problems(updateEventInfo.input, { eventId: 'e1' })).toEqual([
      ['summary', 'Give at least one thing to change'],
    ]);
    expect(problems(updateEventInfo.input, { eventId: 'e1', timeZone: 'Europe/Paris' })).toEqual([
      ['timeZone', 'Give a start or an end with the time zone'],
    ]);
    expect(problems(updateEventInfo.input, { eventId: ' ', summary: 'x' })).toEqual([
      ['eventId', 'Give the event’s id'],
    ]);
    expect(updateEventInfo.input.parse({ eventId: 'e1', location: 'Room 2', summary: '' })).toMatchObject({
      location: 'Room 2',
      summary: undefined,
    });
  });

  it('a delete needs the event', () => {
    expect(problems(deleteEventInfo.input, {})).toEqual([['eventId', expect.any(String)]]);
  });

  it('a list’s range is in order and its size bounded', () => {
    expect(problems(listEventsInfo.input, { timeMin: '2026-05-02', timeMax: '2026-05-01' })).toEqual([
      ['timeMax', 'Until must come after From'],
    ]);
    expect(problems(listEventsInfo.input, { maxResults: 5000 })).toEqual([['maxResults', expect.any(String)]]);
    expect(listEventsInfo.input.parse({ singleEvents: 'false' })).toMatchObject({
      singleEvents: false,
      maxResults: 250,
    });
  });

  it('free/busy takes calendars separated by commas, primary when none', () => {
    const range = { timeMin: '2026-05-01T08:00:00Z', timeMax: '2026-05-01T18:00:00Z' };
    expect(freeBusyInfo.input.parse(range).calendars).toEqual(['primary']);
    expect(freeBusyInfo.input.parse({ ...range, calendars: 'primary, ann@example.com' }).calendars).toEqual([
      'primary',
      'ann@example.com',
    ]);
    expect(problems(freeBusyInfo.input, { timeMin: range.timeMin })).toEqual([['timeMax', expect.any(String)]]);
  });

  it('only the actions that change the calendar write (an agent asks before them)', () => {
    expect(
      [listEventsInfo, createEventInfo, updateEventInfo, deleteEventInfo, freeBusyInfo].map((a) => [a.name, a.writes]),
    ).toEqual([
      ['listEvents', false],
      ['createEvent', true],
      ['updateEvent', true],
      ['deleteEvent', true],
      ['freeBusy', false],
    ]);
  });
});
