import { deleteEventInfo } from '@flowmind/shared/integrations/google';
import { defineAction } from '../define-integration';
import { callGoogle, segment } from './google-client';

export const deleteEvent = defineAction(deleteEventInfo, async (ctx) => {
  const { calendarId, eventId, sendUpdates } = ctx.input;
  // 410 Gone: deleted before (a retried step, or by someone else), which is what was asked.
  const answer = await callGoogle<{ doneStatus: number } | null>(ctx, {
    method: 'DELETE',
    path: `/calendars/${segment(calendarId)}/events/${segment(eventId)}`,
    query: { sendUpdates },
    doneStatuses: [410],
  });
  return { calendarId, eventId, deleted: true, alreadyDeleted: answer?.doneStatus === 410 };
});
