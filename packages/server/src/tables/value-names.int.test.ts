import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Lin', email: 'lin@example.com' });
});
afterAll(() => server.close());

async function newTable(name: string) {
  const { body: table } = await owner.client.post('/api/tables', {
    accountId: owner.user.personalAccountId,
    name,
  });
  const [primary] = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
  return { table, primary };
}

describe('names of ids in values', () => {
  it('returns the linked records’ primary names with every page, get and write, both directions', async () => {
    const { table: orders, primary: orderName } = await newTable('Orders');
    const { table: items, primary: itemName } = await newTable('Items');
    const link = (
      await owner.client.post(`/api/tables/${orders.id}/fields`, {
        name: 'Items',
        options: { type: 'link', linkedTableId: items.id },
      })
    ).body;
    const inverseId = link.options.inverseFieldId;
    const made = await owner.client.post(`/api/tables/${items.id}/records`, {
      records: [{ values: { [itemName.id]: 'pen' } }, { values: { [itemName.id]: 'ink' } }, { values: {} }],
    });
    const [pen, ink, unnamed] = made.body.records;
    const orderRows = Array.from({ length: 30 }, (_, i) => ({
      values: { [orderName.id]: `o${i}`, [link.id]: i % 2 ? [pen.id, ink.id] : [ink.id, unnamed.id] },
    }));
    const created = await owner.client.post(`/api/tables/${orders.id}/records`, { records: orderRows });
    expect(created.status, created.text).toBe(201);
    expect(created.body.records[1].names).toEqual({ [pen.id]: 'pen', [ink.id]: 'ink' });

    const page = await owner.client.get(`/api/tables/${orders.id}/records?limit=100`);
    expect(page.body.records).toHaveLength(30);
    for (const [i, record] of page.body.records.entries())
      expect(record.names).toEqual(
        i % 2 ? { [pen.id]: 'pen', [ink.id]: 'ink' } : { [ink.id]: 'ink', [unnamed.id]: '' },
      );

    const back = await owner.client.get(`/api/tables/${items.id}/records/${pen.id}`);
    expect(back.body.values[inverseId]).toHaveLength(15);
    expect(Object.values(back.body.names)).toContain('o1');

    // Renaming the linked record shows the new name on the next read.
    await owner.client.patch(`/api/tables/${items.id}/records`, {
      records: [{ id: pen.id, values: { [itemName.id]: 'pencil' } }],
    });
    const one = await owner.client.get(`/api/tables/${orders.id}/records/${created.body.records[1].id}`);
    expect(one.body.names[pen.id]).toBe('pencil');

    // Records without links carry no names.
    const lonely = (await owner.client.post(`/api/tables/${items.id}/records`, { records: [{ values: {} }] })).body
      .records[0];
    const plain = await owner.client.get(`/api/tables/${items.id}/records/${lonely.id}`);
    expect(plain.body.names).toBeUndefined();
  });

  it('names a linked record by a computed primary (autonumber)', async () => {
    const { table: people, primary: personName } = await newTable('People');
    const { table: tickets, primary: ticketPrimary } = await newTable('Tickets');
    const changed = await owner.client.patch(`/api/tables/${tickets.id}/fields/${ticketPrimary.id}`, {
      options: { type: 'autonumber' },
    });
    expect(changed.status, changed.text).toBe(200);
    const ticket = (await owner.client.post(`/api/tables/${tickets.id}/records`, { records: [{ values: {} }] })).body
      .records[0];
    const link = (
      await owner.client.post(`/api/tables/${people.id}/fields`, {
        name: 'Tickets',
        options: { type: 'link', linkedTableId: tickets.id },
      })
    ).body;
    const person = await owner.client.post(`/api/tables/${people.id}/records`, {
      records: [{ values: { [personName.id]: 'Ada', [link.id]: [ticket.id] } }],
    });
    expect(person.body.records[0].names).toEqual({ [ticket.id]: String(ticket.autonumber) });
  });

  it('names the user of a created-by field', async () => {
    const { table } = await newTable('Notes');
    const creator = (
      await owner.client.post(`/api/tables/${table.id}/fields`, { name: 'By', options: { type: 'created_by' } })
    ).body;
    const made = (await owner.client.post(`/api/tables/${table.id}/records`, { records: [{ values: {} }] })).body
      .records[0];
    expect(made.values[creator.id]).toBe(owner.user.id);
    const page = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(page.body.records[0].names).toEqual({ [owner.user.id]: 'Lin' });
  });

  it('never names records of another account', async () => {
    const other = await signUpVerified(server, { name: 'Eve', email: 'eve-links@example.com' });
    const { table } = await newTable('Mine');
    const response = await other.client.get(`/api/tables/${table.id}/records`);
    expect(response.status).toBe(404);
  });
});
