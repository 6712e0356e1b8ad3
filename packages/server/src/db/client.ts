import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A `pg` connection config for clients that need a wire connection (pg-boss, LISTEN). */
  connection: pg.ClientConfig;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string }
  /** `dataDir` null keeps the database in memory; `pglite` hands in an instance (tests clone one). */
  | { kind: 'pglite'; dataDir: string | null; pglite?: PGlite };

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
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection dropped by the server (restart, failover, admin) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateInTurn(pool, () => migrateNodePg(db as never, { migrationsFolder }));
    return { db, kind: 'postgres', connection: { connectionString: options.url }, close: () => pool.end() };
  }

  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = new PGlite(options.dataDir ? resolve(options.dataDir, 'pg') : undefined);
  }
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });

  // PGlite has no network listener of its own; the socket server lets pg-boss and other wire
  // clients share the one embedded database. A Unix socket avoids taking a TCP port.
  const socketDir = mkdtempSync(join(tmpdir(), 'flowmind-pg-'));
  const socketServer = new PGLiteSocketServer({
    db: pglite,
    path: join(socketDir, '.s.PGSQL.5432'),
    maxConnections: 16,
  });
  await socketServer.start();
  const owned = !options.pglite;
  return {
    db,
    kind: 'pglite',
    connection: { host: socketDir, port: 5432, user: 'postgres', database: 'postgres' },
    async close() {
      await socketServer.stop();
      rmSync(socketDir, { recursive: true, force: true });
      if (owned) await pglite.close();
    },
  };
}
