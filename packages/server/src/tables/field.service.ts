import { AppError } from '@flowmind/shared/errors';
import { parseFormula } from '@flowmind/shared/formula';
import { isComputedType } from '@flowmind/shared/table-values';
import type { CreateField, Field, FieldChangePreview, FieldOptions, UpdateField } from '@flowmind/shared/tables';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import { withComputedValues } from './computed-values';
import { type FieldSet, fieldRepository, writeFieldValues } from './field.repository';
import {
  type ConversionSource,
  checkLinkChange,
  computedSource,
  type LastChange,
  lastChangeOf,
  needsConversion,
  planConversion,
} from './field-conversion';
import { loadLinkedValues } from './links';
import { allRecords } from './record.repository';
import type { RecordIndexes } from './record-indexes';
import { type TableRow, type Tx, tableRepository, toField } from './table.repository';
import type { TableService } from './table.service';

/** A table's fields: adding, renaming, converting values on a type change (with undo) and deleting. */
export function fieldService({
  db,
  bus,
  tables,
  indexes,
}: {
  db: Db;
  bus: ChangeBus;
  tables: TableService;
  indexes: RecordIndexes;
}) {
  const repo = tableRepository(db);
  const fieldRepo = fieldRepository(db);

  const publish = (table: { id: string; accountId: string }) =>
    bus.publish([topics.table(table.id), topics.account(table.accountId)]);

  async function requireField(table: TableRow, fieldId: string, tx: Tx = db) {
    const row = await repo.fieldRow(table.accountId, table.id, fieldId, tx);
    if (!row) throw new AppError('not_found', 'Field not found');
    return row;
  }

  /** Stored types convert what is stored; computed types what the grid shows. */
  async function conversionSource(table: TableRow, current: Field, tx: Tx = db): Promise<ConversionSource> {
    if (!isComputedType(current.type))
      return { from: current.options, stored: true, values: await fieldRepo.valuesOf(table, current.id, tx) };
    const fields = await repo.fields(table.accountId, table.id, tx);
    const records = await allRecords(tx, table);
    const linked = await loadLinkedValues(tx, { accountId: table.accountId, fields, records });
    return computedSource(current, withComputedValues(records, fields, linked));
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
      await fieldRepo.setOptions(tx, table.accountId, field.id, { ...field.options, expression });
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
      if (!(await repo.get(table.accountId, options.linkedTableId)))
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

  return {
    async list({ tableId, userId }: { tableId: string; userId: string }) {
      const table = await tables.requireTable(tableId, userId);
      return repo.fields(table.accountId, table.id);
    },

    async create({ tableId, userId, input }: { tableId: string; userId: string; input: CreateField }) {
      const table = await tables.requireTable(tableId, userId);
      await checkFieldName(table, input.name);
      await checkFieldOptions(table, input.options);
      const id = newId('fld');
      const position = input.position ?? (await repo.nextPosition(table.accountId, table.id, 'fields'));
      let options = input.options;
      let inverse: { tableId: string; position: number; id: string; name: string } | null = null;
      if (options.type === 'link' && options.linkedTableId !== table.id) {
        // Two-way: the linked table gets a link field back, named after this table.
        const linked = await tables.requireTable(options.linkedTableId, userId);
        const taken = new Set((await repo.fields(linked.accountId, linked.id)).map((f) => f.name.toLowerCase()));
        let name = table.name;
        for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${table.name} ${n}`;
        const inversePosition = await repo.nextPosition(linked.accountId, linked.id, 'fields');
        inverse = { tableId: linked.id, id: newId('fld'), name, position: inversePosition };
        options = { ...options, inverseFieldId: inverse.id };
      } else if (options.type === 'link') {
        options = { ...options, inverseFieldId: null };
      }
      await db.transaction(async (tx) => {
        await fieldRepo.insert(tx, {
          id,
          tableId: table.id,
          accountId: table.accountId,
          name: input.name,
          type: options.type,
          options,
          position,
        });
        if (inverse) {
          await fieldRepo.insert(tx, {
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
      return toField(await requireField(table, id));
    },

    async preview({
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
      const table = await tables.requireTable(tableId, userId);
      const current = toField(await requireField(table, fieldId));
      checkLinkChange(current, options);
      if (!needsConversion(current, options)) return { lost: 0, converted: 0, examples: [] };
      const source = await conversionSource(table, current);
      const { lost, converted, examples } = planConversion(source, current, options);
      return { lost, converted, examples };
    },

    async update({
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
      const table = await tables.requireTable(tableId, userId);
      const current = toField(await requireField(table, fieldId));
      if (input.name !== undefined && input.name !== current.name) await checkFieldName(table, input.name, fieldId);
      const next = input.options;
      if (next) {
        checkLinkChange(current, next);
        if (next.type === 'link' && current.options.type === 'link')
          next.inverseFieldId = current.options.inverseFieldId;
        await checkFieldOptions(table, next, fieldId);
      }
      await db.transaction(async (tx) => {
        const set: FieldSet = {};
        if (input.name !== undefined) set.name = input.name;
        if (input.position !== undefined) set.position = input.position;
        if (next && needsConversion(current, next)) {
          const source = await conversionSource(table, current, tx);
          const plan = planConversion(source, current, next);
          if (plan.lost > 0 && !input.confirmLoss) {
            throw new AppError(
              'conflict',
              `Changing ${current.name} would empty ${plan.lost} ${plan.lost === 1 ? 'value' : 'values'}; confirm to go ahead`,
              'confirmLoss',
            );
          }
          await writeFieldValues(tx, { table, fieldId, values: plan.changed });
          set.type = plan.target.type;
          set.options = plan.target;
          set.lastChange = lastChangeOf(source, current, plan.changed);
        } else if (next) {
          set.options = next;
        }
        if (set.name && set.name !== current.name) await renameInFormulas(tx, table, current.name, set.name);
        if (Object.keys(set).length) await fieldRepo.update(tx, table.accountId, fieldId, set);
        await repo.touch(tx, table.accountId, table.id);
      });
      if (next) await indexes.dropFor({ accountId: table.accountId, tableId: table.id, fieldId });
      publish(table);
      return toField(await requireField(table, fieldId));
    },

    async undoChange({ tableId, fieldId, userId }: { tableId: string; fieldId: string; userId: string }) {
      const table = await tables.requireTable(tableId, userId);
      const row = await requireField(table, fieldId);
      const last = row.lastChange as LastChange | null;
      if (!last) throw new AppError('conflict', 'There is no change of this field to undo');
      await db.transaction(async (tx) => {
        await writeFieldValues(tx, {
          table,
          fieldId,
          values: Object.entries(last.values).map(([id, v]) => ({ id, v })),
        });
        await fieldRepo.update(tx, table.accountId, fieldId, {
          type: last.type,
          options: last.options,
          lastChange: null,
        });
        await repo.touch(tx, table.accountId, table.id);
      });
      await indexes.dropFor({ accountId: table.accountId, tableId: table.id, fieldId });
      publish(table);
      return toField(await requireField(table, fieldId));
    },

    async remove({ tableId, fieldId, userId }: { tableId: string; fieldId: string; userId: string }) {
      const table = await tables.requireTable(tableId, userId);
      const row = await requireField(table, fieldId);
      if (row.isPrimary) throw new AppError('bad_request', 'The primary field cannot be deleted');
      const options = row.options as FieldOptions;
      const inverse =
        options.type === 'link' && options.inverseFieldId
          ? { tableId: options.linkedTableId, fieldId: options.inverseFieldId }
          : null;
      const targets = [{ tableId: table.id, fieldId }, ...(inverse ? [inverse] : [])];
      await db.transaction(async (tx) => {
        for (const target of targets) {
          await fieldRepo.removeWithValues(tx, { accountId: table.accountId, ...target });
          await repo.touch(tx, table.accountId, target.tableId);
        }
      });
      for (const target of targets) await indexes.dropFor({ accountId: table.accountId, ...target });
      publish(table);
      if (inverse) bus.publish([topics.table(inverse.tableId)]);
    },
  };
}

export type FieldService = ReturnType<typeof fieldService>;
