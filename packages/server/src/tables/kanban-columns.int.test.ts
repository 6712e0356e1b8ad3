import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { name: 'Kim', email: 'kim@example.com' });
});
afterAll(() => server.close());

type Page = { records: Array<{ values: Record<string, unknown> }>; nextCursor: string | null };

describe('kanban columns', () => {
  it('pages each column from the server, in the view’s filter, sorts and search, matching the counts', async () => {
    const { body: table } = await owner.client.post('/api/tables', {
      accountId: owner.user.personalAccountId,
      name: 'Tasks',
    });
    const base = `/api/tables/${table.id}`;
    const [name] = (await owner.client.get(`${base}/fields`)).body;
    const stage = (
      await owner.client.post(`${base}/fields`, {
        name: 'Stage',
        options: {
          type: 'single_select',
          choices: [
            { id: 'opt_todo', name: 'To do', color: 'gray' },
            { id: 'opt_done', name: 'Done', color: 'green' },
            { id: 'opt_gone', name: 'Gone', color: 'red' },
          ],
        },
      })
    ).body;
    const size = (await owner.client.post(`${base}/fields`, { name: 'Size', options: { type: 'number' } })).body;
    // 1,200 records: 700 to do, 300 done, 150 without a stage, 50 in an option deleted below.
    const records = Array.from({ length: 1200 }, (_, i) => ({
      values: {
        [name.id]: `Task ${i + 1}`,
        [size.id]: i % 10,
        ...(i < 700 ? { [stage.id]: 'opt_todo' } : i < 1000 ? { [stage.id]: 'opt_done' } : {}),
        ...(i >= 1150 ? { [stage.id]: 'opt_gone' } : {}),
      },
    }));
    for (let i = 0; i < records.length; i += 1000)
      expect((await owner.client.post(`${base}/records`, { records: records.slice(i, i + 1000) })).status).toBe(201);
    await owner.client.patch(`${base}/fields/${stage.id}`, {
      options: {
        type: 'single_select',
        choices: [
          { id: 'opt_todo', name: 'To do', color: 'gray' },
          { id: 'opt_done', name: 'Done', color: 'green' },
        ],
      },
      confirmLoss: true,
    });
    const { body: view } = await owner.client.post(`${base}/views`, {
      name: 'Board',
      type: 'kanban',
      config: {
        kanbanFieldId: stage.id,
        sorts: [{ fieldId: size.id, direction: 'desc' }],
        filter: { conjunction: 'and', conditions: [{ fieldId: size.id, operator: 'lt', value: 8 }] },
      },
    });

    const counts = await owner.client.get(`${base}/groups?fieldId=${stage.id}&viewId=${view.id}`);
    expect(counts.body.groups).toEqual([
      { value: 'opt_todo', count: 560 },
      { value: 'opt_done', count: 240 },
      { value: null, count: 160 },
    ]);

    const column = async (key: string | null, extra = '') => {
      const seen: Page['records'] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const params = new URLSearchParams({ fieldId: stage.id, limit: '200', ...(key ? { column: key } : {}) });
        if (cursor) params.set('cursor', cursor);
        const res = await owner.client.get(`${base}/views/${view.id}/kanban-records?${params}${extra}`);
        expect(res.status, res.text).toBe(200);
        const page = res.body as Page;
        seen.push(...page.records);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      return { records: seen, pages };
    };
    const todo = await column('opt_todo');
    expect(todo.records).toHaveLength(560);
    expect(todo.pages).toBe(3);
    expect(todo.records.every((r) => r.values[stage.id] === 'opt_todo' && (r.values[size.id] as number) < 8)).toBe(
      true,
    );
    // In the view's sort: sizes descend from 7.
    expect(todo.records[0]?.values[size.id]).toBe(7);
    expect(todo.records.at(-1)?.values[size.id]).toBe(0);
    expect(new Set(todo.records.map((r) => r.values[name.id])).size).toBe(560);
    expect((await column('opt_done')).records).toHaveLength(240);
    const empty = await column(null);
    expect(empty.records).toHaveLength(160);
    const searched = await column('opt_todo', '&search=Task%2012');
    expect(searched.records.map((r) => r.values[name.id]).sort()).toEqual(
      [
        'Task 12',
        'Task 121',
        'Task 122',
        'Task 123',
        'Task 124',
        'Task 125',
        'Task 126',
        'Task 127',
        'Task 128',
      ].sort(),
    );

    const bad = await owner.client.get(`${base}/views/${view.id}/kanban-records?fieldId=${stage.id}&column=opt_nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ field: 'column', message: 'Stage has no option opt_nope' });
    const notSelect = await owner.client.get(`${base}/views/${view.id}/kanban-records?fieldId=${size.id}`);
    expect(notSelect.body.error).toMatchObject({ field: 'fieldId', message: 'Size is not a single select' });
    expect((await owner.client.get(`${base}/views/${view.id}/kanban-records`)).body.error.field).toBe('fieldId');
    expect((await owner.client.get(`${base}/views/view_nope/kanban-records?fieldId=${stage.id}`)).status).toBe(404);
    const other = await signUpVerified(server, { name: 'Oz', email: 'oz-kanban@example.com' });
    expect(
      (await other.client.get(`${base}/views/${view.id}/kanban-records?fieldId=${stage.id}&column=opt_todo`)).status,
    ).toBe(404);
  });
});
