import { AppError } from '@flowmind/shared/errors';
import type { ListRecordsQuery, RecordPage } from '@flowmind/shared/table-queries';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { RecordService } from './record.service';
import { compileSorts, contains } from './record-query';
import { tableRepository } from './table.repository';
import type { TableService } from './table.service';

/**
 * A kanban board's columns, each paged from the server on its own: a column is the view's records (its filter,
 * sorts and the search) whose single select holds one option. "No value" (column left out) takes the empty ones and
 * those whose option was deleted, exactly as GET …/groups counts them, so a column's pages add up to its count.
 */
export function kanbanColumnService({
  db,
  tablesService,
  records,
}: {
  db: Db;
  tablesService: TableService;
  records: RecordService;
}) {
  const repo = tableRepository(db);

  return {
    async columnRecords({
      tableId,
      viewId,
      userId,
      fieldId,
      column,
      query,
    }: {
      tableId: string;
      viewId: string;
      userId: string;
      /** The board's single select (given, like GET …/groups, so a board just switched to it needs no wait). */
      fieldId: string;
      /** An option id of the board's field; absent for the "No value" column. */
      column?: string;
      query: Pick<ListRecordsQuery, 'search' | 'limit' | 'cursor'>;
    }): Promise<RecordPage> {
      const table = await tablesService.requireTable(tableId, userId);
      const view = await repo.view(table.accountId, table.id, viewId);
      if (!view) throw new AppError('not_found', 'View not found');
      const fields = await repo.fields(table.accountId, table.id);
      const field = fields.find((f) => f.id === fieldId);
      if (!field) throw new AppError('bad_request', 'There is no such field in this table', 'fieldId');
      if (field.options.type !== 'single_select')
        throw new AppError('bad_request', `${field.name} is not a single select`, 'fieldId');
      let within: SQL;
      if (column === undefined) {
        const [key] = compileSorts([{ fieldId: field.id, direction: 'asc' }], new Map([[field.id, field]]));
        within = sql`${key?.expr ?? sql`null`} is null`;
      } else {
        if (!field.options.choices.some((choice) => choice.id === column))
          throw new AppError('bad_request', `${field.name} has no option ${column}`, 'column');
        within = contains(field, column);
      }
      return records.list({
        tableId,
        userId,
        query: { viewId, search: query.search, limit: query.limit, cursor: query.cursor },
        within,
      });
    },
  };
}

export type KanbanColumnService = ReturnType<typeof kanbanColumnService>;
