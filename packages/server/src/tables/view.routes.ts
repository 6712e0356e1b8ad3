import { CreateView, UpdateView, View } from '@flowmind/shared/tables';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/errors';
import type { SessionReader } from '../http/session';
import { doc, Id, TableParams } from './table.routes';
import type { ViewService } from './view.service';

const ViewParams = TableParams.extend({ viewId: Id });

export function registerViewRoutes(
  app: FastifyInstance,
  { session, views }: { session: SessionReader; views: ViewService },
) {
  app.get(
    '/api/tables/:tableId/views',
    doc({ summary: 'List a table’s views', params: TableParams, response: z.array(View) }),
    async (req) => {
      const user = await session.requireUser(req);
      return views.list({ ...parse(TableParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/tables/:tableId/views',
    doc({ summary: 'Create a view', params: TableParams, body: CreateView, response: View, status: 201 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const input = parse(CreateView, req.body);
      reply.status(201);
      return views.create({ ...parse(TableParams, req.params), userId: user.id, input });
    },
  );
  app.patch(
    '/api/tables/:tableId/views/:viewId',
    doc({ summary: 'Rename, move or reconfigure a view', params: ViewParams, body: UpdateView, response: View }),
    async (req) => {
      const user = await session.requireUser(req);
      return views.update({
        ...parse(ViewParams, req.params),
        userId: user.id,
        input: parse(UpdateView, req.body),
      });
    },
  );
  app.delete(
    '/api/tables/:tableId/views/:viewId',
    doc({ summary: 'Delete a view (a table keeps at least one)', params: ViewParams, status: 204 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      await views.remove({ ...parse(ViewParams, req.params), userId: user.id });
      return reply.status(204).send();
    },
  );
}
