import type { LiveDoc } from '@flowmind/shared/live';
import { topics } from '../live/change-bus';
import type { LiveHub } from '../live/live-hub';
import type { FieldService } from './field.service';
import type { TableService } from './table.service';
import type { ViewService } from './view.service';

/** Live paths for tables: an account's list, one table (with `version`), its fields and views. */
export function registerTableLiveSources(
  hub: LiveHub,
  { tables, fields, views }: { tables: TableService; fields: FieldService; views: ViewService },
) {
  hub.register({
    pattern: 'accounts/:accountId/tables',
    async load({ userId, params, limit }) {
      const accountId = params.accountId as string;
      const docs = await tables.list({ accountId, userId });
      return { docs: docs.slice(0, limit) as LiveDoc[], topics: [topics.account(accountId), topics.user(userId)] };
    },
  });
  hub.register({
    pattern: 'tables/:tableId',
    async load({ userId, params }) {
      const doc = await tables.get({ tableId: params.tableId as string, userId });
      return {
        doc: doc as LiveDoc,
        topics: [topics.table(doc.id), topics.account(doc.accountId), topics.user(userId)],
      };
    },
  });
  for (const part of ['fields', 'views'] as const) {
    hub.register({
      pattern: `tables/:tableId/${part}`,
      async load({ userId, params, limit }) {
        const table = await tables.requireTable(params.tableId as string, userId);
        const docs =
          part === 'fields'
            ? await fields.list({ tableId: table.id, userId })
            : await views.list({ tableId: table.id, userId });
        return {
          docs: docs.slice(0, limit) as LiveDoc[],
          topics: [topics.table(table.id), topics.account(table.accountId), topics.user(userId)],
        };
      },
    });
  }
}
