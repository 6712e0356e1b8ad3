import { describe, expect, it } from 'vitest';
import { addField, newTable, owner, q, useTablesServer } from './tables-test-setup';

useTablesServer();

describe('tables', () => {
  it('creates a table with a primary Name field and a grid view; lists, renames, trashes, restores', async () => {
    const { table, primary } = await newTable('Inventory');
    expect(table).toMatchObject({ name: 'Inventory', recordCount: 0, deletedAt: null, description: '' });
    expect(table.id).toMatch(/^tbl_/);
    expect(primary).toMatchObject({ name: 'Name', type: 'text', isPrimary: true });
    const views = await owner.client.get(`/api/tables/${table.id}/views`);
    expect(views.body.map((v: { name: string }) => v.name)).toEqual(['Grid view']);

    const accountId = owner.user.personalAccountId;
    const renamed = await owner.client.patch(`/api/tables/${table.id}`, { name: 'Stock' });
    expect(renamed.body.name).toBe('Stock');
    const found = await owner.client.get(`/api/tables${q({ accountId, search: 'sto' })}`);
    expect(found.body.map((t: { id: string }) => t.id)).toContain(table.id);

    expect((await owner.client.delete(`/api/tables/${table.id}`)).status).toBe(204);
    const active = await owner.client.get(`/api/tables${q({ accountId })}`);
    expect(active.body.map((t: { id: string }) => t.id)).not.toContain(table.id);
    const trash = await owner.client.get(`/api/tables${q({ accountId, trash: 'true' })}`);
    expect(trash.body.map((t: { id: string }) => t.id)).toContain(table.id);
    expect((await owner.client.get(`/api/tables/${table.id}/records`)).status).toBe(404);

    const restored = await owner.client.post(`/api/tables/${table.id}/restore`);
    expect(restored.body.deletedAt).toBeNull();
    expect((await owner.client.delete(`/api/tables/${table.id}?permanent=true`)).status).toBe(204);
    expect((await owner.client.get(`/api/tables/${table.id}`)).status).toBe(404);
  });

  it('duplicates the schema alone or with records, under new field ids', async () => {
    const { table, primary } = await newTable('Original');
    const qty = await addField(table.id, 'Qty', { type: 'number' });
    const seeded = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [{ values: { [primary.id]: 'a', [qty.id]: 1 } }, { values: { [primary.id]: 'b' } }],
    });
    expect(seeded.status, seeded.text).toBe(201);
    const empty = await owner.client.post(`/api/tables/${table.id}/duplicate`, { withRecords: false });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ name: 'Original copy', recordCount: 0 });
    const full = await owner.client.post(`/api/tables/${table.id}/duplicate`, { name: 'Copy', withRecords: true });
    expect(full.body.recordCount).toBe(2);
    const fields = (await owner.client.get(`/api/tables/${full.body.id}/fields`)).body;
    expect(fields.map((f: { name: string }) => f.name)).toEqual(['Name', 'Qty']);
    expect(fields[1].id).not.toBe(qty.id);
    const records = (await owner.client.get(`/api/tables/${full.body.id}/records`)).body.records;
    expect(records[0].values).toEqual({ [fields[0].id]: 'a', [fields[1].id]: 1 });
  });
});

describe('views', () => {
  it('creates, updates and deletes views but keeps the last one', async () => {
    const { table } = await newTable();
    const created = await owner.client.post(`/api/tables/${table.id}/views`, { name: 'Board', type: 'kanban' });
    expect(created.status).toBe(201);
    expect(created.body.config).toMatchObject({ sorts: [], filter: null, formPublic: false });
    const updated = await owner.client.patch(`/api/tables/${table.id}/views/${created.body.id}`, {
      name: 'Board 2',
      config: { hiddenFieldIds: ['fld_x'] },
    });
    expect(updated.body).toMatchObject({ name: 'Board 2', config: { hiddenFieldIds: ['fld_x'] } });
    const views = (await owner.client.get(`/api/tables/${table.id}/views`)).body;
    expect(views).toHaveLength(2);
    const bad = await owner.client.post(`/api/tables/${table.id}/views`, {
      name: 'Broken',
      type: 'grid',
      config: { sorts: [{ fieldId: 'fld_nope', direction: 'asc' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('sort');

    // A saved filter on a field that is later deleted stops applying instead of breaking the grid.
    const extra = await addField(table.id, 'Extra', { type: 'number' });
    const filtered = await owner.client.patch(`/api/tables/${table.id}/views/${created.body.id}`, {
      config: {
        filter: { conjunction: 'and', conditions: [{ fieldId: extra.id, operator: 'gt', value: 1 }] },
        sorts: [{ fieldId: extra.id, direction: 'desc' }],
      },
    });
    expect(filtered.status, filtered.text).toBe(200);
    // A PATCH changes only the keys it sends: the hidden fields set above are still there.
    expect(filtered.body.config).toMatchObject({
      hiddenFieldIds: ['fld_x'],
      sorts: [{ fieldId: extra.id, direction: 'desc' }],
    });
    const widths = await owner.client.patch(`/api/tables/${table.id}/views/${created.body.id}`, {
      config: { columnWidths: { [extra.id]: 240 } },
    });
    expect(widths.body.config).toMatchObject({
      hiddenFieldIds: ['fld_x'],
      sorts: [{ fieldId: extra.id, direction: 'desc' }],
      columnWidths: { [extra.id]: 240 },
    });
    await owner.client.delete(`/api/tables/${table.id}/fields/${extra.id}`);
    const page = await owner.client.get(`/api/tables/${table.id}/records?viewId=${created.body.id}`);
    expect(page.status).toBe(200);

    expect((await owner.client.delete(`/api/tables/${table.id}/views/${views[0].id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/tables/${table.id}/views/${created.body.id}`)).status).toBe(400);
  });
});
