import type { Item } from '@flowmind/shared/flows';
import { readConditions } from './conditions';
import { readAssignments, readNumber, readText } from './params';
import { type StepContext, type StepDefinition, StepError } from './step';

/** The `values` assignments as one object by field name (names are field names, not paths). */
function valuesOf(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(readAssignments(params.values, 'Values').map(({ name, value }) => [name, value]));
}

const tableOf = (params: Record<string, unknown>) => readText(params.tableId, 'Table', { required: true }).trim();

/** One record per item, created with one call per table. */
async function createAll(ctx: StepContext): Promise<Item[]> {
  const byTable = new Map<string, { index: number; values: Record<string, unknown> }[]>();
  for (const index of ctx.items.keys()) {
    const params = await ctx.params(index);
    const tableId = tableOf(params);
    byTable.set(tableId, [...(byTable.get(tableId) ?? []), { index, values: valuesOf(params) }]);
  }
  const created: Item[] = new Array(ctx.items.length);
  for (const [tableId, rows] of byTable) {
    const records = await ctx.services.records.create(
      tableId,
      rows.map((row) => row.values),
      rows.map((row) => `${ctx.idempotencyKey}:${row.index}`),
    );
    rows.forEach((row, i) => {
      created[row.index] = records[i] as Item;
    });
  }
  return created;
}

async function runForItem(ctx: StepContext, operation: string, index: number): Promise<Item[]> {
  const params = await ctx.params(index);
  const tableId = tableOf(params);
  const records = ctx.services.records;
  switch (operation) {
    case 'find': {
      const conditions = readConditions(params.filters, 'Filters').map((condition, i) => {
        const field = readText(condition.left, 'Filters').trim();
        if (!field) throw new StepError(`Filters: condition ${i + 1} needs a field name`);
        return { field, operator: condition.operator, value: condition.right };
      });
      const limit = readNumber(params.limit, 'At most', { min: 1, integer: true });
      return records.find(tableId, { conditions, limit });
    }
    case 'update': {
      const recordId = readText(params.recordId, 'Record id', { required: true }).trim();
      return [await records.update(tableId, recordId, valuesOf(params))];
    }
    case 'delete': {
      const recordId = readText(params.recordId, 'Record id', { required: true }).trim();
      await records.remove(tableId, recordId);
      return [{ id: recordId, deleted: true }];
    }
    case 'upsert': {
      const matchField = readText(params.matchField, 'Match on field', { required: true }).trim();
      return [await records.upsert(tableId, matchField, valuesOf(params))];
    }
    default:
      throw new StepError(`Unknown operation "${operation}"`);
  }
}

/** Create, find, update, delete or upsert records of one of the account's tables, once per item. */
export const tableRecordsStep: StepDefinition = {
  type: 'table.records',
  sideEffects: true,
  async run(ctx) {
    const operation = String((await ctx.params(0)).operation ?? 'create');
    if (operation === 'create') return { outputs: { main: await createAll(ctx) } };
    const main: Item[] = [];
    for (const index of ctx.items.keys()) main.push(...(await runForItem(ctx, operation, index)));
    return { outputs: { main } };
  },
};
