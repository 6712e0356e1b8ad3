import { evaluateFormula, type FormulaNode, type FormulaValue, parseFormula } from '@flowmind/shared/formula';
import { formatValue } from '@flowmind/shared/table-values';
import type { Field, TableRecord } from '@flowmind/shared/tables';

/** Linked records' values, by linked record id, for lookups and rollups. */
export type LinkedValues = Map<string, Record<string, unknown>>;

function rollup(fn: string, values: unknown[]): unknown {
  const filled = values.filter((v) => v !== null && v !== undefined && v !== '');
  const numbers = filled.map(Number).filter((n) => Number.isFinite(n));
  switch (fn) {
    case 'count':
      return values.length;
    case 'count_filled':
      return filled.length;
    case 'count_empty':
      return values.length - filled.length;
    case 'sum':
      return numbers.reduce((s, n) => s + n, 0);
    case 'avg':
      return numbers.length ? numbers.reduce((s, n) => s + n, 0) / numbers.length : null;
    case 'min':
      return numbers.length ? Math.min(...numbers) : null;
    case 'max':
      return numbers.length ? Math.max(...numbers) : null;
    default:
      return filled.map(String).join(', ');
  }
}

/**
 * Fills in the values the system computes (created/updated time and by, autonumber, lookups,
 * rollups, formulas) on records as they are read. Formulas are parsed once per call; a formula
 * that refers back to itself through others evaluates to null instead of looping.
 */
export function withComputedValues(records: TableRecord[], fields: Field[], linked: LinkedValues = new Map()) {
  const computed = fields.filter((f) =>
    ['created_time', 'updated_time', 'created_by', 'autonumber', 'formula', 'lookup', 'rollup'].includes(f.type),
  );
  if (computed.length === 0) return records;
  const byName = new Map(fields.map((f) => [f.name, f]));
  const parsed = new Map<string, FormulaNode | null>();
  for (const field of computed) {
    if (field.options.type !== 'formula') continue;
    const result = parseFormula(field.options.expression);
    parsed.set(field.id, result.ok ? result.ast : null);
  }
  const now = new Date();

  return records.map((record) => {
    const values: Record<string, unknown> = { ...record.values };
    const evaluating = new Set<string>();

    const computedValue = (field: Field): unknown => {
      const { options } = field;
      switch (options.type) {
        case 'created_time':
          return record.createdAt;
        case 'updated_time':
          return record.updatedAt;
        case 'created_by':
          return record.createdBy;
        case 'autonumber':
          return record.autonumber;
        case 'lookup':
        case 'rollup': {
          const ids = record.values[options.linkFieldId];
          const found = Array.isArray(ids)
            ? ids.map((id) => linked.get(String(id))?.[options.targetFieldId] ?? null)
            : [];
          if (options.type === 'lookup') return found.flat().filter((v) => v !== null);
          return rollup(options.fn, found);
        }
        case 'formula': {
          const ast = parsed.get(field.id);
          if (!ast || evaluating.has(field.id)) return null;
          evaluating.add(field.id);
          try {
            return evaluateFormula(ast, (name) => forFormula(byName.get(name)), now);
          } finally {
            evaluating.delete(field.id);
          }
        }
        default:
          return record.values[field.id] ?? null;
      }
    };

    /** A field's value as a formula sees it: selects by name, lists as text. */
    const forFormula = (field: Field | undefined): FormulaValue => {
      if (!field) return null;
      const value = computedValue(field);
      if (value === null || value === undefined) return null;
      if (typeof value === 'number' || typeof value === 'boolean') return value;
      if (typeof value === 'string') return field.type === 'single_select' ? formatValue(value, field.options) : value;
      return formatValue(value, field.options);
    };

    for (const field of computed) {
      const value = computedValue(field);
      if (value === null || value === undefined || (Array.isArray(value) && value.length === 0))
        delete values[field.id];
      else values[field.id] = value;
    }
    return { ...record, values };
  });
}
