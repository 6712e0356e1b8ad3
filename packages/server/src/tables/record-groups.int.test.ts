import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Gus', email: 'gus@example.com' });
});
afterAll(() => server.close());

describe('group by', () => {
  it('counts records per value in the field’s order, empties last, within the filter', async () => {
    const { body: table } = await owner.client.post('/api/tables', {
      accountId: owner.user.personalAccountId,
      name: 'Deals',
    });
    const [name] = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
    const stage = (
      await owner.client.post(`/api/tables/${table.id}/fields`, {
        name: 'Stage',
        options: {
          type: 'single_select',
          choices: [
            { id: 'opt_lead', name: 'Lead', color: 'gray' },
            { id: 'opt_won', name: 'Won', color: 'green' },
          ],
        },
      })
    ).body;
    const amount = (
      await owner.client.post(`/api/tables/${table.id}/fields`, { name: 'Amount', options: { type: 'number' } })
    ).body;
    const rows: [string, string | null, number][] = [
      ['a', 'opt_won', 10],
      ['b', 'opt_lead', 20],
      ['c', 'opt_won', 30],
      ['d', null, 40],
      ['e', 'opt_lead', 5],
    ];
    await owner.client.post(`/api/tables/${table.id}/records`, {
      records: rows.map(([n, s, a]) => ({ values: { [name.id]: n, [stage.id]: s, [amount.id]: a } })),
    });

    const all = await owner.client.get(`/api/tables/${table.id}/groups?fieldId=${stage.id}`);
    expect(all.status, all.text).toBe(200);
    expect(all.body).toEqual({
      fieldId: stage.id,
      groups: [
        { value: 'opt_lead', count: 2 },
        { value: 'opt_won', count: 2 },
        { value: null, count: 1 },
      ],
      total: 5,
    });

    const filter = encodeURIComponent(
      JSON.stringify({ conjunction: 'and', conditions: [{ fieldId: amount.id, operator: 'gte', value: 10 }] }),
    );
    const filtered = await owner.client.get(`/api/tables/${table.id}/groups?fieldId=${stage.id}&filter=${filter}`);
    expect(filtered.body.groups).toEqual([
      { value: 'opt_lead', count: 1 },
      { value: 'opt_won', count: 2 },
      { value: null, count: 1 },
    ]);

    const byNumber = await owner.client.get(`/api/tables/${table.id}/groups?fieldId=${amount.id}`);
    expect(byNumber.body.groups.map((g: { value: unknown }) => g.value)).toEqual([5, 10, 20, 30, 40]);

    expect((await owner.client.get(`/api/tables/${table.id}/groups`)).status).toBe(400);
    expect((await owner.client.get(`/api/tables/${table.id}/groups?fieldId=fld_nope`)).status).toBe(400);
    const other = await signUpVerified(server, { name: 'Oz', email: 'oz@example.com' });
    expect((await other.client.get(`/api/tables/${table.id}/groups?fieldId=${stage.id}`)).status).toBe(404);
  });

  it('lists a grouped view’s records group by group, in the view’s sorts, matching the counts', async () => {
    const { body: table } = await owner.client.post('/api/tables', {
      accountId: owner.user.personalAccountId,
      name: 'Tasks',
    });
    const base = `/api/tables/${table.id}`;
    const [name] = (await owner.client.get(`${base}/fields`)).body;
    const team = (await owner.client.post(`${base}/fields`, { name: 'Team', options: { type: 'text' } })).body;
    const done = (await owner.client.post(`${base}/fields`, { name: 'Done', options: { type: 'checkbox' } })).body;
    const points = (await owner.client.post(`${base}/fields`, { name: 'Points', options: { type: 'number' } })).body;
    const rows: [string, string | null, boolean, number][] = [
      ['a', 'Web', true, 3],
      ['b', 'ops', false, 8],
      ['c', 'web', false, 1],
      ['d', null, true, 5],
      ['e', 'Ops', true, 2],
      ['f', 'Web', false, 9],
    ];
    await owner.client.post(`${base}/records`, {
      records: rows.map(([n, t, d, p]) => ({
        values: { [name.id]: n, [team.id]: t, [done.id]: d, [points.id]: p },
      })),
    });
    const { body: view } = await owner.client.post(`${base}/views`, {
      name: 'By team',
      type: 'grid',
      config: { groupByFieldId: team.id, sorts: [{ fieldId: points.id, direction: 'desc' }] },
    });

    // "Web" and "web" sort alike, so they are one group: the records of a group are contiguous.
    const groups = await owner.client.get(`${base}/groups?fieldId=${team.id}&viewId=${view.id}`);
    expect(groups.status, groups.text).toBe(200);
    expect(groups.body.groups.map((g: { count: number }) => g.count)).toEqual([2, 3, 1]);
    expect(groups.body.groups[2].value).toBeNull();
    const page = await owner.client.get(`${base}/records?viewId=${view.id}&limit=100`);
    expect(page.status, page.text).toBe(200);
    const names = page.body.records.map((r: { values: Record<string, unknown> }) => r.values[name.id]);
    expect(names).toEqual(['b', 'e', 'f', 'a', 'c', 'd']);
    // Offsets land inside the same order, so a grid can fetch any group's window directly.
    const window = await owner.client.get(`${base}/records?viewId=${view.id}&offset=2&limit=3`);
    expect(window.body.records.map((r: { values: Record<string, unknown> }) => r.values[name.id])).toEqual([
      'f',
      'a',
      'c',
    ]);

    // A date's groups read their value from the sort key alone.
    const due = (await owner.client.post(`${base}/fields`, { name: 'Due', options: { type: 'date' } })).body;
    const ids = page.body.records.map((r: { id: string }) => r.id);
    await owner.client.patch(`${base}/records`, {
      records: [
        { id: ids[0], values: { [due.id]: '2026-03-01' } },
        { id: ids[1], values: { [due.id]: '2026-01-15' } },
        { id: ids[2], values: { [due.id]: '2026-03-01' } },
      ],
    });
    const byDate = await owner.client.get(`${base}/groups?fieldId=${due.id}`);
    expect(byDate.body.groups).toEqual([
      { value: '2026-01-15', count: 1 },
      { value: '2026-03-01', count: 2 },
      { value: null, count: 3 },
    ]);

    const checked = await owner.client.get(`${base}/groups?fieldId=${done.id}`);
    expect(checked.body.groups).toEqual([
      { value: false, count: 3 },
      { value: true, count: 3 },
    ]);

    // An explicit sort replaces the view's, group included.
    const sort = encodeURIComponent(JSON.stringify([{ fieldId: points.id, direction: 'asc' }]));
    const sorted = await owner.client.get(`${base}/records?viewId=${view.id}&sort=${sort}&limit=100`);
    expect(sorted.body.records.map((r: { values: Record<string, unknown> }) => r.values[name.id])).toEqual([
      'c',
      'e',
      'a',
      'd',
      'b',
      'f',
    ]);

    // Deleting the grouped field leaves the view listing in its sorts instead of failing.
    expect((await owner.client.delete(`${base}/fields/${team.id}`)).status).toBe(204);
    const after = await owner.client.get(`${base}/records?viewId=${view.id}&limit=100`);
    expect(after.status, after.text).toBe(200);
    expect(after.body.records.map((r: { values: Record<string, unknown> }) => r.values[name.id])).toEqual([
      'f',
      'b',
      'd',
      'a',
      'e',
      'c',
    ]);
  });

  it('reads the records query the same way on the list, the count and the groups: a bad part is a 400 naming it', async () => {
    const { body: table } = await owner.client.post('/api/tables', {
      accountId: owner.user.personalAccountId,
      name: 'Query',
    });
    const [name] = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
    const base = `/api/tables/${table.id}`;
    const badFilter = `filter=${encodeURIComponent('{not json')}`;
    const badCondition = `filter=${encodeURIComponent(JSON.stringify({ conjunction: 'xor', conditions: [] }))}`;
    const cases: [string, string][] = [
      [`${base}/records?${badFilter}`, 'filter'],
      [`${base}/records/count?${badFilter}`, 'filter'],
      [`${base}/groups?fieldId=${name.id}&${badFilter}`, 'filter'],
      [`${base}/records?${badCondition}`, 'filter.conjunction'],
      [`${base}/records/count?${badCondition}`, 'filter.conjunction'],
      [`${base}/groups?fieldId=${name.id}&${badCondition}`, 'filter.conjunction'],
      [`${base}/records?sort=${encodeURIComponent('[{')}`, 'sort'],
      [`${base}/records?limit=0`, 'limit'],
      [`${base}/records?offset=-1`, 'offset'],
      [`${base}/records/count?search=${'x'.repeat(201)}`, 'search'],
      [`${base}/groups`, 'fieldId'],
    ];
    for (const [url, field] of cases) {
      const res = await owner.client.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.field, url).toBe(field);
    }
    const fine = await owner.client.get(
      `${base}/records/count?filter=${encodeURIComponent(JSON.stringify({ conjunction: 'and', conditions: [] }))}`,
    );
    expect(fine.status, fine.text).toBe(200);

    const stranger = await signUpVerified(server, { name: 'Ivy', email: 'ivy-groups@example.com' });
    for (const url of [`${base}/records`, `${base}/records/count`, `${base}/groups?fieldId=${name.id}`])
      expect((await stranger.client.get(url)).status, url).toBe(404);
  });
});
