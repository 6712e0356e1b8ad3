import { queryParam, RecordsFilterText } from '@flowmind/shared/table-queries';
import { RecordSummary, SummaryRequest } from '@flowmind/shared/table-summary';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { RecordSummaryService } from './record-summary';

const TableParams = z.object({ tableId: z.string().min(1).max(64) });
const SummaryQuery = RecordsFilterText.extend({
  viewId: RecordsFilterText.shape.viewId.describe('The view whose filter (and saved summaries) apply'),
  summaries: queryParam(SummaryRequest.optional(), 'json', 'summaries').describe(
    'JSON object of field id → count, filled, empty, unique, sum, avg, min, max, percent_checked, …',
  ),
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
      query: SummaryQuery,
      response: RecordSummary,
    },
    async ({ user, params, query }) => {
      const { summaries: requested, ...filter } = query;
      return summaries.summarize({ ...params, userId: user.id, query: filter, summaries: requested });
    },
  );
}
