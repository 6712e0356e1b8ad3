import {
  EndFocusSession,
  FocusLog,
  FocusLogQuery,
  FocusSession,
  FocusSessionAction,
  FocusSettings,
  FocusState,
  FocusStats,
  FocusStatsQuery,
  StartFocusSession,
  UpdateFocusSettings,
} from '@flowmind/shared/focus';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { FocusService } from './focus.service';

const Id = z.string().min(1).max(64);
const AccountQuery = z.object({ accountId: Id });
const SessionParams = z.object({ sessionId: Id });
const tags = ['Focus'];

export function registerFocusRoutes(
  app: FastifyInstance,
  { session, focus }: { session: SessionReader; focus: FocusService },
) {
  const route = routesFor(app, session);
  route.get('/api/focus/settings', { tags, summary: 'Your timer lengths', response: FocusSettings }, ({ user }) =>
    focus.getSettings(user.id),
  );
  route.patch(
    '/api/focus/settings',
    { tags, summary: 'Change your timer lengths', body: UpdateFocusSettings, response: FocusSettings },
    ({ user, body }) => focus.updateSettings(user.id, body),
  );
  route.get(
    '/api/focus/state',
    {
      tags,
      summary: 'Your running focus period in an account, the cycle so far and your settings',
      query: AccountQuery,
      response: FocusState,
    },
    ({ user, query }) => focus.state({ ...query, userId: user.id }),
  );
  route.post(
    '/api/focus/sessions',
    {
      tags,
      summary: 'Start a focus or break period (an open one ends as skipped)',
      body: StartFocusSession,
      response: FocusSession,
      status: 201,
    },
    ({ user, body }) => focus.start({ userId: user.id, input: body }),
  );
  route.post(
    '/api/focus/sessions/:sessionId/pause',
    {
      tags,
      summary: 'Pause the running period',
      params: SessionParams,
      body: FocusSessionAction,
      response: FocusSession,
    },
    ({ user, params, body }) => focus.pause({ ...params, accountId: body.accountId, userId: user.id }),
  );
  route.post(
    '/api/focus/sessions/:sessionId/resume',
    {
      tags,
      summary: 'Resume a paused period',
      params: SessionParams,
      body: FocusSessionAction,
      response: FocusSession,
    },
    ({ user, params, body }) => focus.resume({ ...params, accountId: body.accountId, userId: user.id }),
  );
  route.post(
    '/api/focus/sessions/:sessionId/end',
    {
      tags,
      summary: 'End a period as completed or skipped (the time run is kept)',
      params: SessionParams,
      body: EndFocusSession,
      response: FocusSession,
    },
    ({ user, params, body }) => focus.end({ ...params, userId: user.id, input: body }),
  );
  route.get(
    '/api/focus/sessions',
    { tags, summary: 'Your ended focus and break periods, newest first', query: FocusLogQuery, response: FocusLog },
    ({ user, query }) => focus.log({ userId: user.id, query }),
  );
  route.get(
    '/api/focus/stats',
    {
      tags,
      summary: 'Focused minutes per calendar day in your time zone',
      query: FocusStatsQuery,
      response: FocusStats,
    },
    ({ user, query }) => focus.stats({ userId: user.id, query }),
  );
}
