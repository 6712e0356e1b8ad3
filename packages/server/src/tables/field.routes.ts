import { CreateField, Field, FieldChangePreview, FieldOptions, UpdateField } from '@flowmind/shared/tables';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { FieldService } from './field.service';
import { doc, Id, TableParams } from './table.routes';

const FieldParams = TableParams.extend({ fieldId: Id });
const PreviewField = z.object({ options: FieldOptions });

export function registerFieldRoutes(
  app: FastifyInstance,
  { session, fields }: { session: SessionReader; fields: FieldService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/tables/:tableId/fields',
    doc({ summary: 'List a table’s fields in order', params: TableParams, response: z.array(Field) }),
    async ({ user, params }) => {
      return fields.list({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/tables/:tableId/fields',
    doc({
      summary: 'Add a field (a link field also adds its inverse in the linked table)',
      params: TableParams,
      body: CreateField,
      response: Field,
      status: 201,
    }),
    async ({ reply, user, params, body }) => {
      const input = body;
      reply.status(201);
      return fields.create({ ...params, userId: user.id, input });
    },
  );
  route.patch(
    '/api/tables/:tableId/fields/:fieldId',
    doc({
      summary: 'Rename, move or change a field; a lossy type change needs confirmLoss (else 409)',
      params: FieldParams,
      body: UpdateField,
      response: Field,
    }),
    async ({ user, params, body }) => {
      return fields.update({
        ...params,
        userId: user.id,
        input: body,
      });
    },
  );
  route.delete(
    '/api/tables/:tableId/fields/:fieldId',
    doc({ summary: 'Delete a field and its values (not the primary field)', params: FieldParams, status: 204 }),
    async ({ reply, user, params }) => {
      await fields.remove({ ...params, userId: user.id });
      return reply.status(204).send();
    },
  );
  route.post(
    '/api/tables/:tableId/fields/:fieldId/preview',
    doc({
      summary: 'How many values a change of options would convert and lose',
      params: FieldParams,
      body: PreviewField,
      response: FieldChangePreview,
    }),
    async ({ user, params, body }) => {
      const { options } = body;
      return fields.preview({ ...params, userId: user.id, options });
    },
  );
  route.post(
    '/api/tables/:tableId/fields/:fieldId/undo-change',
    doc({ summary: 'Undo the last type change of a field: options and values', params: FieldParams, response: Field }),
    async ({ user, params }) => {
      return fields.undoChange({ ...params, userId: user.id });
    },
  );
}
