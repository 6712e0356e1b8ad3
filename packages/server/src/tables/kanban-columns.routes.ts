import { RecordPage, RecordsQueryText } from '@flowmind/shared/table-queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { KanbanColumnService } from './kanban-columns';

const Id = z.string().min(1).max(64);
const ViewParams = z.object({ tableId: Id, viewId: Id });
const ColumnQuery = z.object({
  ...RecordsQueryText.pick({ search: true, limit: true, cursor: true }).shape,
  fieldId: z
    .string({ error: 'fieldId is required' })
    .min(1, 'fieldId is required')
    .max(64)
    .describe('The single select whose options are the columns'),
  column: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('An option id of the board’s single select; leave out for "No value"'),
});

export function registerKanbanColumnRoutes(
  app: FastifyInstance,
  { session, columns }: { session: SessionReader; columns: KanbanColumnService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/tables/:tableId/views/:viewId/kanban-records',
    {
      tags: ['Tables'],
      summary: 'One column of a kanban view, page by page (the counts per column come from GET …/groups)',
      params: ViewParams,
      query: ColumnQuery,
      response: RecordPage,
    },
    async ({ user, params, query }) => {
      const { column, fieldId, ...page } = query;
      return columns.columnRecords({ ...params, userId: user.id, column, fieldId, query: page });
    },
  );
}
