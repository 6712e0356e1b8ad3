import { AppError } from '@flowmind/shared/errors';
import type { ListRecordsQuery } from '@flowmind/shared/table-queries';
import { type RecordSummary, SUMMARY_LABELS, summariesFor } from '@flowmind/shared/table-summary';
import { NUMBER_LIKE_TYPES } from '@flowmind/shared/table-values';
import type { SummaryFunction } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { findingRecords } from './record-finding';
import { contains, isEmptySql, jsonValue, numberValue } from './record-query';
import { rowsOf, tableRepository } from './table.repository';
import type { TableService } from './table.service';

const percentOf = (part: SQL) => sql`(100.0 * ${part} / nullif(count(*), 0))::float8`;

/** The value a field's unique, min and max compare: the stored one, or the record's own column. */
function comparable(field: Field): SQL {
  if (NUMBER_LIKE_TYPES.includes(field.type)) return numberValue(field);
  if (field.type === 'created_time') return sql`r.created_at`;
  if (field.type === 'updated_time') return sql`r.updated_at`;
  if (field.type === 'created_by') return sql`r.created_by`;
  // Dates and instants are fixed-width ISO text, so byte order is time order.
  if (field.type === 'date' || field.type === 'date_time') return sql`((r.values ->> ${field.id}::text) collate "C")`;
  return jsonValue(field);
}

/** One aggregate over the view's records, as a column of the single summary row. */
function aggregate(field: Field, name: SummaryFunction): SQL {
  const filled = sql`not (${isEmptySql(field)})`;
  const checked = contains(field, true);
  switch (name) {
    case 'count':
      return sql`count(*)::float8`;
    case 'filled':
      return sql`(count(*) filter (where ${filled}))::float8`;
    case 'empty':
      return sql`(count(*) filter (where not (${filled})))::float8`;
    case 'percent_filled':
      return percentOf(sql`count(*) filter (where ${filled})`);
    case 'percent_empty':
      return percentOf(sql`count(*) filter (where not (${filled}))`);
    case 'unique':
      return sql`(count(distinct ${comparable(field)}) filter (where ${filled}))::float8`;
    case 'sum':
      return sql`sum(${numberValue(field)})::float8`;
    case 'avg':
      return sql`avg(${numberValue(field)})::float8`;
    case 'min':
    case 'max': {
      const value = comparable(field);
      const fn = name === 'min' ? sql`min` : sql`max`;
      if (NUMBER_LIKE_TYPES.includes(field.type)) return sql`${fn}(${value})::float8`;
      if (field.type === 'created_time' || field.type === 'updated_time')
        return sql`to_char(${fn}(${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      return sql`${fn}(${value})`;
    }
    case 'checked':
      return sql`(count(*) filter (where ${checked}))::float8`;
    case 'unchecked':
      return sql`(count(*) filter (where not (${checked})))::float8`;
    case 'percent_checked':
      return percentOf(sql`count(*) filter (where ${checked})`);
    case 'percent_unchecked':
      return percentOf(sql`count(*) filter (where not (${checked}))`);
  }
}

/**
 * A grid footer's figures: one aggregate per field over every record of the view (its saved filter, or the one
 * given, and the search), in one SQL statement, so they do not depend on which rows the grid has loaded.
 */
export function recordSummaryService({ db, tablesService }: { db: Db; tablesService: TableService }) {
  const repo = tableRepository(db);

  /** Which summaries to compute: the ones asked for must fit their fields; a view's saved ones that no longer fit are skipped. */
  function chosen(fields: Map<string, Field>, requested: Record<string, string>, lenient: boolean) {
    const picks: Array<{ field: Field; name: SummaryFunction }> = [];
    for (const [fieldId, name] of Object.entries(requested)) {
      const field = fields.get(fieldId);
      const fits = field !== undefined && (summariesFor(field) as string[]).includes(name);
      if (field && fits) picks.push({ field, name: name as SummaryFunction });
      else if (!lenient && !field)
        throw new AppError('bad_request', `Summary names an unknown field ${fieldId}`, `summaries.${fieldId}`);
      else if (!lenient && field) {
        const offered = summariesFor(field)
          .map((option) => `${option} (${SUMMARY_LABELS[option]})`)
          .join(', ');
        throw new AppError(
          'bad_request',
          `${field.name} cannot be summarised with "${name}"; it offers ${offered}`,
          `summaries.${fieldId}`,
        );
      }
    }
    return picks;
  }

  return {
    async summarize({
      tableId,
      userId,
      query,
      summaries,
    }: {
      tableId: string;
      userId: string;
      query: Pick<ListRecordsQuery, 'filter' | 'search' | 'viewId'>;
      /** Field id → summary; the view's saved ones when absent. */
      summaries?: Record<string, string>;
    }): Promise<RecordSummary> {
      const table = await tablesService.requireTable(tableId, userId);
      const fields = await repo.fields(table.accountId, table.id);
      const byId = new Map(fields.map((f) => [f.id, f]));
      let requested = summaries;
      if (!requested) {
        if (!query.viewId) throw new AppError('bad_request', 'Give summaries or a viewId', 'summaries');
        const view = await repo.view(table.accountId, table.id, query.viewId);
        if (!view) throw new AppError('bad_request', 'There is no such view', 'viewId');
        requested = view.config.summaries;
      }
      const picks = chosen(byId, requested, summaries === undefined);
      const { conditions } = await findingRecords({ repo, table, fields, query: { ...query, sort: [] } });
      const columns = picks.map(({ field, name }, i) => sql`, ${aggregate(field, name)} as ${sql.raw(`a${i}`)}`);
      const result = await db.execute(sql`
        select count(*)::float8 as total ${sql.join(columns, sql``)}
        from table_records r
        where ${sql.join(conditions, sql` and `)}`);
      const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
      const values: RecordSummary['values'] = {};
      picks.forEach(({ field }, i) => {
        const value = row[`a${i}`];
        values[field.id] = typeof value === 'number' || typeof value === 'string' ? value : null;
      });
      return { total: Number(row.total ?? 0), values };
    },
  };
}

export type RecordSummaryService = ReturnType<typeof recordSummaryService>;
