import type { FilterOperator } from './table-queries';
import { NUMBER_LIKE_TYPES, TEXT_LIKE_TYPES } from './table-values';
import type { FieldType } from './tables';

/**
 * Which filter operators each field type takes: the server refuses any other (400), the filter
 * editor offers these (first one for a new condition). Declared once for both.
 */

export type FilterKind = 'text' | 'number' | 'date' | 'checkbox' | 'single' | 'multi' | 'presence';

const PRESENCE: readonly FilterOperator[] = ['is_empty', 'is_not_empty'];

export const FILTER_OPERATORS: Record<FilterKind, readonly FilterOperator[]> = {
  text: ['contains', 'not_contains', 'is', 'is_not', 'starts_with', 'ends_with', ...PRESENCE],
  number: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', ...PRESENCE],
  date: ['is', 'is_before', 'is_after', 'is_on_or_before', 'is_on_or_after', ...PRESENCE],
  checkbox: ['is'],
  single: ['is', 'is_not', 'is_any_of', 'is_none_of', ...PRESENCE],
  multi: ['has_any_of', 'has_all_of', 'has_none_of', ...PRESENCE],
  presence: PRESENCE,
};

const DATE_TYPES: readonly FieldType[] = ['date', 'date_time', 'created_time', 'updated_time'];

/** How a field of `type` is filtered; null for computed fields the database does not hold (formula, lookup, rollup). */
export function filterKindOf(type: FieldType): FilterKind | null {
  if (TEXT_LIKE_TYPES.includes(type) || type === 'created_by') return 'text';
  if (NUMBER_LIKE_TYPES.includes(type)) return 'number';
  if (DATE_TYPES.includes(type)) return 'date';
  if (type === 'checkbox') return 'checkbox';
  if (type === 'single_select') return 'single';
  if (type === 'multi_select' || type === 'link') return 'multi';
  if (type === 'attachment') return 'presence';
  return null;
}

export function filterOperatorsFor(type: FieldType): readonly FilterOperator[] {
  const kind = filterKindOf(type);
  return kind ? FILTER_OPERATORS[kind] : [];
}
