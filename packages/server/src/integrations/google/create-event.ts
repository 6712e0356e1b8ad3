import { createHash } from 'node:crypto';
import { createEventInfo } from '@flowmind/shared/integrations/google';
import { defineAction } from '../define-integration';
import { callGoogle, segment } from './google-client';
import { type CalendarEvent, endAfter, type GoogleApiEvent, googleTime, toCalendarEvent } from './google-events';

/**
 * The event's id, chosen here from the attempt's idempotency key: Google takes a client id of
 * base32hex characters (0-9, a-v), and hex is a part of those. A retry whose first answer was
 * lost asks for the same id and gets 409 "duplicate"; the event the first attempt made is then read back.
 */
export const eventIdFor = (idempotencyKey: string) =>
  createHash('sha256').update(`flowmind-event:${idempotencyKey}`).digest('hex').slice(0, 32);

export const createEvent = defineAction(createEventInfo, async (ctx): Promise<CalendarEvent> => {
  const { calendarId, summary, description, location, start, end, timeZone, attendees, addMeet, sendUpdates } =
    ctx.input;
  const id = eventIdFor(ctx.idempotencyKey);
  const answer = await callGoogle<GoogleApiEvent | { doneStatus: number }>(ctx, {
    method: 'POST',
    path: `/calendars/${segment(calendarId)}/events`,
    query: { sendUpdates, ...(addMeet ? { conferenceDataVersion: 1 } : {}) },
    doneStatuses: [409],
    body: {
      id,
      summary,
      ...(description ? { description } : {}),
      ...(location ? { location } : {}),
      start: googleTime(start, timeZone),
      end: googleTime(end ?? endAfter(start), timeZone),
      ...(attendees?.length ? { attendees: attendees.map((email) => ({ email })) } : {}),
      ...(addMeet
        ? {
            conferenceData: {
              createRequest: { requestId: id, conferenceSolutionKey: { type: 'hangoutsMeet' } },
            },
          }
        : {}),
    },
  });
  if ('doneStatus' in answer) {
    const made = await callGoogle<GoogleApiEvent>(ctx, {
      path: `/calendars/${segment(calendarId)}/events/${segment(id)}`,
    });
    ctx.log('info', `Event ${made.id} was created by an earlier attempt of this step`);
    return toCalendarEvent(calendarId, made);
  }
  ctx.log('info', `Created event ${answer.id}`);
  return toCalendarEvent(calendarId, answer);
});
