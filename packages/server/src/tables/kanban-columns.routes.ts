import { RecordPage } from '@flowmind/shared/tables';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import { parse } from '../http/errors';
import type { SessionReader } from '../http/session';
import type { KanbanColumnService } from './kanban-columns';
import { recordsQuery } from './table.routes';

const Id = z.string().min(1).max(64);
const ViewParams = z.object({ tableId: Id, viewId: Id });
const ColumnQuery = z.object({
  fieldId: z.string({ error: 'fieldId is required' }).min(1, 'fieldId is required').max(64),
  column: z.string().min(1).max(64).optional(),
});
const ColumnQueryDoc = ColumnQuery.extend({
  fieldId: z.string().describe('The single select whose options are the columns'),
  column: z.string().optional().describe('An option id of the board’s single select; leave out for "No value"'),
  search: z.string().max(200).optional(),
  limit: z.string().optional().describe('1 to 1000, default 100'),
  cursor: z.string().optional().describe('nextCursor of the previous page'),
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
      query: ColumnQueryDoc,
      response: RecordPage,
    },
    async ({ req, user, params }) => {
      const { column, fieldId, ...rest } = (req.query ?? {}) as Record<string, string>;
      const { search, limit, cursor } = recordsQuery(rest);
      return columns.columnRecords({
        ...params,
        userId: user.id,
        ...parse(ColumnQuery, { column, fieldId }),
        query: { search, limit, cursor },
      });
    },
  );
}
