import { Readable } from 'node:stream';
import { AppError } from '@flowmind/shared/errors';
import {
  CreateRecords,
  CreateTable,
  DeleteRecords,
  DuplicateTable,
  ListRecordsQuery,
  RecordChange,
  RecordCount,
  RecordGroups,
  RecordPage,
  Table,
  TableRecord,
  UpdateRecords,
  UpdateTable,
} from '@flowmind/shared/tables';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { RecordService } from './record.service';
import { prepareCsvExport } from './record-export';
import type { TableService } from './table.service';

export const Id = z.string().min(1).max(64);
export const TableParams = z.object({ tableId: Id });
const RecordParams = TableParams.extend({ recordId: Id });
const ListTablesQuery = z.object({
  accountId: Id,
  search: z.string().max(200).optional(),
  trash: z.enum(['true', 'false']).optional(),
});
const RemoveTableQuery = z.object({ permanent: z.enum(['true', 'false']).optional() });
/** The records query as it travels: filter and sort are JSON text. */
const RecordsQueryDoc = z.object({
  filter: z.string().optional().describe('JSON FilterGroup: { conjunction: "and" | "or", conditions: [...] }'),
  sort: z.string().optional().describe('JSON array of { fieldId, direction: "asc" | "desc" }'),
  search: z.string().max(200).optional(),
  viewId: z.string().optional().describe("Applies the view's filter and sorts unless filter/sort are given"),
  limit: z.string().optional().describe('1 to 1000, default 100'),
  cursor: z.string().optional().describe('next_cursor of the previous page'),
  offset: z.string().optional().describe('Start at this position (ignored with a cursor)'),
});
const RecordsResult = z.object({ records: z.array(TableRecord) });
const GroupsQueryDoc = RecordsQueryDoc.pick({ filter: true, search: true, viewId: true }).extend({
  fieldId: z.string().describe('The field to group by'),
});
/** A route's OpenAPI entry under the Tables tag. */
export const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Tables'], ...route } } });

/** The query string carries filter and sort as JSON and numbers as text. */
export function recordsQuery(raw: unknown): ListRecordsQuery {
  const query = { ...((raw ?? {}) as Record<string, string>) } as Record<string, unknown>;
  for (const key of ['filter', 'sort'] as const) {
    if (typeof query[key] !== 'string') continue;
    try {
      query[key] = JSON.parse(query[key] as string);
    } catch {
      throw new AppError('bad_request', `${key} must be JSON`, key);
    }
  }
  for (const key of ['limit', 'offset'] as const) {
    if (typeof query[key] === 'string') query[key] = Number(query[key]);
  }
  return parse(ListRecordsQuery, query);
}

export function registerTableRoutes(
  app: FastifyInstance,
  { db, session, tables, records }: { db: Db; session: SessionReader; tables: TableService; records: RecordService },
) {
  app.get(
    '/api/tables/:tableId/export.csv',
    doc({
      summary: 'Export records as CSV: a view’s visible fields, filter and sort (or those given)',
      params: TableParams,
      query: RecordsQueryDoc,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { filename, rows } = await prepareCsvExport({
        db,
        tables,
        records,
        ...parse(TableParams, req.params),
        userId: user.id,
        query: recordsQuery(req.query),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(Readable.from(rows));
    },
  );

  app.get(
    '/api/tables',
    doc({
      summary: 'List an account’s tables (or its trash) with record counts',
      query: ListTablesQuery,
      response: z.array(Table),
    }),
    async (req) => {
      const user = await session.requireUser(req);
      const query = parse(ListTablesQuery, req.query);
      return tables.list({ ...query, trash: query.trash === 'true', userId: user.id });
    },
  );
  app.post(
    '/api/tables',
    doc({
      summary: 'Create a table with a primary Name field and a grid view',
      body: CreateTable,
      response: Table,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      reply.status(201);
      return tables.create({ userId: user.id, input: parse(CreateTable, req.body) });
    },
  );
  app.get(
    '/api/tables/:tableId',
    doc({ summary: 'Get a table (with its version)', params: TableParams, response: Table }),
    async (req) => {
      const user = await session.requireUser(req);
      return tables.get({ ...parse(TableParams, req.params), userId: user.id });
    },
  );
  app.patch(
    '/api/tables/:tableId',
    doc({
      summary: 'Rename a table or change its description',
      params: TableParams,
      body: UpdateTable,
      response: Table,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return tables.update({ ...parse(TableParams, req.params), userId: user.id, input: parse(UpdateTable, req.body) });
    },
  );
  app.delete(
    '/api/tables/:tableId',
    doc({
      summary: 'Move a table to the trash, or delete it for good with permanent=true',
      params: TableParams,
      query: RemoveTableQuery,
      status: 204,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const { permanent } = parse(RemoveTableQuery, req.query);
      await tables.remove({ ...parse(TableParams, req.params), userId: user.id, permanent: permanent === 'true' });
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/tables/:tableId/restore',
    doc({ summary: 'Restore a table from the trash', params: TableParams, response: Table }),
    async (req) => {
      const user = await session.requireUser(req);
      return tables.restore({ ...parse(TableParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/tables/:tableId/duplicate',
    doc({
      summary: 'Duplicate a table: schema and views, and records if asked',
      params: TableParams,
      body: DuplicateTable,
      response: Table,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const input = parse(DuplicateTable, req.body);
      reply.status(201);
      return tables.duplicate({ ...parse(TableParams, req.params), userId: user.id, input });
    },
  );

  app.get(
    '/api/tables/:tableId/records',
    doc({
      summary: 'List records: filter, sort, search, cursor or offset pagination',
      params: TableParams,
      query: RecordsQueryDoc,
      response: RecordPage,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return records.list({ ...parse(TableParams, req.params), userId: user.id, query: recordsQuery(req.query) });
    },
  );
  app.post(
    '/api/tables/:tableId/records',
    doc({
      summary: 'Create up to 1000 records; one bad value rejects the whole batch',
      params: TableParams,
      body: CreateRecords,
      response: RecordsResult,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      const input = parse(CreateRecords, req.body);
      const result = await records.create({ ...parse(TableParams, req.params), userId: user.id, input });
      reply.status(201);
      return result;
    },
  );
  app.patch(
    '/api/tables/:tableId/records',
    doc({
      summary: 'Update up to 1000 records; only the given fields change',
      params: TableParams,
      body: UpdateRecords,
      response: RecordsResult,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return records.update({
        ...parse(TableParams, req.params),
        userId: user.id,
        input: parse(UpdateRecords, req.body),
      });
    },
  );
  app.post(
    '/api/tables/:tableId/records/delete',
    doc({
      summary: 'Delete up to 1000 records',
      params: TableParams,
      body: DeleteRecords,
      response: z.object({ deleted: z.number() }),
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return records.remove({
        ...parse(TableParams, req.params),
        userId: user.id,
        input: parse(DeleteRecords, req.body),
      });
    },
  );
  app.get(
    '/api/tables/:tableId/groups',
    doc({
      summary: 'Count records per value of a field (group by), with a filter, search or view',
      params: TableParams,
      query: GroupsQueryDoc,
      response: RecordGroups,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      const { fieldId } = parse(z.object({ fieldId: z.string().min(1, 'fieldId is required') }), req.query);
      const { filter, search, viewId } = recordsQuery(req.query);
      return records.groups({
        ...parse(TableParams, req.params),
        userId: user.id,
        fieldId,
        query: { filter, search, viewId },
      });
    },
  );
  app.get(
    '/api/tables/:tableId/records/count',
    doc({
      summary: 'Count the records matching a filter and search (or a view’s); a list page leaves this out',
      params: TableParams,
      query: RecordsQueryDoc.pick({ filter: true, search: true, viewId: true }),
      response: RecordCount,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      const { filter, search, viewId } = recordsQuery(req.query);
      return records.count({ ...parse(TableParams, req.params), userId: user.id, query: { filter, search, viewId } });
    },
  );
  app.post(
    '/api/tables/:tableId/records/restore',
    doc({
      summary: 'Restore deleted records with their ids, autonumbers and links (undo of a delete)',
      params: TableParams,
      body: DeleteRecords,
      response: z.object({ records: z.array(TableRecord) }),
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return records.restore({
        ...parse(TableParams, req.params),
        userId: user.id,
        input: parse(DeleteRecords, req.body),
      });
    },
  );
  app.get(
    '/api/tables/:tableId/records/:recordId',
    doc({ summary: 'Get one record', params: RecordParams, response: TableRecord }),
    async (req) => {
      const user = await session.requireUser(req);
      return records.get({ ...parse(RecordParams, req.params), userId: user.id });
    },
  );
  app.get(
    '/api/tables/:tableId/records/:recordId/history',
    doc({ summary: 'A record’s change history, oldest first', params: RecordParams, response: z.array(RecordChange) }),
    async (req) => {
      const user = await session.requireUser(req);
      return records.history({ ...parse(RecordParams, req.params), userId: user.id });
    },
  );
}
