import { eventChangedInfo } from '@flowmind/shared/integrations/google';
import { defineTrigger, type PollContext, type TriggerItem } from '../define-integration';
import { callGoogle, segment } from './google-client';
import { type GoogleApiEvent, toCalendarEvent } from './google-events';

type SyncedEvent = GoogleApiEvent & { created?: string; updated?: string };
type EventsPage = { items?: SyncedEvent[]; nextPageToken?: string; nextSyncToken?: string; updated?: string };
type On = 'new' | 'changed' | 'cancelled';

/**
 * Where the calendar's sync stands: Google's `syncToken`; `pageToken` when the last poll stopped
 * at its limit inside a sync's pages (the next poll reads on from there); `since`, the calendar's
 * `updated` (Google's clock) when the token was given: an event `created` after it is new.
 */
export type EventChangedCursor = { syncToken: string; pageToken?: string; since: string };

/** Full sync pages: the most Google gives at once. */
const FULL_SYNC_PAGE = 2500;

/**
 * The same parameters on the full sync and on every incremental one, as Google requires: a
 * repeating event is one item (`singleEvents` false), a changed occurrence its own.
 */
const eventsPath = (calendarId: string) => `/calendars/${segment(calendarId)}/events`;

/**
 * Reads every page of the calendar without a sync token (no runs) and gives the cursor of its
 * `nextSyncToken` (Google gives one at the last page).
 */
async function fullSync(ctx: PollContext<{ calendarId: string }>): Promise<EventChangedCursor> {
  let pageToken: string | undefined;
  for (;;) {
    const page = await callGoogle<EventsPage>(ctx, {
      path: eventsPath(ctx.input.calendarId),
      query: { maxResults: FULL_SYNC_PAGE, pageToken },
    });
    if (page?.nextPageToken) {
      pageToken = page.nextPageToken;
      continue;
    }
    if (!page?.nextSyncToken) throw new Error('Google Calendar gave no sync token at the end of a full sync');
    return { syncToken: page.nextSyncToken, since: page.updated ?? new Date().toISOString() };
  }
}

/** Which event this is for the trigger's setting, or null when it is not one it starts runs for. */
export function eventKind(event: SyncedEvent, on: On, since: string): 'created' | 'changed' | 'cancelled' | null {
  if (event.status === 'cancelled') return on === 'cancelled' ? 'cancelled' : null;
  const isNew = Boolean(event.created) && (event.created ?? '') > since;
  if (on === 'new') return isNew ? 'created' : null;
  return isNew ? 'created' : 'changed';
}

/**
 * A run per version of an event (`event:<id>:<updated>`); with "new only" a run per event
 * (`event:<id>`), so an event made and changed around a poll's boundary starts one run.
 */
export function eventKey(event: SyncedEvent, on: On) {
  if (on === 'new') return `event:${event.id}`;
  return `event:${event.id}:${event.updated ?? (event.status === 'cancelled' ? 'cancelled' : '')}`;
}

export const eventChangedTrigger = defineTrigger(eventChangedInfo, {
  async poll(ctx) {
    const { calendarId, on } = ctx.input;
    const cursor = ctx.cursor as EventChangedCursor | null;
    // The first poll only records where the calendar stands: nothing older is sent.
    if (!cursor?.syncToken) return { items: [], cursor: await fullSync(ctx) };
    const items: TriggerItem[] = [];
    let pageToken = cursor.pageToken;
    for (;;) {
      // At most what is left of the limit a page, so no item read is dropped past the cursor.
      const page = await callGoogle<EventsPage | { doneStatus: number }>(ctx, {
        path: eventsPath(calendarId),
        query: { syncToken: cursor.syncToken, pageToken, maxResults: Math.max(1, ctx.limit - items.length) },
        doneStatuses: [410],
      });
      if (page && 'doneStatus' in page) {
        // 410 fullSyncRequired: Google invalidated the token. Sync again, silently, and go on from there.
        ctx.log?.('warn', 'Google Calendar asked for a full sync (410): synced again, without runs');
        return { items: [], cursor: await fullSync(ctx) };
      }
      for (const event of page?.items ?? []) {
        const kind = eventKind(event, on, cursor.since);
        if (!kind) continue;
        items.push({
          key: eventKey(event, on),
          item: {
            ...toCalendarEvent(calendarId, event),
            created: event.created ?? null,
            updated: event.updated ?? null,
            event: kind,
          },
        });
      }
      if (page?.nextPageToken) {
        if (items.length >= ctx.limit) return { items, cursor: { ...cursor, pageToken: page.nextPageToken } };
        pageToken = page.nextPageToken;
        continue;
      }
      if (!page?.nextSyncToken) throw new Error('Google Calendar gave no sync token at the end of a sync');
      return { items, cursor: { syncToken: page.nextSyncToken, since: page.updated ?? new Date().toISOString() } };
    }
  },
});
