import { Readable } from 'node:stream';
import {
  RecordCount,
  RecordGroups,
  RecordPage,
  RecordsFilterText,
  RecordsQueryText,
} from '@flowmind/shared/table-queries';
import {
  CreateRecords,
  CreateTable,
  DeletedRecordsResponse,
  DeleteRecords,
  DuplicateTable,
  RecordChange,
  RecordsResponse,
  Table,
  TableRecord,
  UpdateRecords,
  UpdateTable,
} from '@flowmind/shared/tables';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { routesFor } from '../http/define-route';
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
const GroupsQuery = z.object({
  fieldId: z.string({ error: 'fieldId is required' }).min(1, 'fieldId is required').describe('The field to group by'),
  ...RecordsFilterText.shape,
});
/** A route's OpenAPI entry under the Tables tag. */
export const doc = <const S extends object>(route: S) => ({ tags: ['Tables'], ...route });

export function registerTableRoutes(
  app: FastifyInstance,
  { db, session, tables, records }: { db: Db; session: SessionReader; tables: TableService; records: RecordService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/tables/:tableId/export.csv',
    doc({
      summary: 'Export records as CSV: a view’s visible fields, filter and sort (or those given)',
      params: TableParams,
      query: RecordsQueryText,
    }),
    async ({ reply, user, params, query }) => {
      const { filename, rows } = await prepareCsvExport({
        db,
        tables,
        records,
        ...params,
        userId: user.id,
        query,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(Readable.from(rows));
    },
  );

  route.get(
    '/api/tables',
    doc({
      summary: 'List an account’s tables (or its trash) with record counts',
      query: ListTablesQuery,
      response: z.array(Table),
    }),
    async ({ user, query }) => {
      return tables.list({ ...query, trash: query.trash === 'true', userId: user.id });
    },
  );
  route.post(
    '/api/tables',
    doc({
      summary: 'Create a table with a primary Name field and a grid view',
      body: CreateTable,
      response: Table,
      status: 201,
    }),
    async ({ reply, user, body }) => {
      reply.status(201);
      return tables.create({ userId: user.id, input: body });
    },
  );
  route.get(
    '/api/tables/:tableId',
    doc({ summary: 'Get a table (with its version)', params: TableParams, response: Table }),
    async ({ user, params }) => {
      return tables.get({ ...params, userId: user.id });
    },
  );
  route.patch(
    '/api/tables/:tableId',
    doc({
      summary: 'Rename a table or change its description',
      params: TableParams,
      body: UpdateTable,
      response: Table,
    }),
    async ({ user, params, body }) => {
      return tables.update({ ...params, userId: user.id, input: body });
    },
  );
  route.delete(
    '/api/tables/:tableId',
    doc({
      summary: 'Move a table to the trash, or delete it for good with permanent=true',
      params: TableParams,
      query: RemoveTableQuery,
      status: 204,
    }),
    async ({ reply, user, params, query }) => {
      const { permanent } = query;
      await tables.remove({ ...params, userId: user.id, permanent: permanent === 'true' });
      return reply.status(204).send();
    },
  );
  route.post(
    '/api/tables/:tableId/restore',
    doc({ summary: 'Restore a table from the trash', params: TableParams, response: Table }),
    async ({ user, params }) => {
      return tables.restore({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/tables/:tableId/duplicate',
    doc({
      summary: 'Duplicate a table: schema and views, and records if asked',
      params: TableParams,
      body: DuplicateTable,
      response: Table,
      status: 201,
    }),
    async ({ reply, user, params, body }) => {
      const input = body;
      reply.status(201);
      return tables.duplicate({ ...params, userId: user.id, input });
    },
  );

  route.get(
    '/api/tables/:tableId/records',
    doc({
      summary: 'List records: filter, sort, search, cursor or offset pagination',
      params: TableParams,
      query: RecordsQueryText,
      response: RecordPage,
    }),
    async ({ user, params, query }) => {
      return records.list({ ...params, userId: user.id, query });
    },
  );
  route.post(
    '/api/tables/:tableId/records',
    doc({
      summary: 'Create up to 1000 records; one bad value rejects the whole batch',
      params: TableParams,
      body: CreateRecords,
      response: RecordsResponse,
      status: 201,
    }),
    async ({ reply, user, params, body }) => {
      const input = body;
      const result = await records.create({ ...params, userId: user.id, input });
      reply.status(201);
      return result;
    },
  );
  route.patch(
    '/api/tables/:tableId/records',
    doc({
      summary: 'Update up to 1000 records; only the given fields change',
      params: TableParams,
      body: UpdateRecords,
      response: RecordsResponse,
    }),
    async ({ user, params, body }) => {
      return records.update({
        ...params,
        userId: user.id,
        input: body,
      });
    },
  );
  route.post(
    '/api/tables/:tableId/records/delete',
    doc({
      summary: 'Delete up to 1000 records',
      params: TableParams,
      body: DeleteRecords,
      response: DeletedRecordsResponse,
    }),
    async ({ user, params, body }) => {
      return records.remove({
        ...params,
        userId: user.id,
        input: body,
      });
    },
  );
  route.get(
    '/api/tables/:tableId/groups',
    doc({
      summary: 'Count records per value of a field (group by), with a filter, search or view',
      params: TableParams,
      query: GroupsQuery,
      response: RecordGroups,
    }),
    async ({ user, params, query }) => {
      const { fieldId, filter, search, viewId } = query;
      return records.groups({
        ...params,
        userId: user.id,
        fieldId,
        query: { filter, search, viewId },
      });
    },
  );
  route.get(
    '/api/tables/:tableId/records/count',
    doc({
      summary: 'Count the records matching a filter and search (or a view’s); a list page leaves this out',
      params: TableParams,
      query: RecordsFilterText,
      response: RecordCount,
    }),
    async ({ user, params, query }) => {
      return records.count({ ...params, userId: user.id, query });
    },
  );
  route.post(
    '/api/tables/:tableId/records/restore',
    doc({
      summary: 'Restore deleted records with their ids, autonumbers and links (undo of a delete)',
      params: TableParams,
      body: DeleteRecords,
      response: RecordsResponse,
    }),
    async ({ user, params, body }) => {
      return records.restore({
        ...params,
        userId: user.id,
        input: body,
      });
    },
  );
  route.get(
    '/api/tables/:tableId/records/:recordId',
    doc({ summary: 'Get one record', params: RecordParams, response: TableRecord }),
    async ({ user, params }) => {
      return records.get({ ...params, userId: user.id });
    },
  );
  route.get(
    '/api/tables/:tableId/records/:recordId/history',
    doc({ summary: 'A record’s change history, oldest first', params: RecordParams, response: z.array(RecordChange) }),
    async ({ user, params }) => {
      return records.history({ ...params, userId: user.id });
    },
  );
}
