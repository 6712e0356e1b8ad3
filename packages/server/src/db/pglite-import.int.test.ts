import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { rowsOf } from '../tables/table.repository';
import { startTestServer, type TestServer } from '../test/test-server';
import { importPgliteFolder, PGLITE_MOVED_NOTE } from './pglite-import';

let server: TestServer;
let dataDir: string;
const logged: string[] = [];
const query = async (statement: SQL) => rowsOf<Record<string, unknown>>(await server.db.execute(statement));
const logger = { info: (message: string) => logged.push(message) };

beforeAll(async () => {
  server = await startTestServer();
  // A data folder as Flowmind left it when its embedded database was PGlite (in ./pg).
  dataDir = mkdtempSync(join(tmpdir(), 'flowmind-pglite-'));
  const old = new PGlite(join(dataDir, 'pg'));
  await migrate(drizzle(old), { migrationsFolder });
  await old.exec(`
    insert into users (id, name, email, email_verified) values ('u1', 'Ada', 'ada@example.com', true);
    insert into accounts (id, type, handle, name, created_by) values ('a1', 'personal', 'ada', 'Ada', 'u1');
    update users set personal_account_id = 'a1' where id = 'u1';
    insert into notes (id, account_id, title, text, tags, content, ydoc, created_by)
      values ('n1', 'a1', 'Groceries', 'milk and eggs', '{home,list}', '{"type":"doc"}', '\\x0102ff', 'u1');
    insert into note_updates (note_id, update) values ('n1', '\\x01'), ('n1', '\\x02'), ('n1', '\\x03');
  `);
  await old.close();
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('moving an old PGlite data folder into PostgreSQL', () => {
  it('copies every row once, keeps the old folder, and leaves a note saying so', async () => {
    expect(await importPgliteFolder({ dataDir, database: server.database, logger })).toBe(true);

    const users = await query(sql`select id, email, email_verified, personal_account_id from users`);
    expect(users).toEqual([{ id: 'u1', email: 'ada@example.com', email_verified: true, personal_account_id: 'a1' }]);
    const notes = await query(
      sql`select title, tags, content, encode(ydoc, 'hex') as ydoc, search @@ to_tsquery('english', 'eggs') as found from notes`,
    );
    expect(notes).toEqual([
      { title: 'Groceries', tags: ['home', 'list'], content: { type: 'doc' }, ydoc: '0102ff', found: true },
    ]);
    const updates = await query(sql`select id from note_updates order by id`);
    expect(updates.map((row) => Number(row.id))).toEqual([1, 2, 3]);
    // The sequence carries on after the copied ids.
    const next = await query(sql`insert into note_updates (note_id, update) values ('n1', '\\x04') returning id`);
    expect(Number(next[0]?.id)).toBe(4);

    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION')), 'the old folder stays').toBe(true);
    expect(readFileSync(join(dataDir, PGLITE_MOVED_NOTE), 'utf8')).toMatch(/delete it once you have checked/);
    expect(logged.join('\n')).toMatch(/Moved \d+ rows from .*pg into PostgreSQL/);

    // Once only: the next start finds the note and copies nothing.
    expect(await importPgliteFolder({ dataDir, database: server.database, logger })).toBe(false);
    const count = await query(sql`select count(*)::int as n from note_updates`);
    expect(count[0]?.n).toBe(4);
  });

  it('does nothing for a data folder without an old PGlite database', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'flowmind-nopglite-'));
    try {
      expect(await importPgliteFolder({ dataDir: empty, database: server.database, logger })).toBe(false);
      expect(existsSync(join(empty, PGLITE_MOVED_NOTE))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
