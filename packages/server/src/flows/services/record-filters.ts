import type { ConditionOperator } from '@flowmind/shared/flow-steps';
import type { FilterCondition, FilterOperator } from '@flowmind/shared/table-queries';
import { NUMBER_LIKE_TYPES, TEXT_LIKE_TYPES } from '@flowmind/shared/table-values';
import type { Field } from '@flowmind/shared/tables';
import { asNumber } from '../steps/conditions';
import { StepError } from '../steps/step';

export type FindCondition = { field: string; operator: string; value?: unknown };

type Kind = 'text' | 'number' | 'date' | 'checkbox' | 'single' | 'multi' | 'attachment';

function kindOf(field: Field): Kind | null {
  if (TEXT_LIKE_TYPES.includes(field.type) || field.type === 'created_by') return 'text';
  if (NUMBER_LIKE_TYPES.includes(field.type)) return 'number';
  if (['date', 'date_time', 'created_time', 'updated_time'].includes(field.type)) return 'date';
  if (field.type === 'checkbox') return 'checkbox';
  if (field.type === 'single_select') return 'single';
  if (field.type === 'multi_select' || field.type === 'link') return 'multi';
  if (field.type === 'attachment') return 'attachment';
  return null;
}

/** The table filter operator for a flow condition operator, per kind of field; missing = not offered. */
const OPERATORS: Record<Kind, Partial<Record<ConditionOperator, FilterOperator>>> = {
  text: {
    equals: 'is',
    not_equals: 'is_not',
    contains: 'contains',
    not_contains: 'not_contains',
    starts_with: 'starts_with',
    ends_with: 'ends_with',
  },
  number: { equals: 'eq', not_equals: 'neq', gt: 'gt', gte: 'gte', lt: 'lt', lte: 'lte' },
  date: { equals: 'is', gt: 'is_after', gte: 'is_on_or_after', lt: 'is_before', lte: 'is_on_or_before' },
  checkbox: { equals: 'is', is_true: 'is', is_false: 'is' },
  single: { equals: 'is', not_equals: 'is_not' },
  multi: { contains: 'has_any_of', not_contains: 'has_none_of' },
  attachment: {},
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function checkboxValue(field: Field, operator: string, value: unknown): boolean {
  if (operator === 'is_true') return true;
  if (operator === 'is_false') return false;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new StepError(`${field.name} is a checkbox: compare it with true or false, not "${String(value)}"`);
}

function filterValue(field: Field, kind: Kind, value: unknown): unknown {
  if (kind === 'number') {
    const number = asNumber(value);
    if (number === null)
      throw new StepError(`${field.name} is a number: compare it with a number, not "${String(value)}"`);
    return number;
  }
  if (kind === 'multi') return (Array.isArray(value) ? value : [value]).map(String);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A flow's find condition `{ field (name), operator, value }` as a table filter condition. Operators
 * the table filters have no counterpart for on that field's type are refused in words; an empty
 * value with equals / not equals means is empty / is not empty (never "match everything").
 */
export function toFilterCondition(condition: FindCondition, field: Field): FilterCondition {
  const { operator, value } = condition;
  const kind = kindOf(field);
  if (operator === 'is_empty' || operator === 'is_not_empty') {
    if (!kind) throw new StepError(`${field.name} cannot be used in a filter`);
    return { fieldId: field.id, operator };
  }
  const mapped = kind ? OPERATORS[kind][operator as ConditionOperator] : undefined;
  if (!kind || !mapped) throw new StepError(`${field.name} cannot be filtered with "${operator}"`);
  if (kind === 'checkbox') return { fieldId: field.id, operator: 'is', value: checkboxValue(field, operator, value) };
  if (isBlank(value)) {
    if (operator === 'equals') return { fieldId: field.id, operator: 'is_empty' };
    if (operator === 'not_equals') return { fieldId: field.id, operator: 'is_not_empty' };
    throw new StepError(`${field.name}: give a value to compare with`);
  }
  return { fieldId: field.id, operator: mapped, value: filterValue(field, kind, value) };
}
