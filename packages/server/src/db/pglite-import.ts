import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import type { Database } from './client';

type Logger = { info(message: string): void };

/** Written into the data folder once the old PGlite folder has been copied; its presence means "done". */
export const PGLITE_MOVED_NOTE = 'pg-moved-to-postgres.txt';
const PAGE = 2000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Before Flowmind ran a real PostgreSQL, the embedded database was PGlite, kept in `<data
 * folder>/pg`. On the first start with such a folder its data is copied into the new server once
 * (PGlite opened in this process, brought to the current schema, every table copied in one
 * transaction), a note saying so is left beside it, and the old folder stays until the user deletes
 * it. Queued and waiting executions are rows like any other: the worker's reaper picks them up.
 */
export async function importPgliteFolder({
  dataDir,
  database,
  logger,
}: {
  dataDir: string;
  database: Database;
  logger: Logger;
}): Promise<boolean> {
  const folder = resolve(dataDir);
  const old = join(folder, 'pg');
  const note = join(folder, PGLITE_MOVED_NOTE);
  if (!existsSync(join(old, 'PG_VERSION')) || existsSync(note)) return false;
  logger.info(`Moving the data of the old embedded database (PGlite, ${old}) into PostgreSQL; this happens once`);
  const started = performance.now();

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const source = new PGlite(old);
  const target = new pg.Client(database.connection);
  let rows = 0;
  try {
    await source.waitReady;
    await migrate(drizzle(source), { migrationsFolder });
    const tables = (
      await source.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((row) => row.name);

    await target.connect();
    await target.query('begin');
    // The copy arrives table by table in any order: foreign keys and triggers wait (superuser only,
    // which the embedded server's user is).
    await target.query('set local session_replication_role = replica');
    const present = (
      await target.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).rows.map((row) => row.name);
    const copied = tables.filter((name) => present.includes(name));
    if (copied.length > 0) await target.query(`truncate ${copied.map(quote).join(', ')}`);

    for (const table of copied) {
      const columns = (
        await target.query<{ name: string }>(
          `select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [table],
        )
      ).rows.map((row) => quote(row.name));
      const list = columns.join(', ');
      for (let offset = 0; ; offset += PAGE) {
        const page = await source.query<{ row: unknown }>(
          `select to_jsonb(t) as row from ${quote(table)} as t order by ctid limit ${PAGE} offset ${offset}`,
        );
        if (page.rows.length === 0) break;
        await target.query(
          `insert into ${quote(table)} (${list}) overriding system value
           select ${list} from jsonb_populate_recordset(null::${quote(table)}, $1::jsonb)`,
          [JSON.stringify(page.rows.map((entry) => entry.row))],
        );
        rows += page.rows.length;
        if (page.rows.length < PAGE) break;
      }
    }

    // Sequences carry on after the highest copied value.
    const sequences = await target.query<{ table: string; column: string; sequence: string }>(
      `select c.table_name as table, c.column_name as column, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as sequence
         from information_schema.columns c
        where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`,
    );
    for (const { table, column, sequence } of sequences.rows) {
      await target.query(
        `select setval($1, coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
        [sequence],
      );
    }
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw new Error(
      `Could not move the old embedded database (${old}) into PostgreSQL: ${(error as Error).message}. Nothing was changed; the old folder is untouched.`,
    );
  } finally {
    await target.end().catch(() => {});
    await source.close().catch(() => {});
  }

  writeFileSync(
    note,
    `On ${new Date().toISOString()} Flowmind copied the data of its old embedded database (PGlite, in ./pg)\n` +
      `into the embedded PostgreSQL server (./postgres): ${rows} rows. Flowmind no longer reads ./pg;\n` +
      'delete it once you have checked your data. Deleting this note copies ./pg again, over what is in PostgreSQL.\n',
  );
  logger.info(
    `Moved ${rows} rows from ${old} into PostgreSQL in ${Math.round(performance.now() - started)} ms; the old folder is kept, delete it when you no longer need it`,
  );
  return true;
}
