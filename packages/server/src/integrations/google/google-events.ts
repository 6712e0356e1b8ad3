import type { EventTime } from '@flowmind/shared/integrations/google-inputs';

/** An event as Calendar API v3 gives it (the parts the actions read). */
export type GoogleApiEvent = {
  id: string;
  status?: string;
  htmlLink?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
  attendees?: { email?: string; responseStatus?: string }[];
  organizer?: { email?: string };
  hangoutLink?: string;
  conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] };
  recurringEventId?: string;
};

/** One event as the steps give it: plain values, camelCase. */
export type CalendarEvent = {
  id: string;
  calendarId: string;
  summary: string;
  description: string;
  location: string;
  start: string;
  end: string;
  allDay: boolean;
  timeZone: string | null;
  status: string;
  htmlLink: string;
  attendees: string[];
  organizer: string;
  meetLink: string | null;
  recurringEventId: string | null;
};

export function toCalendarEvent(calendarId: string, event: GoogleApiEvent): CalendarEvent {
  const meet = event.conferenceData?.entryPoints?.find((entry) => entry.entryPointType === 'video')?.uri;
  return {
    id: event.id,
    calendarId,
    summary: event.summary ?? '',
    description: event.description ?? '',
    location: event.location ?? '',
    start: event.start?.dateTime ?? event.start?.date ?? '',
    end: event.end?.dateTime ?? event.end?.date ?? '',
    allDay: Boolean(event.start?.date),
    timeZone: event.start?.timeZone ?? null,
    status: event.status ?? 'confirmed',
    htmlLink: event.htmlLink ?? '',
    attendees: (event.attendees ?? []).map((attendee) => attendee.email ?? '').filter(Boolean),
    organizer: event.organizer?.email ?? '',
    meetLink: meet ?? event.hangoutLink ?? null,
    recurringEventId: event.recurringEventId ?? null,
  };
}

/** Google's `{ date }` or `{ dateTime, timeZone }`. */
export const googleTime = (time: EventTime, timeZone: string | undefined) =>
  'date' in time ? { date: time.date } : { dateTime: time.dateTime, ...(timeZone ? { timeZone } : {}) };

/** The default end: the next day for an all-day event, an hour later for a timed one (in its own offset). */
export function endAfter(start: EventTime): EventTime {
  if ('date' in start) {
    const next = new Date(`${start.date}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return { date: next.toISOString().slice(0, 10) };
  }
  const offset = start.dateTime.match(/(Z|[+-]\d{2}:\d{2})$/i)?.[0] ?? '';
  const local = start.dateTime.slice(0, start.dateTime.length - offset.length);
  const later = new Date(Date.parse(`${local}Z`) + 3_600_000).toISOString().slice(0, 19);
  return { dateTime: `${later}${offset}` };
}
