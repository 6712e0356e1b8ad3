import { AppError } from '@flowmind/shared/errors';
import { RecordSummary, SummaryRequest } from '@flowmind/shared/table-summary';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import { parse } from '../http/errors';
import type { SessionReader } from '../http/session';
import type { RecordSummaryService } from './record-summary';
import { recordsQuery } from './table.routes';

const TableParams = z.object({ tableId: z.string().min(1).max(64) });
const SummaryQueryDoc = z.object({
  viewId: z.string().optional().describe('The view whose filter (and saved summaries) apply'),
  filter: z.string().optional().describe('JSON FilterGroup, instead of the view’s filter'),
  search: z.string().max(200).optional(),
  summaries: z
    .string()
    .optional()
    .describe('JSON object of field id → count, filled, empty, unique, sum, avg, min, max, percent_checked, …'),
});

export function registerRecordSummaryRoutes(
  app: FastifyInstance,
  { session, summaries }: { session: SessionReader; summaries: RecordSummaryService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/tables/:tableId/summary',
    {
      tags: ['Tables'],
      summary: 'Summaries per field (count, sum, average, min, max, percent checked, …) over a whole view',
      params: TableParams,
      query: SummaryQueryDoc,
      response: RecordSummary,
    },
    async ({ req, user, params }) => {
      const { summaries: raw, ...rest } = (req.query ?? {}) as Record<string, string>;
      const { filter, search, viewId } = recordsQuery(rest);
      let requested: unknown;
      if (raw !== undefined) {
        try {
          requested = JSON.parse(raw);
        } catch {
          throw new AppError('bad_request', 'summaries must be JSON', 'summaries');
        }
      }
      return summaries.summarize({
        ...params,
        userId: user.id,
        query: { filter, search, viewId },
        summaries:
          requested === undefined
            ? undefined
            : parse(z.object({ summaries: SummaryRequest }), { summaries: requested }).summaries,
      });
    },
  );
}
