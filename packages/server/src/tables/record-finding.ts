import { AppError } from '@flowmind/shared/errors';
import type { ListRecordsQuery, Sort } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';
import { type SQL, sql } from 'drizzle-orm';
import { compileFilter, compileSearch } from './record-query';
import type { TableRow, tableRepository } from './table.repository';

/**
 * A grouped view lists its records group by group (in the order GET …/groups counts them), each group in the view's
 * sorts, so a client can place group headers from the counts and still fetch records by offset.
 */
export function groupedSorts(groupByFieldId: string | null, sorts: Sort[]): Sort[] {
  if (!groupByFieldId) return sorts;
  return [{ fieldId: groupByFieldId, direction: 'asc' }, ...sorts.filter((sort) => sort.fieldId !== groupByFieldId)];
}

/**
 * What a query matches: the table, the filter and search (given, or the view's saved ones), and
 * the sorts to use. A saved filter or sort that no longer fits the fields is skipped, not an error.
 * Lists, counts, groups, summaries and board columns all start here, so they agree on which records a view has.
 */
export async function findingRecords({
  repo,
  table,
  fields,
  query,
}: {
  repo: ReturnType<typeof tableRepository>;
  table: TableRow;
  fields: Field[];
  query: Pick<ListRecordsQuery, 'filter' | 'sort' | 'search' | 'viewId'>;
}) {
  const byId = new Map(fields.map((f) => [f.id, f]));
  let filter = query.filter;
  let sorts = query.sort;
  let savedFilter = false;
  let savedSorts = false;
  if (query.viewId) {
    const view = await repo.view(table.accountId, table.id, query.viewId);
    if (!view) throw new AppError('bad_request', 'There is no such view', 'viewId');
    savedFilter = !filter;
    savedSorts = !sorts;
    filter ??= view.config.filter ?? undefined;
    sorts ??= groupedSorts(view.config.groupByFieldId, view.config.sorts);
  }
  const conditions: SQL[] = [sql`r.table_id = ${table.id}`, sql`r.account_id = ${table.accountId}`];
  if (filter && filter.conditions.length > 0) conditions.push(compileFilter(filter, byId, { lenient: savedFilter }));
  const search = query.search ? compileSearch(query.search, fields) : null;
  if (search) conditions.push(search);
  // Whether fewer than all the table's records can match (then only a scan can count them).
  const narrowed = conditions.length > 2;
  return { conditions, sorts, savedSorts, narrowed };
}
