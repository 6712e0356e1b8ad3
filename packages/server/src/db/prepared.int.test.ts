import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import type { Db } from './client';
import { executePrepared } from './prepared';

let database: TestDatabase;
let client: pg.Client;
let opened: { db: Db };

beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'prep' });
  // One connection, so that what one call prepared is there for the next.
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  opened = { db: drizzle(client) as unknown as Db };
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

const prepared = async () =>
  (
    (await opened.db.execute(
      sql`select statement from pg_prepared_statements where name like 'flowmind_%'`,
    )) as unknown as {
      rows: { statement: string }[];
    }
  ).rows.map((row) => row.statement);

describe('executePrepared', () => {
  it('prepares each shape of statement once per connection and runs it with its values', async () => {
    const twice = (n: number) => sql`select ${n}::int * 2 as doubled, ${'x'}::text as tag`;
    const first = await executePrepared(opened.db, twice(2));
    const second = await executePrepared(opened.db, twice(21));
    expect(first.rows).toEqual([{ doubled: 4, tag: 'x' }]);
    expect(second.rows).toEqual([{ doubled: 42, tag: 'x' }]);
    expect((await prepared()).filter((text) => text.includes('* 2 as doubled'))).toHaveLength(1);

    // Another shape is another statement, both kept.
    const other = await executePrepared(opened.db, sql`select ${5}::int + 1 as next`);
    expect(other.rows).toEqual([{ next: 6 }]);
    expect(await prepared()).toHaveLength(2);
  });

  it('reports a failed statement and leaves the connection usable', async () => {
    await expect(executePrepared(opened.db, sql`select 1 / ${0}::int as broken`)).rejects.toThrow(/division by zero/);
    expect((await executePrepared(opened.db, sql`select ${3}::int as fine`)).rows).toEqual([{ fine: 3 }]);
  });
});
