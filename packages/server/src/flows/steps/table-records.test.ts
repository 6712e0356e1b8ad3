import type { Item } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import type { RecordsApi } from './step';
import { tableRecordsStep } from './table-records';
import { testContext } from './test-context';
import { jsonTemplates } from './test-evaluate';

/** Records that remember what the step asked for; the real API is tested in table-records.int.test.ts. */
function recordingApi() {
  const calls: unknown[][] = [];
  let next = 0;
  const api: RecordsApi = {
    create: async (...args) => {
      calls.push(['create', ...args]);
      return args[1].map((values) => ({ id: `rec_${++next}`, ...values }));
    },
    find: async (...args) => {
      calls.push(['find', ...args]);
      return [{ id: 'rec_found' }];
    },
    update: async (...args) => {
      calls.push(['update', ...args]);
      return { id: args[1], ...args[2] };
    },
    remove: async (...args) => {
      calls.push(['remove', ...args]);
    },
    upsert: async (...args) => {
      calls.push(['upsert', ...args]);
      return { id: 'rec_u', created: true };
    },
  };
  return { api, calls };
}

async function run(params: Record<string, unknown>, items: Item[]) {
  const { api, calls } = recordingApi();
  const result = await tableRecordsStep.run(
    testContext({ type: 'table.records', params, items, evaluate: jsonTemplates, services: { records: api } }),
  );
  if (!('outputs' in result)) throw new Error('expected outputs');
  return { main: result.outputs.main, calls };
}

describe('table.records step', () => {
  it('creates with one call per table, the output in item order', async () => {
    const { main, calls } = await run(
      { tableId: '{{ $json.table }}', operation: 'create', values: [{ name: 'Name', value: '{{ $json.name }}' }] },
      [
        { table: 'tbl_a', name: 'one' },
        { table: 'tbl_b', name: 'two' },
        { table: 'tbl_a', name: 'three' },
      ],
    );
    // Each record is keyed by the step run and its item, so a run again after a crash finds it.
    expect(calls).toEqual([
      ['create', 'tbl_a', [{ Name: 'one' }, { Name: 'three' }], ['exe_test:n1:0:0', 'exe_test:n1:0:2']],
      ['create', 'tbl_b', [{ Name: 'two' }], ['exe_test:n1:0:1']],
    ]);
    expect(main?.map((item) => item.Name)).toEqual(['one', 'two', 'three']);
  });

  it('finds per item with conditions as field / operator / value', async () => {
    const { calls } = await run(
      {
        tableId: 'tbl_a',
        operation: 'find',
        filters: [{ left: 'Email', operator: 'equals', right: '{{ $json.email }}' }],
        limit: 5,
      },
      [{ email: 'a@x.io' }],
    );
    expect(calls).toEqual([
      ['find', 'tbl_a', { conditions: [{ field: 'Email', operator: 'equals', value: 'a@x.io' }], limit: 5 }],
    ]);
  });

  it('updates, deletes and upserts per item', async () => {
    const items = [{ id: 'rec_9', n: 2 }];
    const values = [{ name: 'N', value: '{{ $json.n }}' }];
    expect((await run({ tableId: 't', operation: 'update', recordId: '{{ $json.id }}', values }, items)).calls).toEqual(
      [['update', 't', 'rec_9', { N: 2 }]],
    );
    expect(await run({ tableId: 't', operation: 'delete', recordId: '{{ $json.id }}' }, items)).toEqual({
      main: [{ id: 'rec_9', deleted: true }],
      calls: [['remove', 't', 'rec_9']],
    });
    expect((await run({ tableId: 't', operation: 'upsert', matchField: 'N', values }, items)).calls).toEqual([
      ['upsert', 't', 'N', { N: 2 }],
    ]);
  });

  it('names what is missing', async () => {
    await expect(run({ operation: 'find' }, [{}])).rejects.toThrow('Table is required');
    await expect(run({ tableId: 't', operation: 'update' }, [{}])).rejects.toThrow('Record id is required');
    await expect(run({ tableId: 't', operation: 'upsert' }, [{}])).rejects.toThrow('Match on field is required');
    await expect(
      run({ tableId: 't', operation: 'find', filters: [{ left: '', operator: 'equals' }] }, [{}]),
    ).rejects.toThrow('Filters: condition 1 needs a field name');
    await expect(run({ tableId: 't', operation: 'find', limit: 0 }, [{}])).rejects.toThrow(
      'At most must be at least 1',
    );
  });
});
