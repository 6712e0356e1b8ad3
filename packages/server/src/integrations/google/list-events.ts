import { listEventsInfo } from '@flowmind/shared/integrations/google';
import { defineAction } from '../define-integration';
import { listAll, segment } from './google-client';
import { type GoogleApiEvent, toCalendarEvent } from './google-events';

export const listEvents = defineAction(listEventsInfo, async (ctx) => {
  const { calendarId, timeMin, timeMax, query, singleEvents, maxResults } = ctx.input;
  const events = await listAll<GoogleApiEvent>(
    ctx,
    {
      path: `/calendars/${segment(calendarId)}/events`,
      query: {
        timeMin,
        timeMax,
        q: query,
        singleEvents,
        // Google orders by start only when repeating events are expanded.
        orderBy: singleEvents ? 'startTime' : undefined,
      },
    },
    maxResults,
    2500,
  );
  return events.map((event) => toCalendarEvent(calendarId, event));
});
