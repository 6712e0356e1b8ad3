import { describe, expect, it } from 'vitest';
import { addField, newTable, owner, stranger, useTablesServer } from './tables-test-setup';

useTablesServer();

describe('link fields', () => {
  it('links both directions, checks targets, keeps the inverse in step, and rolls up', async () => {
    const { table: orders, primary: orderName } = await newTable('Orders');
    const { table: items, primary: itemName } = await newTable('Items');
    const price = await addField(items.id, 'Price', { type: 'number' });
    const link = (await addField(orders.id, 'Items', {
      type: 'link',
      linkedTableId: items.id,
      inverseFieldId: null,
    })) as unknown as { id: string; options: { inverseFieldId: string } };
    const inverseId = link.options.inverseFieldId;
    expect(inverseId).toMatch(/^fld_/);
    const itemFields = (await owner.client.get(`/api/tables/${items.id}/fields`)).body;
    expect(itemFields.find((f: { id: string }) => f.id === inverseId)).toMatchObject({
      name: 'Orders',
      options: { type: 'link', linkedTableId: orders.id, inverseFieldId: link.id },
    });
    const sum = await addField(orders.id, 'Sum', {
      type: 'rollup',
      linkFieldId: link.id,
      targetFieldId: price.id,
      fn: 'sum',
    });
    const names = await addField(orders.id, 'Names', {
      type: 'lookup',
      linkFieldId: link.id,
      targetFieldId: itemName.id,
    });
    const kind = await addField(items.id, 'Kind', {
      type: 'single_select',
      choices: [
        { id: 'opt_tool', name: 'Tool', color: 'blue' },
        { id: 'opt_refill', name: 'Refill', color: 'green' },
      ],
    });
    const kinds = await addField(orders.id, 'Kinds', { type: 'lookup', linkFieldId: link.id, targetFieldId: kind.id });
    const { table: makers, primary: makerName } = await newTable('Makers');
    const maker = await addField(items.id, 'Maker', { type: 'link', linkedTableId: makers.id, inverseFieldId: null });
    const makersOf = await addField(orders.id, 'Makers', {
      type: 'lookup',
      linkFieldId: link.id,
      targetFieldId: maker.id,
    });
    const acme = (
      await owner.client.post(`/api/tables/${makers.id}/records`, {
        records: [{ values: { [makerName.id]: 'Acme' } }],
      })
    ).body.records[0];
    const wrongTarget = await owner.client.post(`/api/tables/${orders.id}/fields`, {
      name: 'Wrong',
      options: { type: 'lookup', linkFieldId: link.id, targetFieldId: orderName.id },
    });
    expect(wrongTarget.body.error.field).toBe('options.targetFieldId');

    const made = await owner.client.post(`/api/tables/${items.id}/records`, {
      records: [
        {
          values: {
            [itemName.id]: 'pen',
            [price.id]: 2,
            [kind.id]: kind.options.choices?.[0]?.id,
            [maker.id]: [acme.id],
          },
        },
        { values: { [itemName.id]: 'ink', [price.id]: 5, [kind.id]: kind.options.choices?.[1]?.id } },
      ],
    });
    const [pen, ink] = made.body.records;
    const missing = await owner.client.post(`/api/tables/${orders.id}/records`, {
      records: [{ values: { [orderName.id]: 'o1', [link.id]: [pen.id, 'rec_missing'] } }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      message: 'Items links to a record that does not exist (it may have been deleted)',
      field: `records.0.values.${link.id}`,
    });

    const order = await owner.client.post(`/api/tables/${orders.id}/records`, {
      records: [{ values: { [orderName.id]: 'o1', [link.id]: [pen.id, ink.id] } }],
    });
    // A lookup of another table's select shows the options' names, which this table could not resolve.
    expect(order.body.records[0].values).toMatchObject({
      [sum.id]: 7,
      [names.id]: ['pen', 'ink'],
      [kinds.id]: ['Tool', 'Refill'],
      [makersOf.id]: ['Acme'],
    });
    const orderId = order.body.records[0].id;
    const inverseOf = async (id: string) =>
      (await owner.client.get(`/api/tables/${items.id}/records/${id}`)).body.values[inverseId];
    expect(await inverseOf(pen.id)).toEqual([orderId]);
    const penHistory = await owner.client.get(`/api/tables/${items.id}/records/${pen.id}/history`);
    expect(penHistory.body.at(-1)).toMatchObject({
      kind: 'updated',
      userId: owner.user.id,
      changes: { [inverseId]: { from: null, to: [orderId] } },
    });

    await owner.client.patch(`/api/tables/${orders.id}/records`, {
      records: [{ id: orderId, values: { [link.id]: [ink.id] } }],
    });
    expect(await inverseOf(pen.id)).toBeUndefined();
    expect(await inverseOf(ink.id)).toEqual([orderId]);

    // Writing from the other side updates this side.
    await owner.client.patch(`/api/tables/${items.id}/records`, {
      records: [{ id: pen.id, values: { [inverseId]: [orderId] } }],
    });
    const after = await owner.client.get(`/api/tables/${orders.id}/records/${orderId}`);
    expect(after.body.values[link.id]).toEqual([ink.id, pen.id]);

    await owner.client.post(`/api/tables/${items.id}/records/delete`, { ids: [ink.id] });
    const afterDelete = await owner.client.get(`/api/tables/${orders.id}/records/${orderId}`);
    expect(afterDelete.body.values[link.id]).toEqual([pen.id]);

    const otherAccount = await stranger.client.post('/api/tables', {
      accountId: stranger.user.personalAccountId,
      name: 'Theirs',
    });
    const foreign = await owner.client.post(`/api/tables/${orders.id}/fields`, {
      name: 'Bad',
      options: { type: 'link', linkedTableId: otherAccount.body.id, inverseFieldId: null },
    });
    expect(foreign.status).toBe(400);

    expect((await owner.client.delete(`/api/tables/${orders.id}/fields/${link.id}`)).status).toBe(204);
    const remaining = (await owner.client.get(`/api/tables/${items.id}/fields`)).body;
    expect(remaining.map((f: { id: string }) => f.id)).not.toContain(inverseId);
  });
});
