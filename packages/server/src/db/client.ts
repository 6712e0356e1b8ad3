import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  /** `embedded`: the server Flowmind starts itself from its data folder; `postgres`: DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** A `pg` connection config for clients that need their own connection (pg-boss, LISTEN). */
  connection: pg.ClientConfig;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  kind?: Database['kind'];
  /** A connection string, or a `pg` connection config (a Unix socket folder as `host`). */
  url?: string;
  connection?: pg.ClientConfig;
  /** Connections in this process's pool. */
  max?: number;
};

/**
 * Drizzle's migrator takes no lock: processes started together on one database (several api and
 * worker roles, a fresh or an upgraded schema) each ran the same migrations at once, and all but
 * one failed to start ("relation already exists"). A session advisory lock makes them take turns;
 * the ones after the first find nothing left to do. Its two-key form keeps it apart from the
 * one-key locks taken per account.
 */
async function migrateInTurn(pool: pg.Pool, migrate: () => Promise<void>) {
  const holder = await pool.connect();
  try {
    await holder.query(`select pg_advisory_lock(hashtext('flowmind'), hashtext('migrations'))`);
    await migrate();
    await holder.query(`select pg_advisory_unlock(hashtext('flowmind'), hashtext('migrations'))`);
    holder.release();
  } catch (error) {
    // Dropping the connection ends its session, and the lock with it.
    holder.release(true);
    throw error;
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const connection: pg.ClientConfig = options.connection ?? { connectionString: options.url };
  const pool = new pg.Pool({ ...connection, max: options.max ?? 10 });
  // An idle connection dropped by the server (restart, failover, admin) must not crash the
  // process: the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  const db = drizzle(pool, { schema }) as unknown as Db;
  await migrateInTurn(pool, () => migrate(db as never, { migrationsFolder }));
  return { db, kind: options.kind ?? 'postgres', connection, close: () => pool.end() };
}
