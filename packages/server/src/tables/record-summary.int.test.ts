import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(() => server.close());

async function dealsTable() {
  const { body: table } = await owner.client.post('/api/tables', {
    accountId: owner.user.personalAccountId,
    name: 'Deals',
  });
  const base = `/api/tables/${table.id}`;
  const [name] = (await owner.client.get(`${base}/fields`)).body;
  const add = async (fieldName: string, options: object) =>
    (await owner.client.post(`${base}/fields`, { name: fieldName, options })).body;
  const amount = await add('Amount', { type: 'number' });
  const won = await add('Won', { type: 'checkbox' });
  const closes = await add('Closes', { type: 'date' });
  const stage = await add('Stage', {
    type: 'single_select',
    choices: [
      { id: 'opt_lead', name: 'Lead', color: 'gray' },
      { id: 'opt_won', name: 'Won', color: 'green' },
    ],
  });
  const rows: Array<[string, number | null, boolean, string | null, string | null]> = [
    ['Acme', 100, true, '2026-03-01', 'opt_won'],
    ['Beta', 50.5, false, '2026-01-15', 'opt_lead'],
    ['Cargo', null, true, null, 'opt_won'],
    ['Delta', 20, false, '2026-06-30', null],
    ['acme', 100, false, '2026-02-01', 'opt_lead'],
  ];
  const created = await owner.client.post(`${base}/records`, {
    records: rows.map(([n, a, w, c, s]) => ({
      values: { [name.id]: n, [amount.id]: a, [won.id]: w || null, [closes.id]: c, [stage.id]: s },
    })),
  });
  expect(created.status, created.text).toBe(201);
  return { table, base, name, amount, won, closes, stage };
}

const asQuery = (summaries: object, extra = '') => `summaries=${encodeURIComponent(JSON.stringify(summaries))}${extra}`;

describe('footer summaries', () => {
  it('aggregates every record of the view per field type, within the filter and search', async () => {
    const { base, name, amount, won, closes, stage } = await dealsTable();
    const all = await owner.client.get(
      `${base}/summary?${asQuery({
        [amount.id]: 'sum',
        [won.id]: 'percent_checked',
        [closes.id]: 'min',
        [stage.id]: 'filled',
        [name.id]: 'unique',
      })}`,
    );
    expect(all.status, all.text).toBe(200);
    expect(all.body).toEqual({
      total: 5,
      values: { [amount.id]: 270.5, [won.id]: 40, [closes.id]: '2026-01-15', [stage.id]: 4, [name.id]: 5 },
    });

    const more = await owner.client.get(
      `${base}/summary?${asQuery({ [amount.id]: 'avg', [closes.id]: 'max', [won.id]: 'checked', [name.id]: 'empty' })}`,
    );
    expect(more.body.values).toEqual({
      [amount.id]: 67.625,
      [closes.id]: '2026-06-30',
      [won.id]: 2,
      [name.id]: 0,
    });
    const minMax = await owner.client.get(`${base}/summary?${asQuery({ [amount.id]: 'min' })}`);
    expect(minMax.body.values[amount.id]).toBe(20);

    // A filter narrows every figure to the matching records.
    const filter = encodeURIComponent(
      JSON.stringify({ conjunction: 'and', conditions: [{ fieldId: amount.id, operator: 'gte', value: 50 }] }),
    );
    const filtered = await owner.client.get(
      `${base}/summary?${asQuery({ [amount.id]: 'sum', [won.id]: 'percent_checked' }, `&filter=${filter}`)}`,
    );
    expect(filtered.body).toEqual({ total: 3, values: { [amount.id]: 250.5, [won.id]: 100 / 3 } });

    const searched = await owner.client.get(`${base}/summary?${asQuery({ [amount.id]: 'count' }, '&search=acme')}`);
    expect(searched.body).toEqual({ total: 2, values: { [amount.id]: 2 } });

    // An empty result has a count of 0 and no sum or average.
    const none = await owner.client.get(
      `${base}/summary?${asQuery({ [amount.id]: 'sum', [won.id]: 'percent_checked' }, '&search=zzz')}`,
    );
    expect(none.body).toEqual({ total: 0, values: { [amount.id]: null, [won.id]: null } });
  });

  it('uses the view’s saved summaries and filter, skipping ones that no longer fit', async () => {
    const { base, amount, won, stage } = await dealsTable();
    const { body: view } = await owner.client.post(`${base}/views`, {
      name: 'Open',
      type: 'grid',
      config: {
        filter: { conjunction: 'and', conditions: [{ fieldId: stage.id, operator: 'is', value: 'opt_won' }] },
        summaries: { [amount.id]: 'sum', [won.id]: 'percent_checked' },
      },
    });
    expect(view.config.summaries).toEqual({ [amount.id]: 'sum', [won.id]: 'percent_checked' });
    const saved = await owner.client.get(`${base}/summary?viewId=${view.id}`);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ total: 2, values: { [amount.id]: 100, [won.id]: 100 } });

    // Changing Won to a number leaves its saved "percent checked" without a meaning: it is left out.
    await owner.client.patch(`${base}/fields/${won.id}`, { options: { type: 'number' }, confirmLoss: true });
    const after = await owner.client.get(`${base}/summary?viewId=${view.id}`);
    expect(after.body).toEqual({ total: 2, values: { [amount.id]: 100 } });

    // A view refuses a summary name that does not exist.
    const bad = await owner.client.patch(`${base}/views/${view.id}`, {
      config: { summaries: { [amount.id]: 'median' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe(`config.summaries.${amount.id}`);
  });

  it('refuses a summary a field does not offer, naming the field; other accounts get 404', async () => {
    const { base, table, amount, name } = await dealsTable();
    const wrong = await owner.client.get(`${base}/summary?${asQuery({ [name.id]: 'sum' })}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'bad_request',
      message:
        'Name cannot be summarised with "sum"; it offers count (Count), filled (Filled), empty (Empty), percent_filled (Percent filled), percent_empty (Percent empty), unique (Unique)',
      field: `summaries.${name.id}`,
    });
    const unknown = await owner.client.get(`${base}/summary?${asQuery({ [amount.id]: 'median' })}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.field).toBe(`summaries.${amount.id}`);
    expect(unknown.body.error.message).toMatch(/^Amount cannot be summarised with "median"/);
    const missing = await owner.client.get(`${base}/summary?${asQuery({ fld_nope: 'sum' })}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('summaries.fld_nope');
    expect((await owner.client.get(`${base}/summary?summaries=nope`)).status).toBe(400);

    const other = await signUpVerified(server, { name: 'Oz', email: 'oz-summary@example.com' });
    const foreign = await other.client.get(`/api/tables/${table.id}/summary?${asQuery({ [amount.id]: 'sum' })}`);
    expect(foreign.status).toBe(404);
  });
});
