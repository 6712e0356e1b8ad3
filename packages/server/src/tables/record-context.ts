import type { Field, TableRecord } from '@flowmind/shared/tables';
import type { Db } from '../db/client';
import { withComputedValues } from './computed-values';
import { loadLinkedValues } from './links';
import { type TableRow, tableRepository } from './table.repository';
import type { TableService } from './table.service';
import { withNames } from './value-names';

/** What reads and writes of records both start from: the member's table with its fields, and how records show. */
export function recordContext({ db, tablesService }: { db: Db; tablesService: TableService }) {
  const repo = tableRepository(db);

  return {
    repo,

    async context(tableId: string, userId: string) {
      const table = await tablesService.requireTable(tableId, userId);
      const fields = await repo.fields(table.accountId, table.id);
      return { table, fields, byId: new Map(fields.map((f) => [f.id, f])) };
    },

    /** Records as the API shows them: stored values plus computed ones (formulas, lookups, …). */
    async present(table: TableRow, fields: Field[], records: TableRecord[]): Promise<TableRecord[]> {
      const linked = await loadLinkedValues(db, { accountId: table.accountId, fields, records });
      return withNames(db, {
        accountId: table.accountId,
        fields,
        records: withComputedValues(records, fields, linked),
      });
    },
  };
}

export type RecordContext = ReturnType<typeof recordContext>;
