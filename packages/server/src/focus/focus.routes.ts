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
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { FocusService } from './focus.service';

const Id = z.string().min(1).max(64);
const AccountQuery = z.object({ accountId: Id });
const SessionParams = z.object({ sessionId: Id });
const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Focus'], ...route } } });

export function registerFocusRoutes(
  app: FastifyInstance,
  { session, focus }: { session: SessionReader; focus: FocusService },
) {
  app.get('/api/focus/settings', doc({ summary: 'Your timer lengths', response: FocusSettings }), async (req) => {
    const user = await session.requireUser(req);
    return focus.getSettings(user.id);
  });
  app.patch(
    '/api/focus/settings',
    doc({ summary: 'Change your timer lengths', body: UpdateFocusSettings, response: FocusSettings }),
    async (req) => {
      const user = await session.requireUser(req);
      return focus.updateSettings(user.id, parse(UpdateFocusSettings, req.body));
    },
  );
  app.get(
    '/api/focus/state',
    doc({
      summary: 'Your running focus period in an account, the cycle so far and your settings',
      query: AccountQuery,
      response: FocusState,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return focus.state({ ...parse(AccountQuery, req.query), userId: user.id });
    },
  );
  app.post(
    '/api/focus/sessions',
    doc({
      summary: 'Start a focus or break period (an open one ends as skipped)',
      body: StartFocusSession,
      response: FocusSession,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      reply.status(201);
      return focus.start({ userId: user.id, input: parse(StartFocusSession, req.body) });
    },
  );
  app.post(
    '/api/focus/sessions/:sessionId/pause',
    doc({
      summary: 'Pause the running period',
      params: SessionParams,
      body: FocusSessionAction,
      response: FocusSession,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      const { accountId } = parse(FocusSessionAction, req.body);
      return focus.pause({ ...parse(SessionParams, req.params), accountId, userId: user.id });
    },
  );
  app.post(
    '/api/focus/sessions/:sessionId/resume',
    doc({ summary: 'Resume a paused period', params: SessionParams, body: FocusSessionAction, response: FocusSession }),
    async (req) => {
      const user = await session.requireUser(req);
      const { accountId } = parse(FocusSessionAction, req.body);
      return focus.resume({ ...parse(SessionParams, req.params), accountId, userId: user.id });
    },
  );
  app.post(
    '/api/focus/sessions/:sessionId/end',
    doc({
      summary: 'End a period as completed or skipped (the time run is kept)',
      params: SessionParams,
      body: EndFocusSession,
      response: FocusSession,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return focus.end({
        ...parse(SessionParams, req.params),
        userId: user.id,
        input: parse(EndFocusSession, req.body),
      });
    },
  );
  app.get(
    '/api/focus/sessions',
    doc({ summary: 'Your ended focus and break periods, newest first', query: FocusLogQuery, response: FocusLog }),
    async (req) => {
      const user = await session.requireUser(req);
      return focus.log({ userId: user.id, query: parse(FocusLogQuery, req.query) });
    },
  );
  app.get(
    '/api/focus/stats',
    doc({
      summary: 'Focused minutes per calendar day in your time zone',
      query: FocusStatsQuery,
      response: FocusStats,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return focus.stats({ userId: user.id, query: parse(FocusStatsQuery, req.query) });
    },
  );
}
