import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};

// Several api and worker processes started together on one database each migrate it on start.
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('run once when four processes open a fresh database at the same time, and all of them start', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `flowmind_m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const opened = await Promise.allSettled(
      [1, 2, 3, 4].map(() => openDatabase({ kind: 'postgres', url: String(url) })),
    );
    try {
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
        'ok',
      ]);
      const check = new pg.Client({ connectionString: String(url) });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(applied.rows[0].n).toBe(journal.entries.length);
    } finally {
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      // The pools' sockets may still be closing: a forced drop would end them with an error nobody hears.
      for (let tries = 0; tries < 50; tries += 1) {
        const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((done) => setTimeout(done, 50));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
