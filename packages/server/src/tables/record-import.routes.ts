import { ImportResult, ImportRows } from '@flowmind/shared/csv-import';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { RecordService } from './record.service';

/** Chunks carry up to 1000 rows; long text cells need more room than the app's 1 MB default. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const TableParams = z.object({ tableId: z.string().min(1).max(64) });

export function registerRecordImportRoutes(
  app: FastifyInstance,
  { session, records }: { session: SessionReader; records: RecordService },
) {
  const route = routesFor(app, session);
  route.post(
    '/api/tables/:tableId/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      tags: ['Tables'],
      summary:
        'Import a chunk of CSV rows (up to 1000): good rows are written, each bad row is reported with its field and reason',
      params: TableParams,
      body: ImportRows,
      response: ImportResult,
    },
    async ({ user, params, body }) => {
      const input = body;
      return records.importRows({ ...params, userId: user.id, input });
    },
  );
}
