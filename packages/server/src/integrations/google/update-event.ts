import { updateEventInfo } from '@flowmind/shared/integrations/google';
import { defineAction } from '../define-integration';
import { callGoogle, segment } from './google-client';
import { type CalendarEvent, type GoogleApiEvent, googleTime, toCalendarEvent } from './google-events';

/** A patch: only the fields given are sent, so Google leaves the others as they are. */
export const updateEvent = defineAction(updateEventInfo, async (ctx): Promise<CalendarEvent> => {
  const { calendarId, eventId, summary, description, location, start, end, timeZone, attendees, sendUpdates } =
    ctx.input;
  const updated = await callGoogle<GoogleApiEvent>(ctx, {
    method: 'PATCH',
    path: `/calendars/${segment(calendarId)}/events/${segment(eventId)}`,
    query: { sendUpdates },
    body: {
      ...(summary !== undefined ? { summary } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(location !== undefined ? { location } : {}),
      ...(start ? { start: googleTime(start, timeZone) } : {}),
      ...(end ? { end: googleTime(end, timeZone) } : {}),
      ...(attendees ? { attendees: attendees.map((email) => ({ email })) } : {}),
    },
  });
  ctx.log('info', `Updated event ${updated.id}`);
  return toCalendarEvent(calendarId, updated);
});
