import { AppError } from '@flowmind/shared/errors';
import { ViewConfig } from '@flowmind/shared/table-views';
import type { CreateTable, DuplicateTable, Table, UpdateTable } from '@flowmind/shared/tables';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import type { RecordIndexes } from './record-indexes';
import { type TableRow, tableRepository } from './table.repository';

/** Tables themselves: listing, creating, renaming, trash and restore, deleting for good and duplicating. */
export function tableService({
  db,
  bus,
  accounts,
  indexes,
}: {
  db: Db;
  bus: ChangeBus;
  accounts: AccountService;
  indexes: RecordIndexes;
}) {
  const repo = tableRepository(db);

  /** The table for a member of its account; anything else reads as not found. */
  async function requireTable(tableId: string, userId: string, { allowTrashed = false } = {}): Promise<TableRow> {
    const table = await repo.resolveForMember(tableId, userId);
    if (!table || (table.deletedAt && !allowTrashed)) throw new AppError('not_found', 'Table not found');
    return table;
  }

  const publish = (table: { id: string; accountId: string }) =>
    bus.publish([topics.table(table.id), topics.account(table.accountId)]);

  async function getTable(table: TableRow) {
    const result = await repo.get(table.accountId, table.id);
    if (!result) throw new AppError('not_found', 'Table not found');
    return result;
  }

  return {
    requireTable,

    async list({
      accountId,
      userId,
      search,
      trash,
    }: {
      accountId: string;
      userId: string;
      search?: string;
      trash?: boolean;
    }): Promise<Table[]> {
      await accounts.requireMember(accountId, userId);
      return repo.list({ accountId, search, trash });
    },

    async create({ userId, input }: { userId: string; input: CreateTable }) {
      await accounts.requireMember(input.accountId, userId);
      const id = newId('tbl');
      await db.transaction((tx) =>
        repo.insertWithSchema(tx, {
          table: {
            id,
            accountId: input.accountId,
            name: input.name,
            description: input.description ?? '',
            createdBy: userId,
          },
          fields: [
            {
              id: newId('fld'),
              tableId: id,
              accountId: input.accountId,
              name: 'Name',
              type: 'text',
              options: { type: 'text' },
              position: 1,
              isPrimary: true,
            },
          ],
          views: [
            {
              id: newId('viw'),
              tableId: id,
              accountId: input.accountId,
              name: 'Grid view',
              type: 'grid',
              config: ViewConfig.parse({}),
              position: 1,
            },
          ],
        }),
      );
      bus.publish([topics.account(input.accountId)]);
      return (await repo.get(input.accountId, id)) as Table;
    },

    async get({ tableId, userId }: { tableId: string; userId: string }) {
      return getTable(await requireTable(tableId, userId, { allowTrashed: true }));
    },

    async update({ tableId, userId, input }: { tableId: string; userId: string; input: UpdateTable }) {
      const table = await requireTable(tableId, userId, { allowTrashed: true });
      await repo.set(table.accountId, table.id, { ...input, updatedAt: new Date() });
      publish(table);
      return getTable(table);
    },

    async remove({ tableId, userId, permanent }: { tableId: string; userId: string; permanent: boolean }) {
      const table = await requireTable(tableId, userId, { allowTrashed: true });
      // Before the delete: its index records go with the table.
      if (permanent) await indexes.dropFor({ accountId: table.accountId, tableId: table.id });
      // Link fields in other tables that point here go with it.
      if (permanent) await repo.removeForGood(table.accountId, table.id);
      else await repo.set(table.accountId, table.id, { deletedAt: new Date() });
      publish(table);
    },

    async restore({ tableId, userId }: { tableId: string; userId: string }) {
      const table = await requireTable(tableId, userId, { allowTrashed: true });
      await repo.set(table.accountId, table.id, { deletedAt: null });
      publish(table);
      return getTable(table);
    },

    async duplicate({ tableId, userId, input }: { tableId: string; userId: string; input: DuplicateTable }) {
      const table = await requireTable(tableId, userId);
      const fields = await repo.fields(table.accountId, table.id);
      const views = await repo.views(table.accountId, table.id);
      const id = newId('tbl');
      const fieldIds = new Map(fields.map((f) => [f.id, newId('fld')]));
      // Ids are random and distinct, so replacing them inside serialised config is exact.
      const remap = (value: unknown) => {
        let text = JSON.stringify(value);
        for (const [from, to] of fieldIds) text = text.split(from).join(to);
        return JSON.parse(text);
      };
      await db.transaction(async (tx) => {
        await repo.insertWithSchema(tx, {
          table: {
            id,
            accountId: table.accountId,
            name: input.name ?? `${table.name} copy`.slice(0, 120),
            description: table.description,
            createdBy: userId,
            nextAutonumber: input.withRecords ? table.nextAutonumber : 1,
          },
          fields: fields.map((f) => ({
            id: fieldIds.get(f.id) as string,
            tableId: id,
            accountId: table.accountId,
            name: f.name,
            type: f.type,
            // A copy's links are one-way: the linked table keeps its link to the original only.
            options: f.options.type === 'link' ? { ...f.options, inverseFieldId: null } : remap(f.options),
            position: f.position,
            isPrimary: f.isPrimary,
          })),
          views: views.map((v) => ({
            id: newId('viw'),
            tableId: id,
            accountId: table.accountId,
            name: v.name,
            type: v.type,
            config: remap(v.config),
            position: v.position,
          })),
        });
        if (input.withRecords)
          await repo.copyRecords(tx, { accountId: table.accountId, from: table.id, to: id, fieldIds });
      });
      bus.publish([topics.account(table.accountId)]);
      return (await repo.get(table.accountId, id)) as Table;
    },
  };
}

export type TableService = ReturnType<typeof tableService>;
