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
      accountId: owner.user.personal_account_id,
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
      field_id: stage.id,
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
});
