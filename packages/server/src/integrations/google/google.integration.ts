import { GOOGLE_SCOPES, googleInfo } from '@flowmind/shared/integrations/google';
import { createIntegration } from '../define-integration';
import { createEvent } from './create-event';
import { deleteEvent } from './delete-event';
import { eventChangedTrigger } from './event-changed';
import { freeBusy } from './free-busy';
import { callGoogle, listAll } from './google-client';
import { googleOAuth } from './google-oauth';
import { listEvents } from './list-events';
import { updateEvent } from './update-event';

type CalendarListEntry = { id: string; summary?: string; summaryOverride?: string; primary?: boolean };

/** Google Calendar: a Google account connected through OAuth (offline access), in flows and agents. */
export const googleIntegration = createIntegration(googleInfo, {
  auth: { kind: 'oauth2', scopes: GOOGLE_SCOPES, oauth: googleOAuth },
  actions: [listEvents, createEvent, updateEvent, deleteEvent, freeBusy],
  triggers: [eventChangedTrigger],
  options: {
    // The account's own calendar is `primary`, the steps' default; the others by id.
    calendars: async (ctx) => {
      const entries = await listAll<CalendarListEntry>(ctx, { path: '/users/me/calendarList' }, 1000, 250);
      const named = (entry: CalendarListEntry) => entry.summaryOverride || entry.summary || entry.id;
      return [
        ...entries
          .filter((entry) => entry.primary)
          .map((entry) => ({ value: 'primary', label: `${named(entry)} (primary)` })),
        ...entries
          .filter((entry) => !entry.primary)
          .map((entry) => ({ value: entry.id, label: named(entry) }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      ];
    },
  },
  // The account's own calendar is named by its email: that is who the token acts as.
  check: async (ctx) => {
    const { items = [] } = await callGoogle<{ items?: CalendarListEntry[] }>(ctx, {
      path: '/users/me/calendarList',
      query: { minAccessRole: 'owner', maxResults: 250 },
    });
    return items.find((entry) => entry.primary)?.id ?? 'Google Calendar';
  },
});
