import { csvRow } from '@flowmind/shared/csv';
import { AppError } from '@flowmind/shared/errors';
import type { ListRecordsQuery } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';
import type { Db } from '../db/client';
import type { RecordService } from './record.service';
import { tableRepository } from './table.repository';
import type { TableService } from './table.service';

const NUMERIC_TYPES = new Set(['number', 'currency', 'percent', 'rating', 'autonumber']);

/** A value as a spreadsheet cell: option names for selects, lists joined, empties blank. */
export function cellText(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  const options = field.options;
  if (options.type === 'single_select' || options.type === 'multi_select') {
    const ids = Array.isArray(value) ? value : [value];
    return ids.map((id) => options.choices.find((c) => c.id === id)?.name ?? String(id)).join(', ');
  }
  if (field.type === 'checkbox') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    return value
      .map((item) =>
        item && typeof item === 'object'
          ? String((item as { url?: string; name?: string }).url ?? (item as { name?: string }).name ?? '')
          : String(item),
      )
      .join(', ');
  }
  return String(value);
}

/**
 * Checks access and resolves the columns first (so a bad request is still a JSON error), then
 * yields the CSV: the view's visible fields in its order, every record matching its filter,
 * in its sort, a page of 1000 at a time.
 */
export async function prepareCsvExport({
  db,
  tables,
  records,
  tableId,
  userId,
  query,
}: {
  db: Db;
  tables: TableService;
  records: RecordService;
  tableId: string;
  userId: string;
  query: ListRecordsQuery;
}) {
  const repo = tableRepository(db);
  const table = await tables.requireTable(tableId, userId);
  const fields = await repo.fields(table.accountId, table.id);
  let columns = [...fields].sort((a, b) => a.position - b.position);
  if (query.viewId) {
    const view = await repo.view(table.accountId, table.id, query.viewId);
    if (!view) throw new AppError('bad_request', 'There is no such view', 'viewId');
    const hidden = new Set(view.config.hiddenFieldIds);
    const order = new Map(view.config.fieldOrder.map((id, index) => [id, index]));
    columns = columns
      .filter((field) => field.isPrimary || !hidden.has(field.id))
      .sort((a, b) => (order.get(a.id) ?? 1e9 + a.position) - (order.get(b.id) ?? 1e9 + b.position));
  }
  const guards = columns.map((field) => !NUMERIC_TYPES.has(field.type));
  // Fails here, before any byte is sent, when the filter or sort does not fit the table.
  const first = await records.list({ tableId, userId, query: { ...query, limit: 1000, offset: undefined } });

  async function* rows() {
    yield `\uFEFF${csvRow(columns.map((field) => field.name))}`;
    let page = first;
    for (;;) {
      let chunk = '';
      for (const record of page.records) {
        chunk += csvRow(
          columns.map((field) => cellText(field, record.values[field.id])),
          guards,
        );
      }
      yield chunk;
      if (!page.nextCursor) return;
      page = await records.list({ tableId, userId, query: { ...query, limit: 1000, cursor: page.nextCursor } });
    }
  }

  return { filename: `${table.name}.csv`, rows: rows() };
}
