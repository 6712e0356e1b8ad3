import { AppError } from '@flowmind/shared/errors';
import { convertValue, prepareTargetOptions } from '@flowmind/shared/table-values';
import type { Field, FieldChangePreview, FieldOptions, TableRecord } from '@flowmind/shared/tables';

/** One record's value of the field being changed. */
export type FieldValue = { id: string; v: unknown };

/** The values a type change starts from; `stored` is false when they were computed for the grid. */
export type ConversionSource = { from: FieldOptions; stored: boolean; values: FieldValue[] };

/** What a field's last type change needs to be undone: its old name, type, options and values. */
export type LastChange = { name: string; type: string; options: FieldOptions; values: Record<string, unknown> };

/** Links keep both sides in step, so a link field cannot change type or target. */
export function checkLinkChange(current: Field, next: FieldOptions) {
  const linkBefore = current.options.type === 'link' ? current.options.linkedTableId : null;
  const linkAfter = next.type === 'link' ? next.linkedTableId : null;
  if (linkBefore !== linkAfter)
    throw new AppError('bad_request', 'A link field keeps its type and linked table', 'options');
}

/** A new type converts the values; so do new options of a select, whose values are option ids. */
export const needsConversion = (current: Field, next: FieldOptions) =>
  current.options.type !== next.type ||
  ((next.type === 'single_select' || next.type === 'multi_select') &&
    JSON.stringify(current.options) !== JSON.stringify(next));

/**
 * The source of a computed field (formula, lookup, created time, …) as the grid shows it, so that
 * converting it to a stored type keeps the values instead of emptying the field.
 */
export function computedSource(current: Field, records: TableRecord[]): ConversionSource {
  const from: FieldOptions =
    current.type === 'created_time' || current.type === 'updated_time'
      ? { type: 'date_time', timeZone: 'UTC' }
      : current.type === 'autonumber'
        ? { type: 'number', precision: 0 }
        : { type: 'text' };
  const values: FieldValue[] = [];
  for (const record of records) {
    const v = record.values[current.id];
    if (v === null || v === undefined) continue;
    values.push({ id: record.id, v: from.type === 'text' ? (Array.isArray(v) ? v.join(', ') : String(v)) : v });
  }
  return { from, stored: false, values };
}

/**
 * Converts every value to the next options: the target options (a select gains the options its
 * values name), what is lost, a few examples of it, and the values to write.
 */
export function planConversion(source: ConversionSource, current: Field, next: FieldOptions) {
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
  const changed: FieldValue[] = [];
  for (const { id, v } of values) {
    const result = convertValue(v, from, target);
    if (result.lost) {
      lost++;
      if (examples.length < 10) examples.push({ recordId: id, from: v });
    } else converted++;
    // Computed values were never stored, so every converted one is written.
    if (!stored ? result.value !== null : JSON.stringify(result.value) !== JSON.stringify(v))
      changed.push({ id, v: result.value });
  }
  return { target, lost, converted, examples, changed };
}

/** The undo record of a conversion: the values it changed as they were (computed ones were never stored). */
export function lastChangeOf(source: ConversionSource, current: Field, changed: FieldValue[]): LastChange {
  const previous = new Map(source.stored ? source.values.map((x) => [x.id, x.v]) : []);
  return {
    name: current.name,
    type: current.type,
    options: current.options,
    values: Object.fromEntries(changed.map(({ id }) => [id, previous.get(id) ?? null])),
  };
}
