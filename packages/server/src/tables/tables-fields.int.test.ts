import { describe, expect, it } from 'vitest';
import { addField, newTable, owner, q, stranger, useTablesServer } from './tables-test-setup';

useTablesServer();

describe('field changes', () => {
  it('previews a lossy type change, refuses it without confirmation, converts, and undoes', async () => {
    const { table, primary } = await newTable();
    const field = await addField(table.id, 'Amount', { type: 'text' });
    const created = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [
        { values: { [primary.id]: 'a', [field.id]: '12.5' } },
        { values: { [primary.id]: 'b', [field.id]: 'lots' } },
        { values: { [primary.id]: 'c' } },
      ],
    });
    const [a, b] = created.body.records;
    const preview = await owner.client.post(`/api/tables/${table.id}/fields/${field.id}/preview`, {
      options: { type: 'number', precision: 1 },
    });
    expect(preview.body).toEqual({ lost: 1, converted: 1, examples: [{ recordId: b.id, from: 'lots' }] });

    const refused = await owner.client.patch(`/api/tables/${table.id}/fields/${field.id}`, {
      options: { type: 'number', precision: 1 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.message).toContain('1 value');

    const changed = await owner.client.patch(`/api/tables/${table.id}/fields/${field.id}`, {
      options: { type: 'number', precision: 1 },
      confirmLoss: true,
    });
    expect(changed.body).toMatchObject({ type: 'number', options: { type: 'number', precision: 1 } });
    const value = async (id: string) =>
      (await owner.client.get(`/api/tables/${table.id}/records/${id}`)).body.values[field.id];
    expect(await value(a.id)).toBe(12.5);
    expect(await value(b.id)).toBeUndefined();

    const undone = await owner.client.post(`/api/tables/${table.id}/fields/${field.id}/undo-change`);
    expect(undone.body.type).toBe('text');
    expect(await value(a.id)).toBe('12.5');
    expect(await value(b.id)).toBe('lots');
    expect((await owner.client.post(`/api/tables/${table.id}/fields/${field.id}/undo-change`)).status).toBe(409);

    const toSelect = await owner.client.patch(`/api/tables/${table.id}/fields/${field.id}`, {
      options: { type: 'single_select', choices: [] },
    });
    expect(toSelect.body.options.choices.map((c: { name: string }) => c.name)).toEqual(['12.5', 'lots']);

    expect((await owner.client.delete(`/api/tables/${table.id}/fields/${primary.id}`)).status).toBe(400);
    expect((await owner.client.delete(`/api/tables/${table.id}/fields/${field.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/tables/${table.id}/records/${a.id}`)).body.values).toEqual({
      [primary.id]: 'a',
    });
  });
});

describe('computed fields', () => {
  it('computes formulas and system fields on read, rejects bad expressions, follows renames', async () => {
    const { table, primary } = await newTable();
    const price = await addField(table.id, 'Price', { type: 'number', precision: 2 });
    const qty = await addField(table.id, 'Qty', { type: 'number' });
    const bad = await owner.client.post(`/api/tables/${table.id}/fields`, {
      name: 'Total',
      options: { type: 'formula', expression: '{Price} * ' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ field: 'options.expression', message: 'The formula ends too early' });
    const unknown = await owner.client.post(`/api/tables/${table.id}/fields`, {
      name: 'Total',
      options: { type: 'formula', expression: '{Nope} + 1' },
    });
    expect(unknown.body.error.message).toBe('Unknown field {Nope} at position 1');
    const total = await addField(table.id, 'Total', {
      type: 'formula',
      expression: 'IF({Qty} > 1, {Price} * {Qty}, UPPER({Name}))',
    });
    const number = await addField(table.id, 'No', { type: 'autonumber' });
    const createdBy = await addField(table.id, 'By', { type: 'created_by' });
    const created = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [
        { values: { [primary.id]: 'pen', [price.id]: 1.5, [qty.id]: 4 } },
        { values: { [primary.id]: 'ink', [qty.id]: 1 } },
      ],
    });
    expect(created.body.records[0].values).toMatchObject({
      [total.id]: 6,
      [number.id]: 1,
      [createdBy.id]: owner.user.id,
    });
    expect(created.body.records[1].values[total.id]).toBe('INK');

    await owner.client.patch(`/api/tables/${table.id}/fields/${qty.id}`, { name: 'Quantity' });
    const fields = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
    expect(fields.find((f: { id: string }) => f.id === total.id).options.expression).toBe(
      'IF({Quantity} > 1, {Price} * {Quantity}, UPPER({Name}))',
    );
    const page = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(page.body.records[0].values[total.id]).toBe(6);

    // A formula turned into a stored type keeps what it showed; undo brings the formula back.
    const preview = await owner.client.post(`/api/tables/${table.id}/fields/${total.id}/preview`, {
      options: { type: 'number', precision: 0 },
    });
    expect(preview.body).toMatchObject({ lost: 1, converted: 1 });
    const frozen = await owner.client.patch(`/api/tables/${table.id}/fields/${total.id}`, {
      options: { type: 'text' },
    });
    expect(frozen.status, frozen.text).toBe(200);
    const stored = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(stored.body.records.map((r: { values: Record<string, unknown> }) => r.values[total.id])).toEqual([
      '6',
      'INK',
    ]);
    const back = await owner.client.post(`/api/tables/${table.id}/fields/${total.id}/undo-change`);
    expect(back.body.type).toBe('formula');
    const again = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(again.body.records[0].values[total.id]).toBe(6);
  });
});

describe('more types', () => {
  it('filters and sorts date-times in the field time zone, checkboxes, ratings, and system fields', async () => {
    const { table, primary } = await newTable();
    const at = await addField(table.id, 'At', { type: 'date_time', timeZone: 'America/New_York' });
    const ok = await addField(table.id, 'Ok', { type: 'checkbox' });
    const stars = await addField(table.id, 'Stars', { type: 'rating', max: 5 });
    const created = await addField(table.id, 'Created', { type: 'created_time' });
    const number = await addField(table.id, 'No', { type: 'autonumber' });
    const res = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [
        // 02:00 UTC on the 2nd is still the 1st in New York.
        { values: { [primary.id]: 'late', [at.id]: '2024-03-02T02:00:00Z', [stars.id]: 2 } },
        { values: { [primary.id]: 'noon', [at.id]: '2024-03-02T17:00:00Z', [ok.id]: true, [stars.id]: 5 } },
        { values: { [primary.id]: 'none' } },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const names = async (params: Record<string, unknown>) =>
      (await owner.client.get(`/api/tables/${table.id}/records${q(params)}`)).body.records.map(
        (r: { values: Record<string, unknown> }) => r.values[primary.id],
      );
    const where = (fieldId: string, operator: string, value?: unknown) => ({
      filter: { conjunction: 'and', conditions: [{ fieldId, operator, value }] },
    });
    expect(await names(where(at.id, 'is', '2024-03-01'))).toEqual(['late']);
    expect(await names(where(at.id, 'is_on_or_after', '2024-03-02'))).toEqual(['noon']);
    expect(await names(where(at.id, 'is_empty'))).toEqual(['none']);
    expect(await names({ sort: [{ fieldId: at.id, direction: 'desc' }] })).toEqual(['noon', 'late', 'none']);
    expect(await names({ sort: [{ fieldId: ok.id, direction: 'asc' }] })).toEqual(['late', 'none', 'noon']);
    expect(await names(where(stars.id, 'gte', 3))).toEqual(['noon']);
    expect(await names({ sort: [{ fieldId: stars.id, direction: 'desc' }] })).toEqual(['noon', 'late', 'none']);
    expect(await names({ sort: [{ fieldId: number.id, direction: 'desc' }] })).toEqual(['none', 'noon', 'late']);
    expect(await names(where(number.id, 'lte', 2))).toEqual(['late', 'noon']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await names(where(created.id, 'is_on_or_before', today))).toHaveLength(3);
    const badValue = await owner.client.get(`/api/tables/${table.id}/records${q(where(stars.id, 'gt', 'many'))}`);
    expect(badValue.body.error).toMatchObject({ field: 'filter', message: 'Stars: filter value must be a number' });
    const badCursor = await owner.client.get(`/api/tables/${table.id}/records?cursor=nonsense`);
    expect(badCursor.body.error.field).toBe('cursor');
  });

  it('keeps field names unique and refuses a second primary delete path', async () => {
    const { table } = await newTable();
    await addField(table.id, 'Price', { type: 'number' });
    const clash = await owner.client.post(`/api/tables/${table.id}/fields`, {
      name: 'price',
      options: { type: 'text' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.field).toBe('name');
  });

  it('serves tables, fields and views live to members only', async () => {
    const { table } = await newTable('Watched');
    const socket = await owner.client.live();
    socket.send({ type: 'subscribe', id: 'f', path: `tables/${table.id}/fields` });
    const fields = await socket.next((m) => m.id === 'f');
    expect(fields.docs.map((d: { name: string }) => d.name)).toEqual(['Name']);
    await addField(table.id, 'Extra', { type: 'text' });
    const changed = await socket.next((m) => m.id === 'f' && m.docs?.length === 2);
    expect(changed.docs[1].name).toBe('Extra');
    socket.send({ type: 'subscribe', id: 'l', path: `accounts/${owner.user.personalAccountId}/tables` });
    const list = await socket.next((m) => m.id === 'l');
    expect(list.docs.map((d: { id: string }) => d.id)).toContain(table.id);
    socket.close();

    const spy = await stranger.client.live();
    for (const path of [
      `tables/${table.id}/fields`,
      `tables/${table.id}/views`,
      `accounts/${owner.user.personalAccountId}/tables`,
    ]) {
      spy.send({ type: 'subscribe', id: path, path });
      const answer = await spy.next((m) => m.id === path);
      expect(answer.type).toBe('error');
      expect(JSON.stringify(answer)).not.toContain('Watched');
    }
    spy.close();
  });
});

describe('select options', () => {
  it('keeps values when an option is renamed and warns before removing a used one', async () => {
    const { table, primary } = await newTable();
    const choices = [
      { id: 'o1', name: 'Red', color: 'red' },
      { id: 'o2', name: 'Blue', color: 'blue' },
    ];
    const color = await addField(table.id, 'Color', { type: 'single_select', choices });
    const made = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [
        { values: { [primary.id]: 'a', [color.id]: 'Red' } },
        { values: { [primary.id]: 'b', [color.id]: 'o2' } },
      ],
    });
    expect(made.body.records.map((r: { values: Record<string, string> }) => r.values[color.id])).toEqual(['o1', 'o2']);
    const renamed = await owner.client.patch(`/api/tables/${table.id}/fields/${color.id}`, {
      options: { type: 'single_select', choices: [{ ...choices[0], name: 'Crimson' }, choices[1]] },
    });
    expect(renamed.status).toBe(200);
    const removing = await owner.client.patch(`/api/tables/${table.id}/fields/${color.id}`, {
      options: { type: 'single_select', choices: [choices[1]] },
    });
    expect(removing.status).toBe(409);
    expect(removing.body.error.message).toBe('Changing Color would empty 1 value; confirm to go ahead');
    const page = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(page.body.records.map((r: { values: Record<string, string> }) => r.values[color.id])).toEqual(['o1', 'o2']);
  });
});
