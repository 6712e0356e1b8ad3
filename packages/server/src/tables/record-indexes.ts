import { createHash } from 'node:crypto';
import type { Sort } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { tableIndexes } from '../db/schema-tables';
import { compileSorts } from './record-query';
import { rowsOf } from './table.repository';

/** Tables smaller than this sort fast enough without an index; below it none is made. */
export const SORT_INDEX_MIN_RECORDS = 10_000;
/** Sorts one index covers at most; a longer sort list gets none. */
const MAX_INDEX_KEYS = 4;

const dialect = new PgDialect();

/**
 * Renders a sort expression as index DDL: parameters inlined as literals, and the `r.` alias of
 * the records queries dropped (an index expression names the columns alone). The alias is only
 * removed outside string literals, so an option id can never change the expression.
 */
export function indexExpression(expr: SQL): string {
  const rendered = dialect.sqlToQuery(sql`${expr}`.inlineParams()).sql;
  return rendered
    .split(/('(?:[^']|'')*')/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\br\.("?\w+"?)/g, (_, column: string) => column)))
    .join('');
}

/** How long an index seen to exist is trusted without asking table_indexes again. */
const KNOWN_INDEX_MS = 60_000;

/**
 * Sort indexes: a partial expression index per (table, sorted field, direction), made the first
 * time a large table is read with that sort, in the background. The first page of a sorted
 * million-record table then reads about a hundred index entries instead of sorting a million rows.
 * The planner matches the index because the list query's parameters are known when it is planned
 * (custom plans), so `r.values ->> $1` and `values ->> 'fld_…'` are the same expression.
 */
export function recordIndexes({ db, logger }: { db: Db; logger: Logger }) {
  const building = new Map<string, Promise<void>>();
  // One build at a time: two `create index concurrently` on the same table wait for each other and PostgreSQL
  // ends one of them as a deadlock (a grouped view asks for two indexes at once: group field and sort).
  let queue: Promise<void> = Promise.resolve();
  // Indexes known to exist, so that sorted reads do not each ask table_indexes. Another process may drop one; after
  // KNOWN_INDEX_MS this one looks again (a missing index only makes reads slower, never wrong).
  const known = new Map<string, number>();
  const isKnown = (name: string) => (known.get(name) ?? 0) > Date.now();
  const remember = (name: string) => known.set(name, Date.now() + KNOWN_INDEX_MS);

  function wanted(tableId: string, fields: Map<string, Field>, sorts: Sort[]) {
    const usable = sorts.filter((sort) => fields.has(sort.fieldId));
    const keys = compileSorts(usable, fields, { lenient: true });
    const columns = usable.flatMap((sort, i) => {
      const key = keys[i];
      if (!key) return [];
      const expression = indexExpression(key.expr);
      const direction = sort.direction === 'asc' ? 'asc nulls last' : 'desc nulls last';
      return [{ fieldId: sort.fieldId, expression, direction, column: `(${expression}) ${direction}` }];
    });
    const named = (text: string) =>
      `trx_${createHash('sha256').update(`${tableId}\n${text}`).digest('hex').slice(0, 40)}`;
    // Several sorts (a grouped view always has two): one index over all of them in their order, so a window deep
    // inside a sorted group is read from the index instead of sorting the whole table. It is recorded under the
    // first field; `dropFor` also finds it by the others.
    if (columns.length > 1 && columns.length <= MAX_INDEX_KEYS) {
      const column = columns.map((entry) => entry.column).join(', ');
      return [{ name: named(column), fieldId: columns[0]?.fieldId as string, column }];
    }
    // The autonumber already has an index of its own.
    return columns
      .filter((entry) => entry.expression !== 'autonumber' && entry.expression !== '"autonumber"')
      .map((entry) => ({
        name: named(`${entry.expression}\n${entry.direction}`),
        fieldId: entry.fieldId,
        column: entry.column,
      }));
  }

  async function build(
    table: { id: string; accountId: string },
    index: { name: string; fieldId: string; column: string },
  ) {
    const [existing] = await db.select().from(tableIndexes).where(eq(tableIndexes.name, index.name));
    if (existing) {
      remember(index.name);
      return;
    }
    const started = performance.now();
    // `concurrently` keeps writes going while it builds.
    await db.execute(
      sql.raw(
        `create index concurrently if not exists "${index.name}" on table_records ` +
          `(${index.column}, autonumber) where table_id = '${table.id.replace(/'/g, "''")}'`,
      ),
    );
    // Fresh statistics, so the planner sees how many records the table holds and picks the index
    // now rather than after autovacuum's next pass.
    await db.execute(sql`analyze table_records`);
    await db
      .insert(tableIndexes)
      .values({ name: index.name, tableId: table.id, accountId: table.accountId, fieldId: index.fieldId })
      .onConflictDoNothing();
    remember(index.name);
    logger.info(
      { tableId: table.id, fieldId: index.fieldId, indexName: index.name, ms: Math.round(performance.now() - started) },
      'sort index built',
    );
  }

  return {
    /**
     * Starts building the indexes these sorts need on a large table and returns at once. The promise
     * settles when they exist (the bench and tests wait on it; requests don't).
     */
    ensureForSorts({
      table,
      fields,
      sorts,
    }: {
      table: { id: string; accountId: string; recordCount: number };
      fields: Map<string, Field>;
      sorts: Sort[];
    }): Promise<void> {
      if (sorts.length === 0 || table.recordCount < SORT_INDEX_MIN_RECORDS) return Promise.resolve();
      const jobs = wanted(table.id, fields, sorts).flatMap((index) => {
        if (isKnown(index.name)) return [];
        let job = building.get(index.name);
        if (!job) {
          job = queue
            .then(() => build(table, index))
            .catch((error: Error) =>
              logger.warn({ tableId: table.id, indexName: index.name, err: error }, 'sort index not built'),
            )
            .finally(() => building.delete(index.name));
          building.set(index.name, job);
          queue = job;
        }
        return job;
      });
      return Promise.all(jobs).then(() => undefined);
    },

    /**
     * Drops the sort indexes of a field (deleted, or its options changed its expression) or of a whole
     * table. Called outside transactions: dropping an index locks table_records, which must not be
     * held while a long change runs; on PostgreSQL `concurrently` avoids the lock altogether.
     */
    async dropFor({ accountId, tableId, fieldId }: { accountId: string; tableId: string; fieldId?: string }) {
      // A build already under way would record its index after the drop looked, and leave it behind.
      await queue;
      // An index over several sorts is recorded under its first field; the others are found in its definition.
      const mentioning = fieldId
        ? rowsOf<{ name: string }>(
            await db.execute(sql`
              select t.name from table_indexes t join pg_indexes i on i.indexname = t.name
              where t.account_id = ${accountId} and t.table_id = ${tableId} and position(${fieldId}::text in i.indexdef) > 0`),
          ).map((row) => row.name)
        : [];
      const rows = await db
        .delete(tableIndexes)
        .where(
          and(
            eq(tableIndexes.accountId, accountId),
            eq(tableIndexes.tableId, tableId),
            ...(fieldId
              ? [
                  mentioning.length
                    ? or(eq(tableIndexes.fieldId, fieldId), inArray(tableIndexes.name, mentioning))
                    : eq(tableIndexes.fieldId, fieldId),
                ]
              : []),
          ),
        )
        .returning({ name: tableIndexes.name });
      for (const { name } of rows) {
        known.delete(name);
        await db.execute(sql.raw(`drop index concurrently if exists "${name}"`));
      }
    },
  };
}

export type RecordIndexes = ReturnType<typeof recordIndexes>;
