import { csvCellValue, isImportable } from '@flowmind/shared/csv-import';
import { type FieldLike, validateValue } from '@flowmind/shared/table-values';
import type { Field, TableRecord } from '@flowmind/shared/tables';
import { StepError } from '../steps/step';

/**
 * Record values as flows see them, by field name, in and out. Writes go through the table API's
 * own value rules (`validateValue`); a value a flow holds as text or a number ("42", 1, "yes",
 * "2026-11-23T10:00") is read as the field's type by the rules a CSV cell is read with.
 */

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

export function writeValue(field: FieldLike, value: unknown): unknown {
  const direct = validateValue(field, value);
  if (direct.ok) return direct.value;
  if (isImportable(field.type) && ['string', 'number', 'boolean'].includes(typeof value)) {
    const read = csvCellValue(field, String(value));
    if (read.ok) return read.value;
  }
  throw new StepError(`${direct.message} (got ${shown(value)})`);
}

/** Fields by name, ignoring case as the tables do (names are unique that way). */
export function fieldsByName(fields: Field[]) {
  const byName = new Map(fields.map((field) => [field.name.toLowerCase(), field]));
  return (name: string, tableName: string): Field => {
    const field = byName.get(name.trim().toLowerCase());
    if (!field) throw new StepError(`Table "${tableName}" has no field "${name}"`);
    return field;
  };
}

/** Values by field name → checked values by field id. */
export function valuesById(values: Record<string, unknown>, field: (name: string) => Field): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const target = field(name);
    out[target.id] = writeValue(target, value);
  }
  return out;
}

/** A value as a flow reads it: options by name, checkboxes as booleans, empty as null. */
export function readValue(field: Field, value: unknown): unknown {
  const { options } = field;
  if (options.type === 'checkbox') return value === true;
  if (value === undefined) return null;
  if (options.type === 'single_select') return options.choices.find((c) => c.id === value)?.name ?? value;
  if (options.type === 'multi_select' && Array.isArray(value))
    return value.map((id) => options.choices.find((c) => c.id === id)?.name ?? id);
  return value;
}

/** A record as one item: its id and every field by name. */
export function recordItem(record: TableRecord, fields: Field[]): Record<string, unknown> {
  const item: Record<string, unknown> = { id: record.id };
  for (const field of fields) item[field.name] = readValue(field, record.values[field.id]);
  return item;
}
