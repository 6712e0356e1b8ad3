import { freeBusyInfo } from '@flowmind/shared/integrations/google';
import { defineAction } from '../define-integration';
import { callGoogle } from './google-client';

type FreeBusyAnswer = {
  calendars?: Record<string, { busy?: { start: string; end: string }[]; errors?: { reason?: string }[] }>;
};

export const freeBusy = defineAction(freeBusyInfo, async (ctx) => {
  const { calendars, timeMin, timeMax, timeZone } = ctx.input;
  const answer = await callGoogle<FreeBusyAnswer>(ctx, {
    method: 'POST',
    path: '/freeBusy',
    body: { timeMin, timeMax, ...(timeZone ? { timeZone } : {}), items: calendars.map((id) => ({ id })) },
  });
  return calendars.map((calendarId) => {
    const found = answer?.calendars?.[calendarId];
    return {
      calendarId,
      busy: (found?.busy ?? []).map(({ start, end }) => ({ start, end })),
      errors: (found?.errors ?? []).map((error) => error.reason ?? 'unknown'),
    };
  });
});
