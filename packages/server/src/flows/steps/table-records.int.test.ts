import type { Item } from '@flowmind/shared/flows';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountService } from '../../accounts/account.service';
import { recordService } from '../../tables/record.service';
import { recordIndexes } from '../../tables/record-indexes';
import { tableService } from '../../tables/table.service';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';
import { createRecordsApi } from '../services/records-api';
import type { RecordsApi } from './step';
import { tableRecordsStep } from './table-records';
import { testContext } from './test-context';
import { jsonTemplates } from './test-evaluate';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let stranger: Awaited<ReturnType<typeof signUpVerified>>;
let records: ReturnType<typeof recordService>;
let ownerApi: RecordsApi;
let tableId: string;
let strangerTableId: string;

async function newTable(user: typeof owner, name: string) {
  const res = await user.client.post('/api/tables', { accountId: user.user.personalAccountId, name });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function addField(user: typeof owner, table: string, name: string, options: Record<string, unknown>) {
  const res = await user.client.post(`/api/tables/${table}/fields`, { name, options });
  expect(res.status, res.text).toBe(201);
}

const apiFor = (user: typeof owner) =>
  createRecordsApi({
    db: server.db,
    records,
    accountId: user.user.personalAccountId,
    actorUserId: user.user.id,
  });

async function run(params: Record<string, unknown>, items: Item[] = [{}], api: RecordsApi = ownerApi) {
  const result = await tableRecordsStep.run(
    testContext({
      type: 'table.records',
      params: { tableId, ...params },
      items,
      evaluate: jsonTemplates,
      services: { records: api },
    }),
  );
  if (!('outputs' in result)) throw new Error('expected outputs');
  return result.outputs.main ?? [];
}

/** The records as the HTTP API has them, values by field id. */
async function listed() {
  const res = await owner.client.get(`/api/tables/${tableId}/records`);
  expect(res.status).toBe(200);
  return res.body.records as { id: string; values: Record<string, unknown> }[];
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Olga', email: 'olga@example.com' });
  stranger = await signUpVerified(server, { name: 'Stan', email: 'stan@example.com' });
  const { db, bus } = server;
  const indexes = recordIndexes({ db, logger: pino({ level: 'silent' }) });
  const tables = tableService({ db, bus, accounts: accountService({ db, bus }), indexes });
  records = recordService({ db, bus, tablesService: tables, indexes });
  ownerApi = apiFor(owner);

  tableId = await newTable(owner, 'Contacts');
  await addField(owner, tableId, 'Email', { type: 'email' });
  await addField(owner, tableId, 'Age', { type: 'number' });
  await addField(owner, tableId, 'Status', {
    type: 'single_select',
    choices: [
      { id: 'lead', name: 'Lead', color: 'gray' },
      { id: 'cust', name: 'Customer', color: 'green' },
    ],
  });
  await addField(owner, tableId, 'Tags', {
    type: 'multi_select',
    choices: [
      { id: 'vip', name: 'VIP', color: 'red' },
      { id: 'eu', name: 'EU', color: 'blue' },
    ],
  });
  await addField(owner, tableId, 'Active', { type: 'checkbox' });
  await addField(owner, tableId, 'Joined', { type: 'date' });
  strangerTableId = await newTable(stranger, 'Secrets');
});
afterAll(() => server.close());

const people = [
  {
    name: 'Ada',
    email: 'ada@example.com',
    age: '36',
    status: 'customer',
    tags: ['VIP', 'EU'],
    active: 'yes',
    joined: '2026-01-05',
  },
  { name: 'Bob', email: 'bob@example.com', age: 24, status: 'Lead', tags: [], active: false, joined: '' },
];
const fromItem = [
  { name: 'Name', value: '{{ $json.name }}' },
  { name: 'Email', value: '{{ $json.email }}' },
  { name: 'age', value: '{{ $json.age }}' },
  { name: 'Status', value: '{{ $json.status }}' },
  { name: 'Tags', value: '{{ $json.tags }}' },
  { name: 'Active', value: '{{ $json.active }}' },
  { name: 'Joined', value: '{{ $json.joined }}' },
];

describe('table.records step on the real tables', () => {
  it('creates one record per item, values by field name read by the field types, and gives them back by name', async () => {
    const created = await run({ operation: 'create', values: fromItem }, people);
    expect(created).toEqual([
      {
        id: expect.stringMatching(/^rec_/),
        Name: 'Ada',
        Email: 'ada@example.com',
        Age: 36,
        Status: 'Customer',
        Tags: ['VIP', 'EU'],
        Active: true,
        Joined: '2026-01-05',
      },
      {
        id: expect.stringMatching(/^rec_/),
        Name: 'Bob',
        Email: 'bob@example.com',
        Age: 24,
        Status: 'Lead',
        Tags: null,
        Active: false,
        Joined: null,
      },
    ]);
    const stored = await listed();
    expect(stored.map((r) => r.id)).toEqual(created.map((r) => r.id));
    expect(Object.values(stored[0]?.values ?? {})).toEqual(expect.arrayContaining([36, 'cust', ['vip', 'eu'], true]));
  });

  it('finds with conditions mapped onto the table filters, per item, up to the limit', async () => {
    const adults = await run({
      operation: 'find',
      filters: [
        { left: 'Age', operator: 'gt', right: '30' },
        { left: 'Status', operator: 'equals', right: 'Customer' },
      ],
    });
    expect(adults.map((r) => r.Name)).toEqual(['Ada']);
    const byEmail = await run(
      { operation: 'find', filters: [{ left: 'Email', operator: 'equals', right: '{{ $json.email }}' }] },
      [{ email: 'bob@example.com' }, { email: 'nobody@example.com' }, { email: 'ada@example.com' }],
    );
    expect(byEmail.map((r) => r.Name)).toEqual(['Bob', 'Ada']);
    const tagged = await run({ operation: 'find', filters: [{ left: 'Tags', operator: 'contains', right: 'vip' }] });
    expect(tagged.map((r) => r.Name)).toEqual(['Ada']);
    const unset = await run({ operation: 'find', filters: [{ left: 'Joined', operator: 'is_empty' }] });
    expect(unset.map((r) => r.Name)).toEqual(['Bob']);
    const first = await run({ operation: 'find', limit: 1 });
    expect(first.map((r) => r.Name)).toEqual(['Ada']);
  });

  it('refuses operators the table filters do not have, in words', async () => {
    await expect(
      run({ operation: 'find', filters: [{ left: 'Name', operator: 'matches', right: '^A' }] }),
    ).rejects.toThrow('Name cannot be filtered with "matches"');
    await expect(run({ operation: 'find', filters: [{ left: 'Age', operator: 'gt', right: 'old' }] })).rejects.toThrow(
      'Age is a number: compare it with a number, not "old"',
    );
    await expect(
      run({ operation: 'find', filters: [{ left: 'Shoe size', operator: 'equals', right: 1 }] }),
    ).rejects.toThrow('Table "Contacts" has no field "Shoe size"');
  });

  it('updates a record by id, only the given fields', async () => {
    const [bob] = await run({ operation: 'find', filters: [{ left: 'Name', operator: 'equals', right: 'Bob' }] });
    const [updated] = await run(
      { operation: 'update', recordId: '{{ $json.id }}', values: [{ name: 'Age', value: '{{ $json.age }}' }] },
      [{ id: bob?.id, age: 25 }],
    );
    expect(updated).toMatchObject({ id: bob?.id, Name: 'Bob', Age: 25, Status: 'Lead' });
    await expect(
      run({ operation: 'update', recordId: 'rec_missing', values: [{ name: 'Age', value: 1 }] }),
    ).rejects.toThrow('Record rec_missing not found');
  });

  it('upserts: updates the record whose match field has the value, else creates one', async () => {
    const values = [
      { name: 'Email', value: '{{ $json.email }}' },
      { name: 'Name', value: '{{ $json.name }}' },
    ];
    const out = await run({ operation: 'upsert', matchField: 'Email', values }, [
      { email: 'ada@example.com', name: 'Ada Lovelace' },
      { email: 'cy@example.com', name: 'Cy' },
    ]);
    expect(out).toEqual([
      expect.objectContaining({ Name: 'Ada Lovelace', Age: 36, created: false }),
      expect.objectContaining({ Name: 'Cy', Email: 'cy@example.com', created: true }),
    ]);
    expect((await listed()).length).toBe(3);
    await expect(run({ operation: 'upsert', matchField: 'Email', values }, [{ name: 'No email' }])).rejects.toThrow(
      'Give a value for Email, the field to match on',
    );
  });

  it('deletes by record id', async () => {
    const [cy] = await run({ operation: 'find', filters: [{ left: 'Name', operator: 'equals', right: 'Cy' }] });
    expect(await run({ operation: 'delete', recordId: cy?.id })).toEqual([{ id: cy?.id, deleted: true }]);
    expect((await listed()).map((r) => r.id)).not.toContain(cy?.id);
    await expect(run({ operation: 'delete', recordId: cy?.id })).rejects.toThrow(`Record ${cy?.id} not found`);
  });

  it('fails on a bad value naming the field, and writes nothing of the batch', async () => {
    const before = (await listed()).length;
    await expect(
      run({ operation: 'create', values: [{ name: 'Age', value: '{{ $json.age }}' }] }, [{ age: 5 }, { age: 'ten' }]),
    ).rejects.toThrow('Age must be a number (got "ten")');
    await expect(run({ operation: 'create', values: [{ name: 'Status', value: 'Partner' }] })).rejects.toThrow(
      'Status has no option "Partner"',
    );
    expect((await listed()).length).toBe(before);
  });

  it("another account's table is not found, for every operation", async () => {
    const foreign = { tableId: strangerTableId };
    await expect(run({ ...foreign, operation: 'create', values: [{ name: 'Name', value: 'x' }] })).rejects.toThrow(
      /^Table not found$/,
    );
    await expect(run({ ...foreign, operation: 'find' })).rejects.toThrow(/^Table not found$/);
    await expect(run({ ...foreign, operation: 'delete', recordId: 'rec_x' })).rejects.toThrow(/^Table not found$/);
    // Nor does an API for the stranger's account reach the owner's table.
    await expect(run({ operation: 'find' }, [{}], apiFor(stranger))).rejects.toThrow(/^Table not found$/);
    const secrets = await stranger.client.get(`/api/tables/${strangerTableId}/records`);
    expect(secrets.body.records).toEqual([]);
  });

  it('creates the records of a step run once, however often it runs (a retry after a crash)', async () => {
    const orders = await newTable(owner, 'Orders');
    await addField(owner, orders, 'Who', { type: 'text' });
    const step = { tableId: orders, operation: 'create', values: [{ name: 'Who', value: '{{ $json.who }}' }] };
    const items = [{ who: 'Ada' }, { who: 'Bob' }];
    const first = await run(step, items);
    const again = await run(step, items);
    expect(again).toEqual(first);
    const stored = await owner.client.get(`/api/tables/${orders}/records`);
    expect(stored.body.records.map((r: { id: string }) => r.id)).toEqual(first.map((r) => r.id));
  });

  it("says so when the flow's creator is not a member of the flow's account", async () => {
    const actingStranger = createRecordsApi({
      db: server.db,
      records,
      accountId: owner.user.personalAccountId,
      actorUserId: stranger.user.id,
    });
    await expect(run({ operation: 'find' }, [{}], actingStranger)).rejects.toThrow(
      'The flow acts for its creator, who is no longer a member of this account',
    );
  });

  it("a table of another account the flow's creator is also a member of is not found either", async () => {
    const business = await owner.client.post('/api/accounts', { name: 'Olga Works', handle: 'olga-works' });
    expect(business.status, business.text).toBe(201);
    const res = await owner.client.post('/api/tables', { accountId: business.body.id, name: 'Payroll' });
    expect(res.status, res.text).toBe(201);
    await expect(run({ tableId: res.body.id, operation: 'find' })).rejects.toThrow(/^Table not found$/);
    const forBusiness = createRecordsApi({
      db: server.db,
      records,
      accountId: business.body.id,
      actorUserId: owner.user.id,
    });
    expect(await run({ tableId: res.body.id, operation: 'find' }, [{}], forBusiness)).toEqual([]);
  });
});
