import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Cleo', email: 'cleo@example.com' });
});
afterAll(() => server.close());

describe('CSV export', () => {
  it('exports a view: its visible fields in order, its filter and sort, values as text', async () => {
    const { body: table } = await owner.client.post('/api/tables', {
      accountId: owner.user.personalAccountId,
      name: 'Leads, 2026',
    });
    const [name] = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
    const add = async (fieldName: string, options: Record<string, unknown>) =>
      (await owner.client.post(`/api/tables/${table.id}/fields`, { name: fieldName, options })).body;
    const score = await add('Score', { type: 'number' });
    const stage = await add('Stage', {
      type: 'single_select',
      choices: [
        { id: 'opt_new', name: 'New', color: 'blue' },
        { id: 'opt_won', name: 'Won', color: 'green' },
      ],
    });
    const secret = await add('Secret', { type: 'text' });
    const created = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [
        { values: { [name.id]: 'Acme, Inc.', [score.id]: 7, [stage.id]: 'opt_won', [secret.id]: 'x' } },
        { values: { [name.id]: '=cmd|calc', [score.id]: 9, [stage.id]: 'opt_new' } },
        { values: { [name.id]: 'Low', [score.id]: 1 } },
      ],
    });
    expect(created.status).toBe(201);
    const { body: views } = await owner.client.get(`/api/tables/${table.id}/views`);
    await owner.client.patch(`/api/tables/${table.id}/views/${views[0].id}`, {
      config: {
        hiddenFieldIds: [secret.id],
        fieldOrder: [name.id, stage.id, score.id],
        filter: { conjunction: 'and', conditions: [{ fieldId: score.id, operator: 'gt', value: 5 }] },
        sorts: [{ fieldId: score.id, direction: 'desc' }],
      },
    });

    const res = await owner.client.get(`/api/tables/${table.id}/export.csv?viewId=${views[0].id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''Leads%2C%202026.csv`);
    // Text decoding drops the byte-order mark; the raw bytes start with it so Excel reads UTF-8.
    expect(res.text).toBe(`Name,Stage,Score\r\n'=cmd|calc,New,9\r\n"Acme, Inc.",Won,7\r\n`);
    const raw = await fetch(`${server.baseUrl}/api/tables/${table.id}/export.csv`, {
      headers: { cookie: owner.client.cookieHeader },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('pages through every record', async () => {
    const { body: table } = await owner.client.post('/api/tables', {
      accountId: owner.user.personalAccountId,
      name: 'Many',
    });
    const [name] = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
    for (let batch = 0; batch < 3; batch++) {
      const records = Array.from({ length: 1000 }, (_, i) => ({ values: { [name.id]: `r${batch * 1000 + i}` } }));
      expect((await owner.client.post(`/api/tables/${table.id}/records`, { records })).status).toBe(201);
    }
    const res = await owner.client.get(`/api/tables/${table.id}/export.csv`);
    const lines = res.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3001);
    expect(lines[3000]).toBe('r2999');
  });

  it('is a JSON 404 for a table of another account, and a 400 for a bad filter', async () => {
    const { body: table } = await owner.client.post('/api/tables', {
      accountId: owner.user.personalAccountId,
      name: 'Private',
    });
    const other = await signUpVerified(server, { name: 'Odo', email: 'odo@example.com' });
    const denied = await other.client.get(`/api/tables/${table.id}/export.csv`);
    expect(denied.status).toBe(404);
    expect(denied.body.error.code).toBe('not_found');
    const bad = await owner.client.get(
      `/api/tables/${table.id}/export.csv?filter=${encodeURIComponent('{"conjunction":"and","conditions":[{"fieldId":"fld_nope","operator":"is","value":1}]}')}`,
    );
    expect(bad.status).toBe(400);
  });
});
