import { AppError } from '@flowmind/shared/errors';
import { parseFormula } from '@flowmind/shared/formula';
import { convertValue, isComputedType, prepareTargetOptions } from '@flowmind/shared/table-values';
import {
  type CreateField,
  type CreateTable,
  type CreateView,
  type DuplicateTable,
  type Field,
  type FieldChangePreview,
  type FieldOptions,
  type Table,
  type UpdateField,
  type UpdateTable,
  type UpdateView,
  type View,
  ViewConfig,
} from '@flowmind/shared/tables';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { tableFields, tables, tableViews } from '../db/schema';
import { type ChangeBus, topics } from '../live/change-bus';
import { withComputedValues } from './computed-values';
import { loadLinkedValues } from './links';
import { toRecord } from './record.service';
import type { RecordIndexes } from './record-indexes';
import { compileFilter, compileSorts } from './record-query';
import { rowsOf, type TableRow, type Tx, tableRepository, toField } from './table.repository';

const CHUNK = 1000;

type LastChange = { name: string; type: string; options: FieldOptions; values: Record<string, unknown> };

/** Writes many (record id → value) pairs of one field in one statement; null removes the key. */
export async function writeFieldValues(
  tx: Tx,
  { tableId, fieldId, values }: { tableId: string; fieldId: string; values: { id: string; v: unknown }[] },
) {
  for (let i = 0; i < values.length; i += CHUNK) {
    const chunk = values.slice(i, i + CHUNK);
    await tx.execute(sql`
      update table_records r
      set values = case when x.v is null or x.v = 'null'::jsonb then r.values - ${fieldId}::text
                        else jsonb_set(r.values, array[${fieldId}::text], x.v) end
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id text, v jsonb)
      where r.table_id = ${tableId} and r.id = x.id`);
  }
}

export function tableService({
  db,
  bus,
  accounts,
  indexes,
}: {
  db: Db;
  bus: ChangeBus;
  accounts: AccountService;
  indexes: RecordIndexes;
}) {
  const repo = tableRepository(db);

  /** The table for a member of its account; anything else reads as not found. */
  async function requireTable(tableId: string, userId: string, { allowTrashed = false } = {}): Promise<TableRow> {
    const table = await repo.resolveForMember(tableId, userId);
    if (!table || (table.deletedAt && !allowTrashed)) throw new AppError('not_found', 'Table not found');
    return table;
  }

  const publish = (table: { id: string; accountId: string }) =>
    bus.publish([topics.table(table.id), topics.account(table.accountId)]);

  async function getTable(table: TableRow) {
    const result = await repo.get(table.accountId, table.id);
    if (!result) throw new AppError('not_found', 'Table not found');
    return result;
  }

  async function requireField(table: TableRow, fieldId: string, tx: Tx = db) {
    const row = await repo.fieldRow(table.accountId, table.id, fieldId, tx);
    if (!row) throw new AppError('not_found', 'Field not found');
    return row;
  }

  async function nextPosition(table: TableRow, column: 'fields' | 'views'): Promise<number> {
    const target = column === 'fields' ? tableFields : tableViews;
    const [row] = await db
      .select({ max: sql<number | null>`max(${target.position})` })
      .from(target)
      .where(and(eq(target.accountId, table.accountId), eq(target.tableId, table.id)));
    return (row?.max === null || row?.max === undefined ? 0 : Number(row.max)) + 1;
  }

  /** Field values of every record that has one, for previews and conversions. */
  async function valuesOf(table: TableRow, fieldId: string, tx: Tx = db): Promise<{ id: string; v: unknown }[]> {
    const result = await tx.execute(sql`
      select id, values -> ${fieldId}::text as v from table_records
      where table_id = ${table.id} and account_id = ${table.accountId} and values ? ${fieldId}::text
      order by autonumber`);
    return rowsOf<{ id: string; v: unknown }>(result);
  }

  /**
   * The values a type change starts from. Stored types use what is stored; computed types
   * (formula, lookup, created time, …) use what the grid shows, so converting one to a stored
   * type keeps the values instead of emptying the field.
   */
  async function conversionSource(table: TableRow, current: Field, tx: Tx = db) {
    if (!isComputedType(current.type))
      return { from: current.options, stored: true, values: await valuesOf(table, current.id, tx) };
    const fields = await repo.fields(table.accountId, table.id, tx);
    const rows = rowsOf<Parameters<typeof toRecord>[0]>(
      await tx.execute(sql`
        select id, table_id, values, autonumber, created_at, created_by, updated_at, updated_by from table_records
        where table_id = ${table.id} and account_id = ${table.accountId} order by autonumber`),
    );
    const records = rows.map(toRecord);
    const linked = await loadLinkedValues(tx, { accountId: table.accountId, fields, records });
    const from: FieldOptions =
      current.type === 'created_time' || current.type === 'updated_time'
        ? { type: 'date_time', timeZone: 'UTC' }
        : current.type === 'autonumber'
          ? { type: 'number', precision: 0 }
          : { type: 'text' };
    const values: { id: string; v: unknown }[] = [];
    for (const record of withComputedValues(records, fields, linked)) {
      const v = record.values[current.id];
      if (v === null || v === undefined) continue;
      values.push({ id: record.id, v: from.type === 'text' ? (Array.isArray(v) ? v.join(', ') : String(v)) : v });
    }
    return { from, stored: false, values };
  }

  function planConversion(
    source: { from: FieldOptions; stored: boolean; values: { id: string; v: unknown }[] },
    current: Field,
    next: FieldOptions,
  ) {
    const { from, stored, values } = source;
    const target =
      current.options.type === next.type
        ? next
        : prepareTargetOptions(
            values.map((x) => x.v),
            from,
            next,
          );
    let lost = 0;
    let converted = 0;
    const examples: FieldChangePreview['examples'] = [];
    const changed: { id: string; v: unknown }[] = [];
    for (const { id, v } of values) {
      const result = convertValue(v, from, target);
      if (result.lost) {
        lost++;
        if (examples.length < 10) examples.push({ record_id: id, from: v });
      } else converted++;
      // Computed values were never stored, so every converted one is written.
      if (!stored ? result.value !== null : JSON.stringify(result.value) !== JSON.stringify(v))
        changed.push({ id, v: result.value });
    }
    return { target, lost, converted, examples, changed };
  }

  /** Links keep both sides in step, so a link field cannot change type or target. */
  function checkLinkChange(current: Field, next: FieldOptions) {
    const linkBefore = current.options.type === 'link' ? current.options.linkedTableId : null;
    const linkAfter = next.type === 'link' ? next.linkedTableId : null;
    if (linkBefore !== linkAfter)
      throw new AppError('bad_request', 'A link field keeps its type and linked table', 'options');
  }

  const needsConversion = (current: Field, next: FieldOptions) =>
    current.options.type !== next.type ||
    ((next.type === 'single_select' || next.type === 'multi_select') &&
      JSON.stringify(current.options) !== JSON.stringify(next));

  return {
    requireTable,

    async list({
      accountId,
      userId,
      search,
      trash,
    }: {
      accountId: string;
      userId: string;
      search?: string;
      trash?: boolean;
    }): Promise<Table[]> {
      await accounts.requireMember(accountId, userId);
      return repo.list({ accountId, search, trash });
    },

    async create({ userId, input }: { userId: string; input: CreateTable }) {
      await accounts.requireMember(input.accountId, userId);
      const id = newId('tbl');
      await db.transaction(async (tx) => {
        await tx.insert(tables).values({
          id,
          accountId: input.accountId,
          name: input.name,
          description: input.description ?? '',
          createdBy: userId,
        });
        await tx.insert(tableFields).values({
          id: newId('fld'),
          tableId: id,
          accountId: input.accountId,
          name: 'Name',
          type: 'text',
          options: { type: 'text' },
          position: 1,
          isPrimary: true,
        });
        await tx.insert(tableViews).values({
          id: newId('viw'),
          tableId: id,
          accountId: input.accountId,
          name: 'Grid view',
          type: 'grid',
          config: ViewConfig.parse({}),
          position: 1,
        });
      });
      bus.publish([topics.account(input.accountId)]);
      return (await repo.get(input.accountId, id)) as Table;
    },

    async get({ tableId, userId }: { tableId: string; userId: string }) {
      return getTable(await requireTable(tableId, userId, { allowTrashed: true }));
    },

    async update({ tableId, userId, input }: { tableId: string; userId: string; input: UpdateTable }) {
      const table = await requireTable(tableId, userId, { allowTrashed: true });
      await db
        .update(tables)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(tables.accountId, table.accountId), eq(tables.id, table.id)));
      publish(table);
      return getTable(table);
    },

    async remove({ tableId, userId, permanent }: { tableId: string; userId: string; permanent: boolean }) {
      const table = await requireTable(tableId, userId, { allowTrashed: true });
      const where = and(eq(tables.accountId, table.accountId), eq(tables.id, table.id));
      // Before the delete: its index records go with the table.
      if (permanent) await indexes.dropFor({ accountId: table.accountId, tableId: table.id });
      if (permanent)
        await db.transaction(async (tx) => {
          // Link fields in other tables that point here go with it.
          const links = rowsOf<{ id: string; table_id: string }>(
            await tx.execute(sql`
              select id, table_id from table_fields
              where account_id = ${table.accountId} and type = 'link' and options ->> 'linkedTableId' = ${table.id}
                and table_id <> ${table.id}`),
          );
          for (const link of links) {
            await tx.execute(sql`
              update table_records set values = values - ${link.id}::text
              where table_id = ${link.table_id} and account_id = ${table.accountId} and values ? ${link.id}::text`);
            await tx
              .delete(tableFields)
              .where(and(eq(tableFields.accountId, table.accountId), eq(tableFields.id, link.id)));
            await repo.touch(tx, table.accountId, link.table_id);
          }
          await tx.delete(tables).where(where);
        });
      else await db.update(tables).set({ deletedAt: new Date() }).where(where);
      publish(table);
    },

    async restore({ tableId, userId }: { tableId: string; userId: string }) {
      const table = await requireTable(tableId, userId, { allowTrashed: true });
      await db
        .update(tables)
        .set({ deletedAt: null })
        .where(and(eq(tables.accountId, table.accountId), eq(tables.id, table.id)));
      publish(table);
      return getTable(table);
    },

    async duplicate({ tableId, userId, input }: { tableId: string; userId: string; input: DuplicateTable }) {
      const table = await requireTable(tableId, userId);
      const fields = await repo.fields(table.accountId, table.id);
      const views = await repo.views(table.accountId, table.id);
      const id = newId('tbl');
      const fieldIds = new Map(fields.map((f) => [f.id, newId('fld')]));
      // Ids are random and distinct, so replacing them inside serialised config is exact.
      const remap = (value: unknown) => {
        let text = JSON.stringify(value);
        for (const [from, to] of fieldIds) text = text.split(from).join(to);
        return JSON.parse(text);
      };
      await db.transaction(async (tx) => {
        await tx.insert(tables).values({
          id,
          accountId: table.accountId,
          name: input.name ?? `${table.name} copy`.slice(0, 120),
          description: table.description,
          createdBy: userId,
          nextAutonumber: input.withRecords ? table.nextAutonumber : 1,
        });
        await tx.insert(tableFields).values(
          fields.map((f) => ({
            id: fieldIds.get(f.id) as string,
            tableId: id,
            accountId: table.accountId,
            name: f.name,
            type: f.type,
            // A copy's links are one-way: the linked table keeps its link to the original only.
            options: f.options.type === 'link' ? { ...f.options, inverseFieldId: null } : remap(f.options),
            position: f.position,
            isPrimary: f.is_primary,
          })),
        );
        if (views.length)
          await tx.insert(tableViews).values(
            views.map((v) => ({
              id: newId('viw'),
              tableId: id,
              accountId: table.accountId,
              name: v.name,
              type: v.type,
              config: remap(v.config),
              position: v.position,
            })),
          );
        if (input.withRecords) {
          const map = JSON.stringify([...fieldIds].map(([from, to]) => ({ from, to })));
          await tx.execute(sql`
            insert into table_records (id, table_id, account_id, values, autonumber, created_at, created_by, updated_at, updated_by)
            select 'rec_' || substr(md5(random()::text || r.id), 1, 20), ${id}, r.account_id,
              coalesce((select jsonb_object_agg(m.to, e.value) from jsonb_each(r.values) e
                join jsonb_to_recordset(${map}::jsonb) as m("from" text, "to" text) on m."from" = e.key), '{}'::jsonb),
              r.autonumber, r.created_at, r.created_by, r.updated_at, r.updated_by
            from table_records r where r.table_id = ${table.id} and r.account_id = ${table.accountId}`);
        }
      });
      bus.publish([topics.account(table.accountId)]);
      return (await repo.get(table.accountId, id)) as Table;
    },

    // Fields

    async fields({ tableId, userId }: { tableId: string; userId: string }) {
      const table = await requireTable(tableId, userId);
      return repo.fields(table.accountId, table.id);
    },

    async createField({ tableId, userId, input }: { tableId: string; userId: string; input: CreateField }) {
      const table = await requireTable(tableId, userId);
      await checkFieldName(table, input.name);
      await checkFieldOptions(table, input.options);
      const id = newId('fld');
      const position = input.position ?? (await nextPosition(table, 'fields'));
      let options = input.options;
      let inverse: { tableId: string; position: number; id: string; name: string } | null = null;
      if (options.type === 'link' && options.linkedTableId !== table.id) {
        // Two-way: the linked table gets a link field back, named after this table.
        const linked = await requireTable(options.linkedTableId, userId);
        const taken = new Set((await repo.fields(linked.accountId, linked.id)).map((f) => f.name.toLowerCase()));
        let name = table.name;
        for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${table.name} ${n}`;
        inverse = { tableId: linked.id, id: newId('fld'), name, position: await nextPosition(linked, 'fields') };
        options = { ...options, inverseFieldId: inverse.id };
      } else if (options.type === 'link') {
        options = { ...options, inverseFieldId: null };
      }
      await db.transaction(async (tx) => {
        await tx.insert(tableFields).values({
          id,
          tableId: table.id,
          accountId: table.accountId,
          name: input.name,
          type: options.type,
          options,
          position,
        });
        if (inverse) {
          await tx.insert(tableFields).values({
            id: inverse.id,
            tableId: inverse.tableId,
            accountId: table.accountId,
            name: inverse.name,
            type: 'link',
            options: { type: 'link', linkedTableId: table.id, inverseFieldId: id },
            position: inverse.position,
          });
          await repo.touch(tx, table.accountId, inverse.tableId);
        }
        await repo.touch(tx, table.accountId, table.id);
      });
      publish(table);
      if (inverse) bus.publish([topics.table(inverse.tableId)]);
      return toField((await requireField(table, id)) as never);
    },

    async previewField({
      tableId,
      fieldId,
      userId,
      options,
    }: {
      tableId: string;
      fieldId: string;
      userId: string;
      options: FieldOptions;
    }): Promise<FieldChangePreview> {
      const table = await requireTable(tableId, userId);
      const current = toField(await requireField(table, fieldId));
      checkLinkChange(current, options);
      if (!needsConversion(current, options)) return { lost: 0, converted: 0, examples: [] };
      const source = await conversionSource(table, current);
      const { lost, converted, examples } = planConversion(source, current, options);
      return { lost, converted, examples };
    },

    async updateField({
      tableId,
      fieldId,
      userId,
      input,
    }: {
      tableId: string;
      fieldId: string;
      userId: string;
      input: UpdateField;
    }): Promise<Field> {
      const table = await requireTable(tableId, userId);
      const row = await requireField(table, fieldId);
      const current = toField(row);
      if (input.name !== undefined && input.name !== current.name) await checkFieldName(table, input.name, fieldId);
      const next = input.options;
      if (next) {
        checkLinkChange(current, next);
        if (next.type === 'link' && current.options.type === 'link')
          next.inverseFieldId = current.options.inverseFieldId;
        await checkFieldOptions(table, next, fieldId);
      }
      await db.transaction(async (tx) => {
        const set: Partial<typeof tableFields.$inferInsert> = {};
        if (input.name !== undefined) set.name = input.name;
        if (input.position !== undefined) set.position = input.position;
        if (next && needsConversion(current, next)) {
          const source = await conversionSource(table, current, tx);
          const plan = planConversion(source, current, next);
          const previous = new Map(source.stored ? source.values.map((x) => [x.id, x.v]) : []);
          if (plan.lost > 0 && !input.confirmLoss) {
            throw new AppError(
              'conflict',
              `Changing ${current.name} would empty ${plan.lost} ${plan.lost === 1 ? 'value' : 'values'}; confirm to go ahead`,
              'confirmLoss',
            );
          }
          const lastChange: LastChange = {
            name: current.name,
            type: current.type,
            options: current.options,
            values: Object.fromEntries(plan.changed.map(({ id }) => [id, previous.get(id) ?? null])),
          };
          await writeFieldValues(tx, { tableId: table.id, fieldId, values: plan.changed });
          set.type = plan.target.type;
          set.options = plan.target;
          set.lastChange = lastChange;
        } else if (next) {
          set.options = next;
        }
        if (set.name && set.name !== current.name) await renameInFormulas(tx, table, current.name, set.name);
        if (Object.keys(set).length)
          await tx
            .update(tableFields)
            .set(set)
            .where(and(eq(tableFields.accountId, table.accountId), eq(tableFields.id, fieldId)));
        await repo.touch(tx, table.accountId, table.id);
      });
      if (next) await indexes.dropFor({ accountId: table.accountId, tableId: table.id, fieldId });
      publish(table);
      return toField(await requireField(table, fieldId));
    },

    async undoFieldChange({ tableId, fieldId, userId }: { tableId: string; fieldId: string; userId: string }) {
      const table = await requireTable(tableId, userId);
      const row = await requireField(table, fieldId);
      const last = row.lastChange as LastChange | null;
      if (!last) throw new AppError('conflict', 'There is no change of this field to undo');
      await db.transaction(async (tx) => {
        await writeFieldValues(tx, {
          tableId: table.id,
          fieldId,
          values: Object.entries(last.values).map(([id, v]) => ({ id, v })),
        });
        await tx
          .update(tableFields)
          .set({ type: last.type, options: last.options, lastChange: null })
          .where(and(eq(tableFields.accountId, table.accountId), eq(tableFields.id, fieldId)));
        await repo.touch(tx, table.accountId, table.id);
      });
      await indexes.dropFor({ accountId: table.accountId, tableId: table.id, fieldId });
      publish(table);
      return toField(await requireField(table, fieldId));
    },

    async removeField({ tableId, fieldId, userId }: { tableId: string; fieldId: string; userId: string }) {
      const table = await requireTable(tableId, userId);
      const row = await requireField(table, fieldId);
      if (row.isPrimary) throw new AppError('bad_request', 'The primary field cannot be deleted');
      const options = row.options as FieldOptions;
      const inverse =
        options.type === 'link' && options.inverseFieldId
          ? { tableId: options.linkedTableId, fieldId: options.inverseFieldId }
          : null;
      await db.transaction(async (tx) => {
        for (const target of [{ tableId: table.id, fieldId }, ...(inverse ? [inverse] : [])]) {
          await tx
            .delete(tableFields)
            .where(
              and(
                eq(tableFields.accountId, table.accountId),
                eq(tableFields.tableId, target.tableId),
                eq(tableFields.id, target.fieldId),
              ),
            );
          await tx.execute(sql`
            update table_records set values = values - ${target.fieldId}::text
            where table_id = ${target.tableId} and account_id = ${table.accountId} and values ? ${target.fieldId}::text`);
          await repo.touch(tx, table.accountId, target.tableId);
        }
      });
      for (const target of [{ tableId: table.id, fieldId }, ...(inverse ? [inverse] : [])])
        await indexes.dropFor({ accountId: table.accountId, ...target });
      publish(table);
      if (inverse) bus.publish([topics.table(inverse.tableId)]);
    },

    // Views

    async views({ tableId, userId }: { tableId: string; userId: string }) {
      const table = await requireTable(tableId, userId);
      return repo.views(table.accountId, table.id);
    },

    async createView({ tableId, userId, input }: { tableId: string; userId: string; input: CreateView }) {
      const table = await requireTable(tableId, userId);
      const id = newId('viw');
      const config = ViewConfig.parse(input.config ?? {});
      await checkViewConfig(table, config);
      await db.insert(tableViews).values({
        id,
        tableId: table.id,
        accountId: table.accountId,
        name: input.name,
        type: input.type,
        config,
        position: await nextPosition(table, 'views'),
        publicId: publicIdFor(input.type, config, null),
      });
      publish(table);
      return (await repo.view(table.accountId, table.id, id)) as View;
    },

    async updateView({
      tableId,
      viewId,
      userId,
      input,
    }: {
      tableId: string;
      viewId: string;
      userId: string;
      input: UpdateView;
    }) {
      const table = await requireTable(tableId, userId);
      const view = await repo.view(table.accountId, table.id, viewId);
      if (!view) throw new AppError('not_found', 'View not found');
      const config = ViewConfig.parse({ ...view.config, ...(input.config ?? {}) });
      if (input.config?.filter !== undefined || input.config?.sorts !== undefined) await checkViewConfig(table, config);
      await db
        .update(tableViews)
        .set({
          name: input.name ?? view.name,
          position: input.position ?? view.position,
          config,
          publicId: publicIdFor(view.type, config, view.public_id),
        })
        .where(and(eq(tableViews.accountId, table.accountId), eq(tableViews.id, viewId)));
      publish(table);
      return (await repo.view(table.accountId, table.id, viewId)) as View;
    },

    async removeView({ tableId, viewId, userId }: { tableId: string; viewId: string; userId: string }) {
      const table = await requireTable(tableId, userId);
      const views = await repo.views(table.accountId, table.id);
      if (!views.some((v) => v.id === viewId)) throw new AppError('not_found', 'View not found');
      if (views.length === 1) throw new AppError('bad_request', 'A table keeps at least one view');
      await db.delete(tableViews).where(and(eq(tableViews.accountId, table.accountId), eq(tableViews.id, viewId)));
      publish(table);
    },
  };

  /**
   * A form gets its link the first time it is shared, also when it is created shared (a duplicate of a shared
   * form); turning sharing off keeps the id so that sharing again restores the same link.
   */
  function publicIdFor(type: View['type'], config: ViewConfig, current: string | null) {
    if (current || type !== 'form' || !config.formPublic) return current;
    return newId('frm');
  }

  /** A view's saved filter and sorts must fit the fields as they are when saved. */
  async function checkViewConfig(table: TableRow, config: ViewConfig) {
    const byId = new Map((await repo.fields(table.accountId, table.id)).map((f) => [f.id, f]));
    if (config.filter) compileFilter(config.filter, byId);
    compileSorts(config.sorts, byId);
  }

  /** Field names are unique in a table (ignoring case): formulas refer to fields by name. */
  async function checkFieldName(table: TableRow, name: string, fieldId?: string) {
    const fields = await repo.fields(table.accountId, table.id);
    if (fields.some((f) => f.id !== fieldId && f.name.toLowerCase() === name.toLowerCase()))
      throw new AppError('conflict', `A field named ${name} already exists`, 'name');
  }

  /** Formulas name fields by `{Name}`: a rename rewrites the formulas that use it. */
  async function renameInFormulas(tx: Tx, table: TableRow, from: string, to: string) {
    const fields = await repo.fields(table.accountId, table.id, tx);
    for (const field of fields) {
      if (field.options.type !== 'formula' || !field.options.expression.includes(`{${from}}`)) continue;
      const expression = field.options.expression.split(`{${from}}`).join(`{${to}}`);
      await tx
        .update(tableFields)
        .set({ options: { ...field.options, expression } })
        .where(and(eq(tableFields.accountId, table.accountId), eq(tableFields.id, field.id)));
    }
  }

  /** Options that point elsewhere must point inside this table's account; formulas must parse. */
  async function checkFieldOptions(table: TableRow, options: FieldOptions, fieldId?: string) {
    if (options.type === 'formula') {
      const fields = await repo.fields(table.accountId, table.id);
      const names = new Set(fields.filter((f) => f.id !== fieldId).map((f) => f.name));
      const result = parseFormula(options.expression, names);
      if (!result.ok) throw new AppError('bad_request', result.message, 'options.expression');
    }
    if (options.type === 'link') {
      const [linked] = await db
        .select({ id: tables.id })
        .from(tables)
        .where(and(eq(tables.accountId, table.accountId), eq(tables.id, options.linkedTableId)));
      if (!linked)
        throw new AppError('bad_request', 'The linked table is not in this account', 'options.linkedTableId');
    }
    if (options.type === 'lookup' || options.type === 'rollup') {
      const link = await repo.fieldRow(table.accountId, table.id, options.linkFieldId);
      if (link?.type !== 'link')
        throw new AppError('bad_request', 'Choose a link field of this table', 'options.linkFieldId');
      const linkedTableId = (link.options as { linkedTableId: string }).linkedTableId;
      const target = await repo.fieldRow(table.accountId, linkedTableId, options.targetFieldId);
      if (!target) throw new AppError('bad_request', 'Choose a field of the linked table', 'options.targetFieldId');
    }
  }
}

export type TableService = ReturnType<typeof tableService>;
