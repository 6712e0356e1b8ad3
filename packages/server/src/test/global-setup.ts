// Vitest's global setup: the server tests run on PostgreSQL. With TEST_DATABASE_URL set, on that
// server; otherwise on an embedded PostgreSQL started here once for the whole run (as `npm start`
// runs one), which every test file reaches through TEST_DATABASE_URL. Each test file then copies a
// migrated template database (see test-server.ts), so no test pays for the migrations.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded';
import { processAlive, stopLeftoverPostgres } from '../db/embedded-process';

const PREFIX = 'flowmind-test-pg-';

/** Servers left by runs that were killed (their owner is gone): stop them and remove their folders. */
async function sweep() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const folder = join(tmpdir(), name);
    try {
      const ownerFile = join(folder, 'owner');
      const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8').trim()) : 0;
      if (owner && processAlive(owner)) continue;
      await stopLeftoverPostgres(join(folder, 'data'));
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Another user's run: not ours to clean.
    }
  }
}

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  await sweep();
  const folder = mkdtempSync(join(tmpdir(), PREFIX));
  // As root the server runs as the postgres user, who must be able to enter this folder.
  chmodSync(folder, 0o755);
  writeFileSync(join(folder, 'owner'), `${process.pid}\n`);
  const server = await startEmbeddedPostgres({
    dataDir: join(folder, 'data'),
    logger: { info: () => {}, warn: (message) => console.warn(message) },
    applicationName: 'flowmind-tests',
    // Test files run two at a time, each with a few servers' pools; durability tests start processes.
    settings: { max_connections: '400', fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  process.env.TEST_DATABASE_URL = server.url;
  return async () => {
    await server.stop({ force: true });
    rmSync(folder, { recursive: true, force: true });
  };
}
