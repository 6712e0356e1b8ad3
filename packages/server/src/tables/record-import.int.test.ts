import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Ines', email: 'ines@example.com' });
});
afterAll(() => server.close());

async function tableWithFields(name: string) {
  const { body: table } = await owner.client.post('/api/tables', {
    accountId: owner.user.personalAccountId,
    name,
  });
  const [primary] = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
  const add = async (fieldName: string, options: Record<string, unknown>) =>
    (await owner.client.post(`/api/tables/${table.id}/fields`, { name: fieldName, options })).body;
  return { table, primary, add };
}

describe('CSV import', () => {
  it('writes the good rows and names each bad row, its field and why', async () => {
    const { table, primary, add } = await tableWithFields('Contacts');
    const amount = await add('Amount', { type: 'currency' });
    const email = await add('Email', { type: 'email' });
    const stage = await add('Stage', {
      type: 'single_select',
      choices: [{ id: 'opt_lead', name: 'Lead', color: 'blue' }],
    });
    const before = (await owner.client.get(`/api/tables/${table.id}`)).body.version;

    const res = await owner.client.post(`/api/tables/${table.id}/import`, {
      // The CSV's columns in its order, mapped onto existing fields; the second column is skipped.
      fieldIds: [primary.id, null, amount.id, email.id, stage.id],
      firstRowNumber: 2,
      rows: [
        ['Ada', 'ignored', '$1,200.50', 'ada@example.com', 'lead'],
        ['Bob', 'ignored', 'twelve', 'bob@example', 'Lead'],
        ['Cy', '', '', '', ''],
        ['', '', '', '', ''],
        ['Dee', 'x', '3', 'dee@example.com', 'Customer'],
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 2,
      failed: [
        { row: 3, fieldId: amount.id, fieldName: 'Amount', reason: 'Amount must be a number' },
        { row: 3, fieldId: email.id, fieldName: 'Email', reason: 'Email must be an email address' },
        { row: 6, fieldId: stage.id, fieldName: 'Stage', reason: 'Stage has no option "Customer"' },
      ],
    });

    const { body: page } = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(page.total).toBe(2);
    expect(page.records.map((r: { values: Record<string, unknown> }) => r.values)).toEqual([
      { [primary.id]: 'Ada', [amount.id]: 1200.5, [email.id]: 'ada@example.com', [stage.id]: 'opt_lead' },
      { [primary.id]: 'Cy' },
    ]);
    expect(page.records.map((r: { autonumber: number }) => r.autonumber)).toEqual([1, 2]);
    const after = (await owner.client.get(`/api/tables/${table.id}`)).body.version;
    expect(after).toBeGreaterThan(before);
    const { body: history } = await owner.client.get(`/api/tables/${table.id}/records/${page.records[0].id}/history`);
    expect(history).toHaveLength(1);
    expect(history[0].kind).toBe('created');
  });

  it('imports 1000 rows in one chunk', async () => {
    const { table, primary, add } = await tableWithFields('Big');
    const score = await add('Score', { type: 'number' });
    const rows = Array.from({ length: 1000 }, (_, i) => [`r${i}`, String(i)]);
    const res = await owner.client.post(`/api/tables/${table.id}/import`, {
      fieldIds: [primary.id, score.id],
      firstRowNumber: 1,
      rows,
    });
    expect(res.body).toEqual({ imported: 1000, failed: [] });
    expect((await owner.client.get(`/api/tables/${table.id}`)).body.recordCount).toBe(1000);
  });

  it('refuses a mapping onto a missing, computed or doubled field, and writes nothing', async () => {
    const { table, primary, add } = await tableWithFields('Strict');
    const formula = await add('Double', { type: 'formula', expression: '1 + 1' });
    const post = (fieldIds: (string | null)[]) =>
      owner.client.post(`/api/tables/${table.id}/import`, { fieldIds, firstRowNumber: 1, rows: [['a', 'b']] });
    const missing = await post([primary.id, 'fld_nope']);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(
      'A column goes to a field that is not in this table (it may have been deleted)',
    );
    const computed = await post([primary.id, formula.id]);
    expect(computed.status).toBe(400);
    expect(computed.body.error.message).toBe('Double cannot be imported into');
    expect((await post([primary.id, primary.id])).body.error.message).toBe('Two columns go to Name; choose one');
    const tooMany = await owner.client.post(`/api/tables/${table.id}/import`, {
      fieldIds: [primary.id],
      firstRowNumber: 1,
      rows: Array.from({ length: 1001 }, () => ['x']),
    });
    expect(tooMany.status).toBe(400);
    expect((await owner.client.get(`/api/tables/${table.id}`)).body.recordCount).toBe(0);
  });

  it('is a 404 for a table of another account', async () => {
    const { table, primary } = await tableWithFields('Private');
    const stranger = await signUpVerified(server, { name: 'Sam', email: 'sam-import@example.com' });
    const res = await stranger.client.post(`/api/tables/${table.id}/import`, {
      fieldIds: [primary.id],
      firstRowNumber: 1,
      rows: [['intruder']],
    });
    expect(res.status).toBe(404);
    expect((await owner.client.get(`/api/tables/${table.id}`)).body.recordCount).toBe(0);
  });
});
