import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * Databases of the tests, on the PostgreSQL server of the run: the embedded one the global setup
 * (global-setup.ts) starts, or the one at TEST_DATABASE_URL. The one place tests create and drop
 * databases.
 */

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type TestDatabase = { name: string; url: string; drop(): Promise<void> };

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (its global setup sets it)');
  return url;
}

/** The URL of database `name` on the tests' server, optionally with an application_name. */
export function testDatabaseUrl(name: string, applicationName?: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  if (applicationName) url.searchParams.set('application_name', applicationName);
  return url.toString();
}

async function withAdmin<T>(use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new database: a copy of the migrated template (what a test server opens), or `empty` for tests
 * of what processes do on a fresh database (migrate on start, several at once).
 */
export async function createTestDatabase({
  prefix = 't',
  empty = false,
}: {
  prefix?: string;
  empty?: boolean;
} = {}): Promise<TestDatabase> {
  const name = `flowmind_${prefix}_${randomBytes(6).toString('hex')}`;
  const template = empty ? null : await postgresTemplate();
  await withAdmin((admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    name,
    url: testDatabaseUrl(name),
    drop: () =>
      withAdmin(async (admin) => {
        await untilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/**
 * pg's pool.end() resolves while its sockets are still closing; dropping, renaming or copying the
 * database then would fail or end them with an error nobody listens for any more. Give them a
 * moment to go.
 */
async function untilUnused(client: pg.Client, name: string) {
  for (let tries = 0; tries < 50; tries += 1) {
    const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (open.rows[0].n === 0) return;
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Held while a test process builds the migrated template, so parallel test files build it once. */
const TEMPLATE_LOCK = 7_310_442;
let postgresTemplateName: Promise<string> | null = null;

/**
 * A migrated database every test database is copied from (`create database … template …`), so no
 * test file pays for the migrations. Named after the migrations it holds: a new migration makes a
 * new template, and older ones are dropped.
 */
function postgresTemplate(): Promise<string> {
  postgresTemplateName ??= (async () => {
    const journal = readFileSync(join(migrationsFolder, 'meta', '_journal.json'));
    const sqlFiles = readdirSync(migrationsFolder)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => readFileSync(join(migrationsFolder, file)));
    const hash = createHash('sha256').update(journal);
    for (const file of sqlFiles) hash.update(file);
    const name = `flowmind_tpl_${hash.digest('hex').slice(0, 16)}`;
    await withAdmin(async (admin) => {
      try {
        await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
        const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount !== 0) return;
        // Built under another name and renamed when complete: a half-built template is never copied.
        const building = `${name}_${randomBytes(3).toString('hex')}`;
        await admin.query(`create database ${building}`);
        const database = await openDatabase({ kind: 'postgres', url: testDatabaseUrl(building) });
        await database.close();
        await untilUnused(admin, building);
        await admin.query(`alter database ${building} rename to ${name}`);
        const stale = await admin.query(
          "select datname from pg_database where datname like 'flowmind\\_tpl\\_%' and datname <> $1",
          [name],
        );
        for (const row of stale.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
      }
    });
    return name;
  })();
  return postgresTemplateName;
}
