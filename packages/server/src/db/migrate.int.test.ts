import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { openDatabase } from './client';

const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};

// Several api and worker processes started together on one database each migrate it on start.
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('run once when four processes open a fresh database at the same time, and all of them start', async () => {
    const database = await createTestDatabase({ prefix: 'm', empty: true });
    const opened = await Promise.allSettled(
      [1, 2, 3, 4].map(() => openDatabase({ kind: 'postgres', url: database.url })),
    );
    try {
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
        'ok',
      ]);
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(applied.rows[0].n).toBe(journal.entries.length);
    } finally {
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      await database.drop();
    }
  });
});
