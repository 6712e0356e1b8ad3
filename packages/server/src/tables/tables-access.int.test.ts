import { describe, expect, it } from 'vitest';
import { newTable, owner, stranger, useTablesServer } from './tables-test-setup';

useTablesServer();

describe('tenant isolation', () => {
  it("answers 404 for another account's table, fields, records and views, also live", async () => {
    const { table, primary } = await newTable('Secret');
    const created = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [{ values: { [primary.id]: 'classified' } }],
    });
    const recordId = created.body.records[0].id;
    const views = (await owner.client.get(`/api/tables/${table.id}/views`)).body;
    const c = stranger.client;
    for (const res of [
      await c.get(`/api/tables/${table.id}`),
      await c.patch(`/api/tables/${table.id}`, { name: 'x' }),
      await c.delete(`/api/tables/${table.id}`),
      await c.get(`/api/tables/${table.id}/fields`),
      await c.patch(`/api/tables/${table.id}/fields/${primary.id}`, { name: 'x' }),
      await c.get(`/api/tables/${table.id}/records`),
      await c.get(`/api/tables/${table.id}/records/${recordId}`),
      await c.get(`/api/tables/${table.id}/records/${recordId}/history`),
      await c.patch(`/api/tables/${table.id}/records`, { records: [{ id: recordId, values: {} }] }),
      await c.post(`/api/tables/${table.id}/records/delete`, { ids: [recordId] }),
      await c.get(`/api/tables/${table.id}/views`),
      await c.patch(`/api/tables/${table.id}/views/${views[0].id}`, { name: 'x' }),
      await c.post(`/api/tables/${table.id}/duplicate`, { withRecords: true }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('classified');
      expect(res.body.error.message).toBe('Table not found');
    }
    const list = await c.get(`/api/tables?accountId=${owner.user.personalAccountId}`);
    expect(list.status).toBe(404);
    // The stranger's own table cannot be reached through the owner's table either.
    const theirs = await c.post('/api/tables', { accountId: stranger.user.personalAccountId, name: 'Mine' });
    const wrongRecord = await owner.client.get(`/api/tables/${theirs.body.id}/records/${recordId}`);
    expect(wrongRecord.status).toBe(404);

    const socket = await c.live();
    socket.send({ type: 'subscribe', id: 's1', path: `tables/${table.id}` });
    const refused = await socket.next((m) => m.id === 's1');
    expect(JSON.stringify(refused)).not.toContain('Secret');
    expect(refused.type).toBe('error');
    socket.close();
  });

  it('streams the table document with a version that moves on record changes', async () => {
    const { table, primary } = await newTable('Live');
    const socket = await owner.client.live();
    socket.send({ type: 'subscribe', id: 't1', path: `tables/${table.id}` });
    const first = await socket.next((m) => m.id === 't1');
    const version = JSON.stringify(first).match(/"version":(\d+)/)?.[1];
    expect(version).toBeDefined();
    await owner.client.post(`/api/tables/${table.id}/records`, { records: [{ values: { [primary.id]: 'x' } }] });
    const next = await socket.next((m) => m.id === 't1' && JSON.stringify(m).includes('"recordCount":1'));
    expect(JSON.stringify(next)).not.toContain(`"version":${version},`);
    socket.close();
  });
});
