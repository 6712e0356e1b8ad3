import { randomUUID } from 'node:crypto';
import { createEventInfo } from '@flowmind/shared/integrations/google';
import { defineAction } from '../define-integration';
import { callGoogle, segment } from './google-client';
import { type CalendarEvent, endAfter, type GoogleApiEvent, googleTime, toCalendarEvent } from './google-events';

export const createEvent = defineAction(createEventInfo, async (ctx): Promise<CalendarEvent> => {
  const { calendarId, summary, description, location, start, end, timeZone, attendees, addMeet, sendUpdates } =
    ctx.input;
  const created = await callGoogle<GoogleApiEvent>(ctx, {
    method: 'POST',
    path: `/calendars/${segment(calendarId)}/events`,
    query: { sendUpdates, ...(addMeet ? { conferenceDataVersion: 1 } : {}) },
    body: {
      summary,
      ...(description ? { description } : {}),
      ...(location ? { location } : {}),
      start: googleTime(start, timeZone),
      end: googleTime(end ?? endAfter(start), timeZone),
      ...(attendees?.length ? { attendees: attendees.map((email) => ({ email })) } : {}),
      ...(addMeet
        ? {
            conferenceData: {
              createRequest: { requestId: randomUUID(), conferenceSolutionKey: { type: 'hangoutsMeet' } },
            },
          }
        : {}),
    },
  });
  ctx.log('info', `Created event ${created.id}`);
  return toCalendarEvent(calendarId, created);
});
