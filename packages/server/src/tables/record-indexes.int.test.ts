import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';
import { recordIndexes, SORT_INDEX_MIN_RECORDS } from './record-indexes';
import { compileSorts, orderBy } from './record-query';
import { rowsOf } from './table.repository';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let stranger: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Ivy', email: 'ivy@example.com' });
  stranger = await signUpVerified(server, { name: 'Sid', email: 'sid@example.com' });
});
afterAll(() => server.close());

const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString()}`;

async function newTable(name: string) {
  const res = await owner.client.post('/api/tables', { accountId: owner.user.personalAccountId, name });
  const [primary] = (await owner.client.get(`/api/tables/${res.body.id}/fields`)).body;
  return { id: res.body.id as string, primary: primary as { id: string } };
}

const recordCount = async (tableId: string) => (await owner.client.get(`/api/tables/${tableId}`)).body.recordCount;

describe('record counts', () => {
  it('keeps the count on every insert and delete path, and counts filtered matches on request', async () => {
    const table = await newTable('Counted');
    const score = (
      await owner.client.post(`/api/tables/${table.id}/fields`, { name: 'Score', options: { type: 'number' } })
    ).body;
    const created = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [1, 2, 3, 4].map((n) => ({ values: { [table.primary.id]: `r${n}`, [score.id]: n } })),
    });
    expect(await recordCount(table.id)).toBe(4);

    const [first, second] = created.body.records as { id: string }[];
    await owner.client.post(`/api/tables/${table.id}/records/delete`, { ids: [first?.id, second?.id] });
    expect(await recordCount(table.id)).toBe(2);
    await owner.client.post(`/api/tables/${table.id}/records/restore`, { ids: [first?.id] });
    expect(await recordCount(table.id)).toBe(3);

    const copy = await owner.client.post(`/api/tables/${table.id}/duplicate`, { withRecords: true });
    expect(copy.body.recordCount).toBe(3);
    const list = await owner.client.get(`/api/tables?accountId=${owner.user.personalAccountId}`);
    expect(list.body.find((t: { id: string }) => t.id === table.id).recordCount).toBe(3);

    // The whole table: the kept count comes with the page. Narrowed: its own call.
    const page = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(page.body.total).toBe(3);
    const atLeast3 = { filter: { conjunction: 'and', conditions: [{ fieldId: score.id, operator: 'gte', value: 3 }] } };
    const narrowed = await owner.client.get(`/api/tables/${table.id}/records${q(atLeast3)}`);
    expect(narrowed.body.records).toHaveLength(2);
    expect(narrowed.body.total).toBeNull();
    expect((await owner.client.get(`/api/tables/${table.id}/records/count${q(atLeast3)}`)).body).toEqual({ total: 2 });
    expect((await owner.client.get(`/api/tables/${table.id}/records/count${q({ search: 'r1' })}`)).body).toEqual({
      total: 1,
    });
    expect((await owner.client.get(`/api/tables/${table.id}/records/count`)).body).toEqual({ total: 3 });

    const foreign = await stranger.client.get(`/api/tables/${table.id}/records/count`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.total).toBeUndefined();
  });
});

describe('sort indexes', () => {
  it('indexes a sorted field of a large table, is used by the list query, and goes with the field', async () => {
    const table = await newTable('Big');
    const score = (
      await owner.client.post(`/api/tables/${table.id}/fields`, { name: 'Score', options: { type: 'number' } })
    ).body;
    const when = (
      await owner.client.post(`/api/tables/${table.id}/fields`, { name: 'When', options: { type: 'date' } })
    ).body;
    const size = SORT_INDEX_MIN_RECORDS + 500;
    // Filled straight in the database: the API would take much longer for this many.
    await server.db.execute(sql`
      insert into table_records (id, table_id, account_id, values, autonumber)
      select 'rec_big' || n, ${table.id}, ${owner.user.personalAccountId},
             case when n % 10 = 0 then jsonb_build_object(${table.primary.id}::text, 'Record ' || n)
                  else jsonb_build_object(${table.primary.id}::text, 'Record ' || n, ${score.id}::text, (n * 7919) % 1000,
                                          ${when.id}::text, to_char(date '2020-01-01' + (n % 900), 'YYYY-MM-DD')) end,
             n
      from generate_series(1, ${size}) as n`);
    expect(await recordCount(table.id)).toBe(size);

    const sorts = [{ fieldId: score.id, direction: 'desc' as const }];
    const read = async () =>
      (await owner.client.get(`/api/tables/${table.id}/records${q({ sort: sorts, limit: '50' })}`)).body.records.map(
        (r: { id: string }) => r.id,
      );
    const before = await read();
    // The list call starts building its index in the background: let it finish, so the builds
    // below (another instance, as another process would be) do not race it.
    for (let tries = 0; tries < 200; tries += 1) {
      const built = rowsOf<{ n: number }>(
        await server.db.execute(sql`select count(*)::int as n from table_indexes where table_id = ${table.id}`),
      );
      if ((built[0]?.n ?? 0) >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // What the list call starts in the background, awaited here.
    const fields = new Map(
      ((await owner.client.get(`/api/tables/${table.id}/fields`)).body as { id: string }[]).map((f) => [f.id, f]),
    );
    const indexes = recordIndexes({
      db: server.db,
      logger: pino({ level: 'silent' }),
    });
    const ensure = (list: { fieldId: string; direction: 'asc' | 'desc' }[]) =>
      indexes.ensureForSorts({
        table: { id: table.id, accountId: owner.user.personalAccountId, recordCount: size },
        fields: fields as never,
        sorts: list,
      });
    const twoKeys = [...sorts, { fieldId: when.id, direction: 'asc' as const }];
    // One index per single sort, and one over both for the two together (a grouped view's order).
    await Promise.all([ensure(sorts), ensure([{ fieldId: when.id, direction: 'asc' }]), ensure(twoKeys)]);
    const made = rowsOf<{ name: string; field_id: string }>(
      await server.db.execute(sql`select name, field_id from table_indexes where table_id = ${table.id}`),
    );
    expect(made.map((m) => m.field_id).sort()).toEqual([score.id, score.id, when.id].sort());
    const names = made.map((m) => m.name);
    const existing = async () =>
      rowsOf<{ indexname: string }>(
        await server.db.execute(sql`select indexname from pg_indexes where tablename = 'table_records'`),
      )
        .map((row) => row.indexname)
        .filter((name) => names.includes(name));
    expect((await existing()).sort()).toEqual([...names].sort());

    // The same rows in the same order, now read through the index.
    expect(await read()).toEqual(before);
    const keys = compileSorts(sorts, fields as never);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await server.db.execute(sql`explain select r.id from table_records r
        where r.table_id = ${table.id} and r.account_id = ${owner.user.personalAccountId}
        order by ${orderBy(keys)} limit 101`),
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Scan using trx_/);
    const deepPlan = rowsOf<{ 'QUERY PLAN': string }>(
      await server.db.execute(sql`explain select r.id from table_records r
        where r.table_id = ${table.id} and r.account_id = ${owner.user.personalAccountId}
        order by ${orderBy(compileSorts(twoKeys, fields as never))} limit 200 offset 5000`),
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(deepPlan).toMatch(/Index Scan using trx_/);
    expect(deepPlan).not.toMatch(/Sort/);

    // Dates sort by their text, which the index needs; empties still come last.
    const byDate = await owner.client.get(
      `/api/tables/${table.id}/records${q({ sort: [{ fieldId: when.id, direction: 'desc' }], limit: '3' })}`,
    );
    expect(byDate.body.records.map((r: { values: Record<string, string> }) => r.values[when.id])).toEqual([
      '2022-06-18',
      '2022-06-18',
      '2022-06-18',
    ]);

    // Deleting a field drops every index that sorts by it, the one over both fields too.
    await owner.client.delete(`/api/tables/${table.id}/fields/${when.id}`);
    expect(await existing()).toHaveLength(1);
    await owner.client.delete(`/api/tables/${table.id}?permanent=true`);
    expect(await existing()).toHaveLength(0);
  });
});
