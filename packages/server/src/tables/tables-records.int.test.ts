import { describe, expect, it } from 'vitest';
import { addField, newTable, owner, q, useTablesServer } from './tables-test-setup';

useTablesServer();

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
