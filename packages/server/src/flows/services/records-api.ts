import { AppError } from '@flowmind/shared/errors';
import type { FilterGroup } from '@flowmind/shared/table-queries';
import { type Field, RECORD_BATCH_LIMIT, RECORD_PAGE_LIMIT } from '@flowmind/shared/tables';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idFromKey } from '../../db/ids';
import { tableRecords } from '../../db/schema-tables';
import type { RecordService } from '../../tables/record.service';
import { tableRepository } from '../../tables/table.repository';
import type { RecordsApi } from '../steps/step';
import { StepError } from '../steps/step';
import { type FindCondition, toFilterCondition } from './record-filters';
import { fieldsByName, recordItem, valuesById } from './record-values';

/**
 * A record id that follows from a step's idempotency key: the same attempt run again after a
 * crash names the same record, which the primary key lets exist only once.
 */
export const recordIdForKey = (tableId: string, key: string) => idFromKey('rec', `${tableId}:${key}`);

/** The table services' refusals (not found, bad link targets…) in the step's words. */
async function inWords<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new StepError(error.message);
    throw error;
  }
}

/**
 * Table records for the steps of one account's flows, by field name. Every table is looked up in
 * that account first (another account's table is "Table not found", whoever runs the flow), then
 * the record service does the work as `actorUserId` (the flow's creator), so membership, history,
 * links and live updates behave as they do for the API.
 */
export function createRecordsApi({
  db,
  records,
  accountId,
  actorUserId,
  flowId,
}: {
  db: Db;
  records: RecordService;
  accountId: string;
  actorUserId: string;
  /** The flow whose steps write: its own writes do not start it again through its table trigger. */
  flowId?: string;
}): RecordsApi {
  const repo = tableRepository(db);

  async function open(tableId: string) {
    const table = typeof tableId === 'string' && tableId ? await repo.get(accountId, tableId) : null;
    if (!table || table.deletedAt) throw new StepError('Table not found');
    if (!(await repo.resolveForMember(tableId, actorUserId)))
      throw new StepError('The flow acts for its creator, who is no longer a member of this account');
    const fields = await repo.fields(accountId, tableId);
    const field = fieldsByName(fields);
    return { table, fields, field: (name: string) => field(name, table.name) };
  }

  type Opened = Awaited<ReturnType<typeof open>>;
  const toItems = (fields: Field[], list: { records: Parameters<typeof recordItem>[0][] }) =>
    list.records.map((record) => recordItem(record, fields));

  async function find(opened: Opened, conditions: FindCondition[], limit: number) {
    if (!Number.isInteger(limit) || limit < 1 || limit > RECORD_PAGE_LIMIT)
      throw new StepError(`Find gives 1 to ${RECORD_PAGE_LIMIT} records at a time`);
    const filter: FilterGroup = {
      conjunction: 'and',
      conditions: conditions.map((c) => toFilterCondition(c, opened.field(c.field))),
    };
    const page = await inWords(() =>
      records.list({ tableId: opened.table.id, userId: actorUserId, query: { filter, limit } }),
    );
    return toItems(opened.fields, page);
  }

  async function update(opened: Opened, recordId: string, values: Record<string, unknown>) {
    if (!recordId) throw new StepError('Record id is required');
    const patch = valuesById(values, opened.field);
    try {
      const updated = await records.update({
        tableId: opened.table.id,
        userId: actorUserId,
        input: { records: [{ id: recordId, values: patch }] },
        byFlowId: flowId,
      });
      return toItems(opened.fields, updated)[0] as Record<string, unknown>;
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found' && error.field)
        throw new StepError(`Record ${recordId} not found`);
      throw error instanceof AppError ? new StepError(error.message) : error;
    }
  }

  async function create(opened: Opened, list: Record<string, unknown>[], keys?: string[]) {
    const checked = list.map((values) => valuesById(values, opened.field));
    const ids = keys?.map((key) => recordIdForKey(opened.table.id, key));
    const existing = new Set<string>();
    if (ids) {
      const found = await db
        .select({ id: tableRecords.id })
        .from(tableRecords)
        .where(
          and(
            eq(tableRecords.accountId, accountId),
            eq(tableRecords.tableId, opened.table.id),
            inArray(tableRecords.id, ids),
          ),
        );
      for (const row of found) existing.add(row.id);
    }
    const created: Record<string, unknown>[] = new Array(checked.length);
    const missing = [...checked.keys()].filter((index) => !ids || !existing.has(ids[index] as string));
    for (let i = 0; i < missing.length; i += RECORD_BATCH_LIMIT) {
      const part = missing.slice(i, i + RECORD_BATCH_LIMIT);
      const chunk = part.map((index) => ({ values: checked[index] as Record<string, unknown> }));
      const result = await inWords(() =>
        records.create({
          tableId: opened.table.id,
          userId: actorUserId,
          input: { records: chunk },
          ids: ids && part.map((index) => ids[index] as string),
          byFlowId: flowId,
        }),
      );
      toItems(opened.fields, result).forEach((item, j) => {
        created[part[j] as number] = item;
      });
    }
    // Made by an earlier attempt: given back as they are now.
    for (const [index, id] of (ids ?? []).entries()) {
      if (!existing.has(id)) continue;
      const record = await inWords(() => records.get({ tableId: opened.table.id, recordId: id, userId: actorUserId }));
      created[index] = recordItem(record, opened.fields);
    }
    return created;
  }

  return {
    async create(tableId, list, keys) {
      if (list.length === 0) return [];
      return create(await open(tableId), list, keys);
    },

    async find(tableId, query) {
      return find(await open(tableId), query.conditions, query.limit);
    },

    async update(tableId, recordId, values) {
      return update(await open(tableId), recordId, values);
    },

    async remove(tableId, recordId) {
      const opened = await open(tableId);
      if (!recordId) throw new StepError('Record id is required');
      const { deleted } = await inWords(() =>
        records.remove({ tableId: opened.table.id, userId: actorUserId, input: { ids: [recordId] } }),
      );
      if (deleted === 0) throw new StepError(`Record ${recordId} not found`);
    },

    /** The first record whose match field equals the given value is updated; with none, one is created. */
    async upsert(tableId, matchField, values) {
      const opened = await open(tableId);
      const field = opened.field(matchField);
      const entry = Object.entries(values).find(([name]) => name.trim().toLowerCase() === field.name.toLowerCase());
      if (!entry || entry[1] === undefined || entry[1] === null || entry[1] === '')
        throw new StepError(`Give a value for ${field.name}, the field to match on`);
      const [existing] = await find(opened, [{ field: field.name, operator: 'equals', value: entry[1] }], 1);
      if (existing) return { ...(await update(opened, String(existing.id), values)), created: false };
      const [created] = await create(opened, [values]);
      return { ...(created as Record<string, unknown>), created: true };
    },
  };
}
