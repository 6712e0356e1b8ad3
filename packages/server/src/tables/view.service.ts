import { AppError } from '@flowmind/shared/errors';
import { type CreateView, type UpdateView, type View, ViewConfig } from '@flowmind/shared/table-views';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import { compileFilter, compileSorts } from './record-query';
import { type TableRow, tableRepository } from './table.repository';
import type { TableService } from './table.service';
import { viewRepository } from './view.repository';

/**
 * A form gets its link the first time it is shared, also when it is created shared (a duplicate of a shared
 * form); turning sharing off keeps the id so that sharing again restores the same link.
 */
function publicIdFor(type: View['type'], config: ViewConfig, current: string | null) {
  if (current || type !== 'form' || !config.formPublic) return current;
  return newId('frm');
}

/** A table's views: grids, boards, calendars and forms with their saved filter, sorts and settings. */
export function viewService({ db, bus, tables }: { db: Db; bus: ChangeBus; tables: TableService }) {
  const repo = tableRepository(db);
  const viewRepo = viewRepository(db);

  const publish = (table: { id: string; accountId: string }) =>
    bus.publish([topics.table(table.id), topics.account(table.accountId)]);

  /** A view's saved filter and sorts must fit the fields as they are when saved. */
  async function checkViewConfig(table: TableRow, config: ViewConfig) {
    const byId = new Map((await repo.fields(table.accountId, table.id)).map((f) => [f.id, f]));
    if (config.filter) compileFilter(config.filter, byId);
    compileSorts(config.sorts, byId);
  }

  return {
    async list({ tableId, userId }: { tableId: string; userId: string }) {
      const table = await tables.requireTable(tableId, userId);
      return repo.views(table.accountId, table.id);
    },

    async create({ tableId, userId, input }: { tableId: string; userId: string; input: CreateView }) {
      const table = await tables.requireTable(tableId, userId);
      const id = newId('viw');
      const config = ViewConfig.parse(input.config ?? {});
      await checkViewConfig(table, config);
      await viewRepo.insert({
        id,
        tableId: table.id,
        accountId: table.accountId,
        name: input.name,
        type: input.type,
        config,
        position: await repo.nextPosition(table.accountId, table.id, 'views'),
        publicId: publicIdFor(input.type, config, null),
      });
      publish(table);
      return (await repo.view(table.accountId, table.id, id)) as View;
    },

    async update({
      tableId,
      viewId,
      userId,
      input,
    }: {
      tableId: string;
      viewId: string;
      userId: string;
      input: UpdateView;
    }) {
      const table = await tables.requireTable(tableId, userId);
      const view = await repo.view(table.accountId, table.id, viewId);
      if (!view) throw new AppError('not_found', 'View not found');
      const config = ViewConfig.parse({ ...view.config, ...(input.config ?? {}) });
      if (input.config?.filter !== undefined || input.config?.sorts !== undefined) await checkViewConfig(table, config);
      await viewRepo.update(table.accountId, viewId, {
        name: input.name ?? view.name,
        position: input.position ?? view.position,
        config,
        publicId: publicIdFor(view.type, config, view.publicId),
      });
      publish(table);
      return (await repo.view(table.accountId, table.id, viewId)) as View;
    },

    async remove({ tableId, viewId, userId }: { tableId: string; viewId: string; userId: string }) {
      const table = await tables.requireTable(tableId, userId);
      const views = await repo.views(table.accountId, table.id);
      if (!views.some((v) => v.id === viewId)) throw new AppError('not_found', 'View not found');
      if (views.length === 1) throw new AppError('bad_request', 'A table keeps at least one view');
      await viewRepo.remove(table.accountId, viewId);
      publish(table);
    },
  };
}

export type ViewService = ReturnType<typeof viewService>;
