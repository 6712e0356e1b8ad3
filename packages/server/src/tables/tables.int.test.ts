import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let stranger: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Tara', email: 'tara@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(() => server.close());

async function newTable(name = 'Products') {
  const res = await owner.client.post('/api/tables', { accountId: owner.user.personalAccountId, name });
  expect(res.status).toBe(201);
  const fields = await owner.client.get(`/api/tables/${res.body.id}/fields`);
  return { table: res.body, primary: fields.body[0] };
}

async function addField(tableId: string, name: string, options: Record<string, unknown>) {
  const res = await owner.client.post(`/api/tables/${tableId}/fields`, { name, options });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; options: { choices?: { id: string; name: string }[] } };
}

const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString()}`;

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

describe('records', () => {
  it('validates a batch: one bad value is a 400 naming record and field, and nothing is written', async () => {
    // A record is named as people know it (its primary value, else its place in the batch); ids stay out of
    // messages and go in `field` and `recordId`.
    const { table, primary } = await newTable();
    const price = await addField(table.id, 'Price', { type: 'currency' });
    const res = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [
        { values: { [primary.id]: 'ok', [price.id]: 1 } },
        { values: { [primary.id]: 'ok too' } },
        { values: { [primary.id]: 'bad', [price.id]: 'ten' } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'bad_request',
      message: '“bad”: Price must be a number',
      field: `records.2.values.${price.id}`,
    });
    const unnamed = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [{ values: { [primary.id]: 'ok' } }, { values: { [price.id]: 'ten' } }],
    });
    expect(unnamed.body.error.message).toBe('Record 2 of 2: Price must be a number');
    const page = await owner.client.get(`/api/tables/${table.id}/records`);
    expect(page.body.total).toBe(0);

    const created = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [{ values: { [primary.id]: 'one' } }],
    });
    const recordId = created.body.records[0].id;
    const badUpdate = await owner.client.patch(`/api/tables/${table.id}/records`, {
      records: [
        { id: recordId, values: { [primary.id]: 'changed' } },
        { id: recordId, values: { [price.id]: false } },
      ],
    });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.error).toEqual({
      code: 'bad_request',
      message: 'Record 2 of 2: Price must be a number',
      field: `records.1.values.${price.id}`,
      recordId,
    });
    const email = await addField(table.id, 'Email', { type: 'email' });
    const badEmail = await owner.client.patch(`/api/tables/${table.id}/records`, {
      records: [{ id: recordId, values: { [email.id]: 'not-an-email' } }],
    });
    expect(badEmail.body.error).toEqual({
      code: 'bad_request',
      message: 'Email must be an email address',
      field: `records.0.values.${email.id}`,
      recordId,
    });
    const twice = await owner.client.patch(`/api/tables/${table.id}/records`, {
      records: [
        { id: recordId, values: { [primary.id]: 'a' } },
        { id: recordId, values: { [primary.id]: 'b' } },
      ],
    });
    expect(twice.body.error).toMatchObject({
      message: 'Records 1 and 2 of 2 are the same record; send each record once',
      recordId,
    });
    const gone = await owner.client.patch(`/api/tables/${table.id}/records`, {
      records: [{ id: 'rec_gone', values: { [primary.id]: 'a' } }],
    });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatchObject({
      message: 'The record was not found; it may have been deleted',
      recordId: 'rec_gone',
    });
    const unknownField = await owner.client.patch(`/api/tables/${table.id}/records`, {
      records: [{ id: recordId, values: { fld_gone: 'a' } }],
    });
    expect(unknownField.body.error).toMatchObject({
      message: 'A field in the values is not in this table (it may have been deleted)',
      field: `records.0.values.fld_gone`,
    });
    const after = await owner.client.get(`/api/tables/${table.id}/records/${recordId}`);
    expect(after.body.values[primary.id]).toBe('one');

    const computed = await addField(table.id, 'No', { type: 'autonumber' });
    const refused = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [{ values: { [computed.id]: 5 } }],
    });
    expect(refused.body.error.message).toBe('No is computed and cannot be written');
  });

  it('merges concurrent edits of different cells and keeps history', async () => {
    const { table, primary } = await newTable();
    const notes = await addField(table.id, 'Notes', { type: 'long_text' });
    const created = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: [{ values: { [primary.id]: 'first' } }],
    });
    expect(created.status).toBe(201);
    const record = created.body.records[0];
    expect(record).toMatchObject({ autonumber: 1, createdBy: owner.user.id });
    await Promise.all([
      owner.client.patch(`/api/tables/${table.id}/records`, {
        records: [{ id: record.id, values: { [primary.id]: 'renamed' } }],
      }),
      owner.client.patch(`/api/tables/${table.id}/records`, {
        records: [{ id: record.id, values: { [notes.id]: 'a note' } }],
      }),
    ]);
    const after = await owner.client.get(`/api/tables/${table.id}/records/${record.id}`);
    expect(after.body.values).toEqual({ [primary.id]: 'renamed', [notes.id]: 'a note' });

    await owner.client.patch(`/api/tables/${table.id}/records`, {
      records: [{ id: record.id, values: { [notes.id]: null } }],
    });
    const cleared = await owner.client.get(`/api/tables/${table.id}/records/${record.id}`);
    expect(cleared.body.values).toEqual({ [primary.id]: 'renamed' });

    const history = await owner.client.get(`/api/tables/${table.id}/records/${record.id}/history`);
    expect(history.body.map((h: { kind: string }) => h.kind)).toEqual(['created', 'updated', 'updated', 'updated']);
    expect(history.body[0]).toMatchObject({ userId: owner.user.id, userName: 'Tara' });
    expect(history.body[3].changes).toEqual({ [notes.id]: { from: 'a note', to: null } });

    const deleted = await owner.client.post(`/api/tables/${table.id}/records/delete`, { ids: [record.id, 'rec_nope'] });
    expect(deleted.body).toEqual({ deleted: 1 });
    expect((await owner.client.get(`/api/tables/${table.id}/records/${record.id}`)).status).toBe(404);
  });

  it('filters, sorts and searches per type in the database', async () => {
    const { table, primary } = await newTable();
    const num = await addField(table.id, 'Qty', { type: 'number' });
    const day = await addField(table.id, 'Due', { type: 'date' });
    const done = await addField(table.id, 'Done', { type: 'checkbox' });
    const status = await addField(table.id, 'Status', {
      type: 'single_select',
      choices: [
        { id: 'hi', name: 'High', color: 'red' },
        { id: 'lo', name: 'Low', color: 'gray' },
      ],
    });
    const tags = await addField(table.id, 'Tags', {
      type: 'multi_select',
      choices: [
        { id: 'a', name: 'A', color: 'red' },
        { id: 'b', name: 'B', color: 'blue' },
      ],
    });
    const rows = [
      {
        [primary.id]: 'Apple',
        [num.id]: 10,
        [day.id]: '2024-01-05',
        [done.id]: true,
        [status.id]: 'Low',
        [tags.id]: ['a'],
      },
      { [primary.id]: 'banana', [num.id]: 2, [day.id]: '2024-03-01', [status.id]: 'hi', [tags.id]: ['a', 'b'] },
      { [primary.id]: 'Cherry', [num.id]: 33, [tags.id]: ['b'] },
      { [primary.id]: '100% juice_' },
    ];
    const created = await owner.client.post(`/api/tables/${table.id}/records`, {
      records: rows.map((values) => ({ values })),
    });
    expect(created.status, created.text).toBe(201);

    const names = async (params: Record<string, unknown>) => {
      const res = await owner.client.get(`/api/tables/${table.id}/records${q(params)}`);
      expect(res.status, res.text).toBe(200);
      return res.body.records.map((r: { values: Record<string, unknown> }) => r.values[primary.id]);
    };
    const where = (fieldId: string, operator: string, value?: unknown) => ({
      filter: { conjunction: 'and', conditions: [{ fieldId, operator, value }] },
    });

    expect(await names(where(primary.id, 'contains', 'an'))).toEqual(['banana']);
    expect(await names(where(primary.id, 'is', 'apple'))).toEqual(['Apple']);
    expect(await names(where(primary.id, 'starts_with', 'c'))).toEqual(['Cherry']);
    expect(await names(where(primary.id, 'contains', '%'))).toEqual(['100% juice_']);
    expect(await names(where(primary.id, 'ends_with', '_'))).toEqual(['100% juice_']);
    expect(await names(where(num.id, 'gt', 5))).toEqual(['Apple', 'Cherry']);
    expect(await names(where(num.id, 'is_empty'))).toEqual(['100% juice_']);
    expect(await names(where(day.id, 'is_before', '2024-02-01'))).toEqual(['Apple']);
    expect(await names(where(day.id, 'is_on_or_after', '2024-01-05'))).toEqual(['Apple', 'banana']);
    expect(await names(where(done.id, 'is', true))).toEqual(['Apple']);
    expect(await names(where(done.id, 'is', false))).toEqual(['banana', 'Cherry', '100% juice_']);
    expect(await names(where(status.id, 'is', 'hi'))).toEqual(['banana']);
    expect(await names(where(status.id, 'is_any_of', ['hi', 'Low']))).toEqual(['Apple', 'banana']);
    expect(await names(where(status.id, 'is_not_empty'))).toEqual(['Apple', 'banana']);
    expect(await names(where(tags.id, 'has_all_of', ['a', 'b']))).toEqual(['banana']);
    expect(await names(where(tags.id, 'has_any_of', ['b']))).toEqual(['banana', 'Cherry']);
    expect(await names(where(tags.id, 'has_none_of', ['a']))).toEqual(['Cherry', '100% juice_']);
    expect(
      await names({
        filter: {
          conjunction: 'or',
          conditions: [
            { fieldId: num.id, operator: 'lt', value: 5 },
            {
              conjunction: 'and',
              conditions: [
                { fieldId: num.id, operator: 'gte', value: 30 },
                { fieldId: tags.id, operator: 'has_any_of', value: ['b'] },
              ],
            },
          ],
        },
      }),
    ).toEqual(['banana', 'Cherry']);

    expect(await names({ sort: [{ fieldId: num.id, direction: 'desc' }] })).toEqual([
      'Cherry',
      'Apple',
      'banana',
      '100% juice_',
    ]);
    expect(await names({ sort: [{ fieldId: primary.id, direction: 'asc' }] })).toEqual([
      '100% juice_',
      'Apple',
      'banana',
      'Cherry',
    ]);
    expect(await names({ sort: [{ fieldId: day.id, direction: 'desc' }] })).toEqual([
      'banana',
      'Apple',
      'Cherry',
      '100% juice_',
    ]);
    expect(await names({ sort: [{ fieldId: status.id, direction: 'asc' }] })).toEqual([
      'banana',
      'Apple',
      'Cherry',
      '100% juice_',
    ]);
    expect(await names({ search: 'APP' })).toEqual(['Apple']);
    expect(await names({ search: 'high' })).toEqual(['banana']);

    const wrongOperator = await owner.client.get(`/api/tables/${table.id}/records${q(where(num.id, 'contains', 'x'))}`);
    expect(wrongOperator.status).toBe(400);
    expect(wrongOperator.body.error).toMatchObject({
      field: 'filter',
      message: 'Qty cannot be filtered with "contains"',
    });
    const unknownField = await owner.client.get(
      `/api/tables/${table.id}/records${q(where("x' or 1=1 --", 'is', 'x'))}`,
    );
    expect(unknownField.status).toBe(400);

    const view = await owner.client.post(`/api/tables/${table.id}/views`, {
      name: 'Big first',
      type: 'grid',
      config: { sorts: [{ fieldId: num.id, direction: 'desc' }], ...where(num.id, 'gt', 5) },
    });
    expect(await names({ viewId: view.body.id })).toEqual(['Cherry', 'Apple']);
    expect(await names({ viewId: view.body.id, sort: [{ fieldId: num.id, direction: 'asc' }] })).toEqual([
      'Apple',
      'Cherry',
    ]);
  });

  it('pages by cursor (also with sorts over empties) and by offset', async () => {
    const { table, primary } = await newTable();
    const num = await addField(table.id, 'N', { type: 'number' });
    const records = Array.from({ length: 25 }, (_, i) => ({
      values: { [primary.id]: `r${i}`, ...(i % 4 === 0 ? {} : { [num.id]: i % 5 }) },
    }));
    await owner.client.post(`/api/tables/${table.id}/records`, { records });

    const walk = async (params: Record<string, unknown>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await owner.client.get(
          `/api/tables/${table.id}/records${q({ ...params, limit: '7', ...(cursor ? { cursor } : {}) })}`,
        );
        expect(res.body.total).toBe(25);
        seen.push(...res.body.records.map((r: { values: Record<string, string> }) => r.values[primary.id]));
        cursor = res.body.nextCursor;
      } while (cursor);
      return seen;
    };
    const plain = await walk({});
    expect(plain).toEqual(records.map((r) => (r.values as Record<string, unknown>)[primary.id]));
    const sorted = await walk({ sort: [{ fieldId: num.id, direction: 'desc' }] });
    const all = (
      await owner.client.get(
        `/api/tables/${table.id}/records${q({ sort: [{ fieldId: num.id, direction: 'desc' }], limit: '100' })}`,
      )
    ).body.records.map((r: { values: Record<string, string> }) => r.values[primary.id]);
    expect(sorted).toEqual(all);
    expect(new Set(sorted).size).toBe(25);

    const window = await owner.client.get(`/api/tables/${table.id}/records${q({ offset: '20', limit: '10' })}`);
    expect(window.body.records.map((r: { autonumber: number }) => r.autonumber)).toEqual([21, 22, 23, 24, 25]);
    expect(window.body.nextCursor).toBeNull();
  });
});

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

describe('batches', () => {
  it('creates and updates 1000 records in one call each, and refuses 1001', async () => {
    const { table, primary } = await newTable();
    const qty = await addField(table.id, 'Qty', { type: 'number' });
    const records = Array.from({ length: 1000 }, (_, i) => ({ values: { [primary.id]: `r${i}`, [qty.id]: i } }));
    const created = await owner.client.post(`/api/tables/${table.id}/records`, { records });
    expect(created.status).toBe(201);
    expect(created.body.records).toHaveLength(1000);
    const updates = created.body.records.map((r: { id: string }) => ({ id: r.id, values: { [qty.id]: 1 } }));
    const updated = await owner.client.patch(`/api/tables/${table.id}/records`, { records: updates });
    expect(updated.status).toBe(200);
    const onlyOnes = { filter: { conjunction: 'and', conditions: [{ fieldId: qty.id, operator: 'eq', value: 1 }] } };
    const sum = await owner.client.get(`/api/tables/${table.id}/records${q({ ...onlyOnes, limit: '1' })}`);
    expect(sum.body.total).toBeNull();
    const counted = await owner.client.get(`/api/tables/${table.id}/records/count${q(onlyOnes)}`);
    expect(counted.body).toEqual({ total: 1000 });
    const tooMany = await owner.client.post(`/api/tables/${table.id}/records`, { records: [...records, records[0]] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.field).toBe('records');
  });
});
