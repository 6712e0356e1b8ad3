import { CreateField, Field, FieldChangePreview, FieldOptions, UpdateField } from '@flowmind/shared/tables';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/errors';
import type { SessionReader } from '../http/session';
import type { FieldService } from './field.service';
import { doc, Id, TableParams } from './table.routes';

const FieldParams = TableParams.extend({ fieldId: Id });
const PreviewField = z.object({ options: FieldOptions });

export function registerFieldRoutes(
  app: FastifyInstance,
  { session, fields }: { session: SessionReader; fields: FieldService },
) {
  app.get(
    '/api/tables/:tableId/fields',
    doc({ summary: 'List a table’s fields in order', params: TableParams, response: z.array(Field) }),
    async (req) => {
      const user = await session.requireUser(req);
      return fields.list({ ...parse(TableParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/tables/:tableId/fields',
    doc({
      summary: 'Add a field (a link field also adds its inverse in the linked table)',
      params: TableParams,
      body: CreateField,
      response: Field,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const input = parse(CreateField, req.body);
      reply.status(201);
      return fields.create({ ...parse(TableParams, req.params), userId: user.id, input });
    },
  );
  app.patch(
    '/api/tables/:tableId/fields/:fieldId',
    doc({
      summary: 'Rename, move or change a field; a lossy type change needs confirmLoss (else 409)',
      params: FieldParams,
      body: UpdateField,
      response: Field,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return fields.update({
        ...parse(FieldParams, req.params),
        userId: user.id,
        input: parse(UpdateField, req.body),
      });
    },
  );
  app.delete(
    '/api/tables/:tableId/fields/:fieldId',
    doc({ summary: 'Delete a field and its values (not the primary field)', params: FieldParams, status: 204 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      await fields.remove({ ...parse(FieldParams, req.params), userId: user.id });
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/tables/:tableId/fields/:fieldId/preview',
    doc({
      summary: 'How many values a change of options would convert and lose',
      params: FieldParams,
      body: PreviewField,
      response: FieldChangePreview,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      const { options } = parse(PreviewField, req.body);
      return fields.preview({ ...parse(FieldParams, req.params), userId: user.id, options });
    },
  );
  app.post(
    '/api/tables/:tableId/fields/:fieldId/undo-change',
    doc({ summary: 'Undo the last type change of a field: options and values', params: FieldParams, response: Field }),
    async (req) => {
      const user = await session.requireUser(req);
      return fields.undoChange({ ...parse(FieldParams, req.params), userId: user.id });
    },
  );
}
