import type { ImportRows } from '@flowmind/shared/csv-import';
import { AppError } from '@flowmind/shared/errors';
import { validateValue } from '@flowmind/shared/table-values';
import type { CreateRecords, DeleteRecords, Field, UpdateRecords } from '@flowmind/shared/tables';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import { checkLinkTargets, type LinkChange, syncInverseLinks } from './links';
import {
  deleteRecords,
  existingIds,
  insertRecordRows,
  insertRecords,
  lastDeletions,
  liveIdsOf,
  lockValues,
  patchRecords,
  reserveAutonumbers,
  takeAutonumbers,
  toRecord,
} from './record.repository';
import type { RecordContext } from './record-context';
import type { RecordEvent } from './record-event';
import { readImportRows } from './record-import';
import { aboutRecord, recordLabel } from './record-label';
import { type TableRow, type Tx, valuesAsChanges, writeHistory } from './table.repository';

/**
 * Checks every value of a batch; the first bad one is refused with a message that names its record as people
 * know it (see recordLabel) and its field, the ids in `field` and `recordId`; nothing is written.
 */
function validateBatch(records: { id?: string; values: Record<string, unknown> }[], fields: Map<string, Field>) {
  return records.map((record, index) => {
    const clean: Record<string, unknown> = {};
    const refuse = (message: string, fieldId: string) =>
      new AppError(
        'bad_request',
        aboutRecord(
          recordLabel({ values: record.values, index, count: records.length, fields: fields.values() }),
          message,
        ),
        `records.${index}.values.${fieldId}`,
        { recordId: record.id },
      );
    for (const [fieldId, raw] of Object.entries(record.values)) {
      const field = fields.get(fieldId);
      if (!field) throw refuse('a field in the values is not in this table (it may have been deleted)', fieldId);
      const result = validateValue(field, raw);
      if (!result.ok) throw refuse(result.message, fieldId);
      clean[fieldId] = result.value;
    }
    return clean;
  });
}

const withoutNulls = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));

/** An update names each record once, so its history and the link sync see one change per record. */
function refuseRepeats(ids: string[]) {
  const seen = new Map<string, number>();
  ids.forEach((id, index) => {
    const first = seen.get(id);
    if (first !== undefined)
      throw new AppError(
        'bad_request',
        `Records ${first + 1} and ${index + 1} of ${ids.length} are the same record; send each record once`,
        `records.${index}.id`,
        { recordId: id },
      );
    seen.set(id, index);
  });
}

/** Writing records: create, import, update, delete and restore, each with its history and both sides of links. */
export function recordWrites({
  db,
  bus,
  records: { repo, context, present },
  onRecords,
}: {
  db: Db;
  bus: ChangeBus;
  records: RecordContext;
  onRecords: (event: RecordEvent) => void;
}) {
  const publish = (table: TableRow, linkedTableIds: string[] = []) =>
    bus.publish([topics.table(table.id), topics.account(table.accountId), ...linkedTableIds.map(topics.table)]);

  /** Keeps the other side of two-way links in step with `changes` and marks the tables it touched as changed. */
  async function syncLinks(
    tx: Tx,
    { table, fields, userId, changes }: { table: TableRow; fields: Field[]; userId: string; changes: LinkChange[] },
  ) {
    const linkedTables = await syncInverseLinks(tx, { accountId: table.accountId, userId, fields, changes });
    for (const id of linkedTables) await repo.touch(tx, table.accountId, id);
    return linkedTables;
  }

  /** Inserts checked values as new records: numbers, history, links and the table version in one transaction. */
  async function insert({
    table,
    fields,
    byId,
    userId,
    values,
    ids,
  }: {
    table: TableRow;
    fields: Field[];
    byId: Map<string, Field>;
    userId: string;
    values: Record<string, unknown>[];
    /** Ids chosen by the caller (a flow step's, derived from its idempotency key), else new ones. */
    ids?: string[];
  }) {
    let linkedTables: string[] = [];
    const created = await db.transaction(async (tx) => {
      await checkLinkTargets(tx, {
        accountId: table.accountId,
        fields: byId,
        batch: values.map((v) => ({ values: v })),
      });
      const first = await reserveAutonumbers(tx, table, values.length);
      const now = new Date().toISOString();
      const input = values.map((v, i) => ({
        id: ids?.[i] ?? newId('rec'),
        history_id: newId('rch'),
        values: v,
        changes: valuesAsChanges(v, 'to'),
        autonumber: first + i,
      }));
      const inserted = await insertRecords(tx, { table, userId, at: now, rows: input });
      const rows = input.map((row) => ({
        id: row.id,
        table_id: table.id,
        values: row.values,
        autonumber: row.autonumber,
        created_at: now,
        created_by: userId,
        updated_at: now,
        updated_by: userId,
      }));
      if (inserted !== rows.length) throw new Error('Not every record was inserted');
      linkedTables = await syncLinks(tx, {
        table,
        fields,
        userId,
        changes: rows.map((row) => ({ recordId: row.id, before: {}, after: row.values })),
      });
      return rows;
    });
    publish(table, linkedTables);
    return created;
  }

  return {
    async create({
      tableId,
      userId,
      input,
      ids,
      byFlowId,
    }: {
      tableId: string;
      userId: string;
      input: CreateRecords;
      ids?: string[];
      /** Set when a flow's step writes them. */
      byFlowId?: string;
    }) {
      const { table, fields, byId } = await context(tableId, userId);
      const values = validateBatch(input.records, byId).map(withoutNulls);
      const created = await insert({ table, fields, byId, userId, values, ids });
      const records = await present(table, fields, created.map(toRecord));
      onRecords({ table, fields, kind: 'created', records, byFlowId });
      return { records };
    },

    /**
     * Imports CSV rows: cells are read by the field rules, and unlike `create` the good rows are
     * written (one transaction) while each bad row comes back with its row number, field and reason.
     */
    async importRows({ tableId, userId, input }: { tableId: string; userId: string; input: ImportRows }) {
      const { table, fields, byId } = await context(tableId, userId);
      const { values, failed } = readImportRows(input, byId);
      if (values.length > 0) await insert({ table, fields, byId, userId, values });
      return { imported: values.length, failed };
    },

    async update({
      tableId,
      userId,
      input,
      byFlowId,
    }: {
      tableId: string;
      userId: string;
      input: UpdateRecords;
      /** Set when a flow's step writes them. */
      byFlowId?: string;
    }) {
      const { table, fields, byId } = await context(tableId, userId);
      const patches = validateBatch(input.records, byId);
      const ids = input.records.map((r) => r.id);
      refuseRepeats(ids);
      let linkedTables: string[] = [];
      const updated = await db.transaction(async (tx) => {
        await checkLinkTargets(tx, {
          accountId: table.accountId,
          fields: byId,
          batch: input.records.map((r, i) => ({ id: r.id, values: patches[i] ?? {} })),
        });
        const old = await lockValues(tx, table, ids);
        input.records.forEach((record, index) => {
          if (!old.has(record.id))
            throw new AppError(
              'not_found',
              aboutRecord(
                input.records.length > 1 ? `Record ${index + 1} of ${input.records.length}` : null,
                'the record was not found; it may have been deleted',
              ),
              `records.${index}.id`,
              { recordId: record.id },
            );
        });
        const now = new Date();
        const written = await patchRecords(tx, {
          table,
          userId,
          at: now,
          patches: input.records.map((record, i) => ({ id: record.id, patch: patches[i] })),
        });
        const history = input.records
          .map((record, i) => {
            const previous = old.get(record.id) ?? {};
            const changes: Record<string, { from: unknown; to: unknown }> = {};
            for (const [fieldId, to] of Object.entries(patches[i] ?? {})) {
              const from = previous[fieldId] ?? null;
              if (JSON.stringify(from) !== JSON.stringify(to)) changes[fieldId] = { from, to };
            }
            return { recordId: record.id, changes };
          })
          .filter((h) => Object.keys(h.changes).length > 0);
        await writeHistory(tx, {
          tableId: table.id,
          accountId: table.accountId,
          userId,
          kind: 'updated',
          entries: history,
          at: now,
        });
        await repo.touch(tx, table.accountId, table.id);
        linkedTables = await syncLinks(tx, {
          table,
          fields,
          userId,
          changes: input.records.map((r, i) => ({
            recordId: r.id,
            before: old.get(r.id) ?? {},
            after: patches[i] ?? {},
          })),
        });
        return written;
      });
      publish(table, linkedTables);
      const order = new Map(ids.map((id, i) => [id, i]));
      const records = await present(
        table,
        fields,
        updated.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
      );
      onRecords({ table, fields, kind: 'updated', records, byFlowId });
      return { records };
    },

    /**
     * Brings deleted records back with their ids, autonumbers and the values of fields that still
     * exist (links only to records that still exist), and links the other side again. Undo of a
     * delete uses it, so history and links survive.
     */
    async restore({ tableId, userId, input }: { tableId: string; userId: string; input: DeleteRecords }) {
      const { table, fields } = await context(tableId, userId);
      const writable = fields.filter((field) => validateValue(field, null).ok);
      let linkedTables: string[] = [];
      const restored = await db.transaction(async (tx) => {
        const existing = await existingIds(tx, table.accountId, input.ids);
        if (existing.length > 0) {
          throw new AppError(
            'conflict',
            'A record to restore is not deleted; only deleted records can be restored',
            'ids',
            { recordId: existing[0]?.id },
          );
        }
        const deletions = await lastDeletions(tx, table, input.ids);
        const byId = new Map(deletions.map((row) => [row.record_id, row]));
        const missing = input.ids.find((id) => !byId.has(id));
        if (missing)
          throw new AppError('not_found', 'A record to restore was never deleted from this table', 'ids', {
            recordId: missing,
          });

        const rows = [];
        for (const id of input.ids) {
          const deletion = byId.get(id) as (typeof deletions)[number];
          const values: Record<string, unknown> = {};
          for (const field of writable) {
            const before = deletion.changes[field.id]?.from;
            if (before === undefined || before === null) continue;
            if (field.options.type === 'link') {
              const ids = (Array.isArray(before) ? before : []).map(String);
              const linkedTable = { id: field.options.linkedTableId, accountId: table.accountId };
              const alive = await liveIdsOf(tx, linkedTable, ids);
              const kept = ids.filter((linked) => alive.has(linked));
              if (kept.length > 0) values[field.id] = kept;
              continue;
            }
            // A value that no longer fits the field (its type changed since) stays out.
            const checked = validateValue(field, before);
            if (checked.ok && checked.value !== null) values[field.id] = checked.value;
          }
          const snapshot = (deletion.snapshot ?? {}) as { autonumber?: number; createdAt?: string; createdBy?: string };
          rows.push({ id, values, snapshot });
        }
        // Records deleted before snapshots were kept get new autonumbers at the end.
        const needNumbers = rows.filter((row) => row.snapshot.autonumber === undefined).length;
        let fresh = needNumbers > 0 ? await takeAutonumbers(tx, table, needNumbers) : 0;
        const inserted = await insertRecordRows(
          tx,
          rows.map((row) => ({
            id: row.id,
            tableId: table.id,
            accountId: table.accountId,
            values: row.values,
            // Autonumbers are never reused, so the old one is still free.
            autonumber: row.snapshot.autonumber ?? fresh++,
            createdAt: row.snapshot.createdAt ? new Date(row.snapshot.createdAt) : new Date(),
            createdBy: row.snapshot.createdBy ?? userId,
            updatedBy: userId,
          })),
        );
        await writeHistory(tx, {
          tableId: table.id,
          accountId: table.accountId,
          userId,
          kind: 'restored',
          entries: rows.map((row) => ({ recordId: row.id, changes: valuesAsChanges(row.values, 'to') })),
        });
        await repo.touch(tx, table.accountId, table.id);
        linkedTables = await syncLinks(tx, {
          table,
          fields,
          userId,
          changes: rows.map((row) => ({ recordId: row.id, before: {}, after: row.values })),
        });
        return inserted;
      });
      publish(table, linkedTables);
      return { records: await present(table, fields, restored) };
    },

    async remove({ tableId, userId, input }: { tableId: string; userId: string; input: DeleteRecords }) {
      const { table, fields } = await context(tableId, userId);
      let linkedTables: string[] = [];
      const deleted = await db.transaction(async (tx) => {
        const rows = await deleteRecords(tx, table, input.ids);
        // The last values and a snapshot, so a deleted record can be restored later.
        await writeHistory(tx, {
          tableId: table.id,
          accountId: table.accountId,
          userId,
          kind: 'deleted',
          entries: rows.map((row) => ({
            recordId: row.id,
            changes: valuesAsChanges(row.values as object, 'from'),
            snapshot: { autonumber: Number(row.autonumber), createdAt: row.createdAt, createdBy: row.createdBy },
          })),
        });
        await repo.touch(tx, table.accountId, table.id);
        linkedTables = await syncLinks(tx, {
          table,
          fields,
          userId,
          changes: rows.map((row) => ({
            recordId: row.id,
            before: row.values as Record<string, unknown>,
            after: null,
          })),
        });
        return rows.length;
      });
      publish(table, linkedTables);
      return { deleted };
    },
  };
}
