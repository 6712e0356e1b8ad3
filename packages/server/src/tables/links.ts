import { AppError } from '@flowmind/shared/errors';
import type { Field, TableRecord } from '@flowmind/shared/tables';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { tableFields } from '../db/schema-tables';
import { asIds, isLink } from './link-fields';
import { aboutRecord, recordLabel } from './record-label';
import { rowsOf, type Tx, toField, writeHistory } from './table.repository';
import { withNames } from './value-names';

/**
 * Checks that every linked record of a batch exists in the linked table of the same account;
 * the first missing one is a 400 naming its record and field.
 */
export async function checkLinkTargets(
  tx: Tx,
  {
    accountId,
    fields,
    batch,
  }: { accountId: string; fields: Map<string, Field>; batch: { id?: string; values: Record<string, unknown> }[] },
) {
  const wanted = new Map<string, Set<string>>();
  for (const record of batch)
    for (const [fieldId, value] of Object.entries(record.values)) {
      const field = fields.get(fieldId);
      if (!isLink(field)) continue;
      const set = wanted.get(field.options.linkedTableId) ?? new Set<string>();
      for (const id of asIds(value)) set.add(id);
      wanted.set(field.options.linkedTableId, set);
    }
  for (const [tableId, ids] of wanted) {
    if (ids.size === 0) continue;
    const result = await tx.execute(sql`
      select id from table_records
      where account_id = ${accountId} and table_id = ${tableId}
        and id in (select jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb))`);
    const found = new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
    batch.forEach((record, index) => {
      for (const [fieldId, value] of Object.entries(record.values)) {
        const field = fields.get(fieldId);
        if (!isLink(field) || field.options.linkedTableId !== tableId) continue;
        const missing = asIds(value).find((id) => !found.has(id));
        if (missing)
          throw new AppError(
            'bad_request',
            aboutRecord(
              recordLabel({ values: record.values, index, count: batch.length, fields: fields.values() }),
              `${field.name} links to a record that does not exist (it may have been deleted)`,
            ),
            `records.${index}.values.${fieldId}`,
            { recordId: record.id },
          );
      }
    });
  }
}

/** A record's values before and after a write (`after` null when it is deleted). */
export type LinkChange = { recordId: string; before: Record<string, unknown>; after: Record<string, unknown> | null };

/**
 * Keeps the other side of two-way links in step: for each record whose link value changed, adds
 * it to (or removes it from) the inverse field of the linked records, in the same transaction.
 * Returns the linked tables that changed.
 */
export async function syncInverseLinks(
  tx: Tx,
  {
    accountId,
    userId,
    fields,
    changes,
  }: {
    accountId: string;
    userId: string;
    fields: Field[];
    changes: LinkChange[];
  },
): Promise<string[]> {
  const touched: string[] = [];
  for (const field of fields) {
    if (!isLink(field) || !field.options.inverseFieldId) continue;
    const edits = new Map<string, { add: string[]; remove: string[] }>();
    const edit = (id: string) => {
      const entry = edits.get(id) ?? { add: [], remove: [] };
      edits.set(id, entry);
      return entry;
    };
    for (const change of changes) {
      if (change.after && !(field.id in change.after)) continue;
      const before = new Set(asIds(change.before[field.id]));
      const after = new Set(asIds(change.after?.[field.id]));
      for (const id of after) if (!before.has(id)) edit(id).add.push(change.recordId);
      for (const id of before) if (!after.has(id)) edit(id).remove.push(change.recordId);
    }
    if (edits.size === 0) continue;
    const payload = JSON.stringify([...edits].map(([id, e]) => ({ id, add: e.add, remove: e.remove })));
    const inverse = field.options.inverseFieldId;
    const result = await tx.execute(sql`
      with next as (
        select t.id, t.values -> ${inverse}::text as before, (
          select coalesce(jsonb_agg(to_jsonb(u.e) order by u.o), '[]'::jsonb) from (
            select e, min(o) as o from (
              select e, o from jsonb_array_elements_text(coalesce(t.values -> ${inverse}::text, '[]'::jsonb)) with ordinality a(e, o)
              union all
              select e, 1000000 + o from jsonb_array_elements_text(x.add) with ordinality b(e, o)
            ) s
            where not (x.remove @> to_jsonb(s.e))
            group by e
          ) u
        ) as links
        from table_records t
        join jsonb_to_recordset(${payload}::jsonb) as x(id text, add jsonb, remove jsonb) on x.id = t.id
        where t.account_id = ${accountId} and t.table_id = ${field.options.linkedTableId}
      )
      update table_records r
      set values = case when next.links = '[]'::jsonb then r.values - ${inverse}::text
                        else jsonb_set(r.values, array[${inverse}::text], next.links) end,
          updated_at = now(), updated_by = ${userId}
      from next where r.id = next.id
      returning r.id, next.before, next.links`);
    // The linked records' history shows the change too, in the same transaction.
    const rows = rowsOf<{ id: string; before: unknown; links: unknown }>(result);
    await writeHistory(tx, {
      tableId: field.options.linkedTableId,
      accountId,
      userId,
      kind: 'updated',
      entries: rows.map((row) => ({
        recordId: row.id,
        changes: {
          [inverse]: { from: row.before ?? null, to: Array.isArray(row.links) && row.links.length ? row.links : null },
        },
      })),
    });
    touched.push(field.options.linkedTableId);
  }
  return [...new Set(touched)];
}

/** Values of linked records that lookups and rollups read, one query per linked table. */
export async function loadLinkedValues(
  tx: Tx,
  {
    accountId,
    fields,
    records,
  }: { accountId: string; fields: Field[]; records: { values: Record<string, unknown> }[] },
): Promise<Map<string, Record<string, unknown>>> {
  const linked = new Map<string, Record<string, unknown>>();
  const reading = fields.flatMap((f) =>
    f.options.type === 'lookup' || f.options.type === 'rollup' ? [f.options] : [],
  );
  const linkFieldIds = new Set(reading.map((options) => options.linkFieldId));
  const targetFieldIds = [...new Set(reading.map((options) => options.targetFieldId))];
  const byTable = new Map<string, Set<string>>();
  for (const field of fields) {
    if (!isLink(field) || !linkFieldIds.has(field.id)) continue;
    const set = byTable.get(field.options.linkedTableId) ?? new Set<string>();
    for (const record of records) for (const id of asIds(record.values[field.id])) set.add(id);
    byTable.set(field.options.linkedTableId, set);
  }
  for (const [tableId, ids] of byTable) {
    if (ids.size === 0) continue;
    const result = await tx.execute(sql`
      select id, values from table_records
      where account_id = ${accountId} and table_id = ${tableId}
        and id in (select jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb))`);
    const rows = rowsOf<{ id: string; values: Record<string, unknown> }>(result);
    const names = await displayNames(tx, { accountId, tableId, fieldIds: targetFieldIds, rows });
    for (const row of rows) linked.set(row.id, withDisplayNames(row.values, names));
  }
  return linked;
}

/**
 * Names by id, per select and link field of a linked table that a lookup or rollup reads (`fieldIds`): option
 * names, and linked records' primary values. Those values belong to another table's fields, whose options and
 * links the reading table cannot name.
 */
async function displayNames(
  tx: Tx,
  {
    accountId,
    tableId,
    fieldIds,
    rows,
  }: { accountId: string; tableId: string; fieldIds: string[]; rows: { values: Record<string, unknown> }[] },
) {
  const fieldRows = await tx
    .select()
    .from(tableFields)
    .where(
      and(
        eq(tableFields.accountId, accountId),
        eq(tableFields.tableId, tableId),
        inArray(tableFields.id, fieldIds),
        inArray(tableFields.type, ['single_select', 'multi_select', 'link']),
      ),
    );
  const fields = fieldRows.map(toField);
  const names = new Map<string, Map<string, string>>();
  for (const field of fields) {
    const { options } = field;
    if (options.type === 'single_select' || options.type === 'multi_select')
      names.set(field.id, new Map(options.choices.map((choice) => [choice.id, choice.name])));
  }
  const links = fields.filter(isLink);
  if (links.length === 0) return names;
  const named = await withNames(tx, {
    accountId,
    fields: links,
    records: rows.map((row) => ({ values: row.values }) as TableRecord),
  });
  const recordNames = new Map(named.flatMap((record) => Object.entries(record.names ?? {})));
  for (const field of links) names.set(field.id, recordNames);
  return names;
}

function withDisplayNames(values: Record<string, unknown>, names: Map<string, Map<string, string>>) {
  if (names.size === 0) return values;
  const named = { ...values };
  for (const [fieldId, byId] of names) {
    const value = named[fieldId];
    if (typeof value === 'string') named[fieldId] = byId.get(value) ?? value;
    else if (Array.isArray(value)) named[fieldId] = value.map((id) => byId.get(String(id)) ?? id);
  }
  return named;
}
