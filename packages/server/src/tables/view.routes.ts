import { CreateView, UpdateView, View } from '@flowmind/shared/table-views';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import { doc, Id, TableParams } from './table.routes';
import type { ViewService } from './view.service';

const ViewParams = TableParams.extend({ viewId: Id });

export function registerViewRoutes(
  app: FastifyInstance,
  { session, views }: { session: SessionReader; views: ViewService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/tables/:tableId/views',
    doc({ summary: 'List a table’s views', params: TableParams, response: z.array(View) }),
    async ({ user, params }) => {
      return views.list({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/tables/:tableId/views',
    doc({ summary: 'Create a view', params: TableParams, body: CreateView, response: View, status: 201 }),
    async ({ reply, user, params, body }) => {
      const input = body;
      reply.status(201);
      return views.create({ ...params, userId: user.id, input });
    },
  );
  route.patch(
    '/api/tables/:tableId/views/:viewId',
    doc({ summary: 'Rename, move or reconfigure a view', params: ViewParams, body: UpdateView, response: View }),
    async ({ user, params, body }) => {
      return views.update({
        ...params,
        userId: user.id,
        input: body,
      });
    },
  );
  route.delete(
    '/api/tables/:tableId/views/:viewId',
    doc({ summary: 'Delete a view (a table keeps at least one)', params: ViewParams, status: 204 }),
    async ({ reply, user, params }) => {
      await views.remove({ ...params, userId: user.id });
      return reply.status(204).send();
    },
  );
}
