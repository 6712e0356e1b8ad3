import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();
/** Statement texts and the names they are prepared under, the same on every connection. */
const names = new Map<string, string>();
/** Past this many shapes a statement runs unnamed (each connection keeps what it prepared). */
const MAX_NAMES = 256;

/**
 * Runs a statement as a named prepared statement: each connection parses and plans its text once
 * and then only binds and runs it. For statements that come in a few shapes and run many times a
 * second (the execution writer's batches, whose parse and plan cost the database about a fifth of
 * their time). A connection pooler in front of PostgreSQL must keep prepared statements apart per
 * client (PgBouncer 1.21+ with `max_prepared_statements`, or session pooling).
 */
export async function executePrepared(db: Db, statement: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const client = (db as unknown as { $client?: pg.Pool | pg.Client }).$client;
  if (!client) return (await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `flowmind_${names.size + 1}`;
    names.set(text, name);
  }
  return client.query({ name, text, values: params as unknown[] });
}
