import { FILTER_OPERATORS, filterKindOf, filterOperatorsFor } from '@flowmind/shared/table-filters';
import type { FilterCondition, FilterGroup, FilterOperator } from '@flowmind/shared/table-queries';
import type { Field } from '@flowmind/shared/tables';

/**
 * The filter as the editor holds it while someone changes it: a top-level and/or list of conditions and condition
 * groups (one level of nesting, like Airtable), with values as typed. `toFilter` turns it into what is saved,
 * leaving out conditions that are not finished.
 */

export type Conjunction = 'and' | 'or';
export type DraftCondition = {
  kind: 'condition';
  id: string;
  fieldId: string;
  operator: FilterOperator;
  text: string;
  values: string[];
};
/** Nested deeper than the editor shows (made through the API): kept as it is. */
export type DraftKept = { kind: 'kept'; id: string; group: FilterGroup };
export type DraftGroup = {
  kind: 'group';
  id: string;
  conjunction: Conjunction;
  items: Array<DraftCondition | DraftKept>;
};
export type DraftFilter = { conjunction: Conjunction; items: Array<DraftCondition | DraftGroup> };

export const operatorLabels: Record<FilterOperator, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  eq: '=',
  neq: '≠',
  lt: '<',
  lte: '≤',
  gt: '>',
  gte: '≥',
  is_before: 'is before',
  is_after: 'is after',
  is_on_or_before: 'is on or before',
  is_on_or_after: 'is on or after',
  is_any_of: 'is any of',
  is_none_of: 'is none of',
  has_any_of: 'has any of',
  has_all_of: 'has all of',
  has_none_of: 'has none of',
};

const NUMBER_TYPES = ['number', 'currency', 'percent', 'rating', 'autonumber'];

/** The operators the server accepts for a field's type (record-query.ts), the usual one first. */
/**
 * The operators offered for a field: those the server takes for its type (shared/table-filters),
 * less the ones picking from a list when the field has no list to pick from (links, for now).
 */
export function operatorsFor(field: Field | undefined): FilterOperator[] {
  if (!field) return [...FILTER_OPERATORS.text];
  const hasChoices = field.options.type === 'single_select' || field.options.type === 'multi_select';
  return filterOperatorsFor(field.type).filter((operator) => hasChoices || !takesList(operator));
}

export const takesValue = (operator: FilterOperator) => operator !== 'is_empty' && operator !== 'is_not_empty';
export const takesList = (operator: FilterOperator) =>
  ['is_any_of', 'is_none_of', 'has_any_of', 'has_all_of', 'has_none_of'].includes(operator);
/** Fields a filter cannot look at (computed values the database does not hold). */
export const filterable = (field: Field) => filterKindOf(field.type) !== null;

let lastId = 0;
const nextId = () => `draft-${++lastId}`;

export function newCondition(field: Field): DraftCondition {
  return {
    kind: 'condition',
    id: nextId(),
    fieldId: field.id,
    operator: operatorsFor(field)[0] ?? 'is',
    text: field.type === 'checkbox' ? 'true' : '',
    values: [],
  };
}

export const newGroup = (field: Field, conjunction: Conjunction): DraftGroup => ({
  kind: 'group',
  id: nextId(),
  conjunction,
  items: [newCondition(field)],
});

function conditionDraft(condition: FilterCondition, fields: Field[]): DraftCondition {
  const field = fields.find((candidate) => candidate.id === condition.fieldId);
  const value = condition.value;
  return {
    kind: 'condition',
    id: nextId(),
    fieldId: condition.fieldId,
    operator: condition.operator,
    text: Array.isArray(value)
      ? ''
      : field?.type === 'percent' && typeof value === 'number'
        ? String(value * 100)
        : value === undefined || value === null
          ? ''
          : String(value),
    values: Array.isArray(value) ? value.map(String) : [],
  };
}

export function toDraft(filter: FilterGroup | null, fields: Field[]): DraftFilter {
  return {
    conjunction: filter?.conjunction ?? 'and',
    items: (filter?.conditions ?? []).map((item) =>
      'conjunction' in item
        ? {
            kind: 'group' as const,
            id: nextId(),
            conjunction: item.conjunction,
            items: item.conditions.map((inner) =>
              'conjunction' in inner
                ? { kind: 'kept' as const, id: nextId(), group: inner }
                : conditionDraft(inner, fields),
            ),
          }
        : conditionDraft(item, fields),
    ),
  };
}

type Compiled = { condition: FilterCondition | null; problem: string | null };

function compileCondition(draft: DraftCondition, fields: Field[]): Compiled {
  const field = fields.find((candidate) => candidate.id === draft.fieldId);
  if (!field) return { condition: null, problem: null };
  const base = { fieldId: draft.fieldId, operator: draft.operator };
  if (!takesValue(draft.operator)) return { condition: base, problem: null };
  if (takesList(draft.operator)) {
    return { condition: draft.values.length ? { ...base, value: draft.values } : null, problem: null };
  }
  const text = draft.text.trim();
  if (text === '') return { condition: null, problem: null };
  if (NUMBER_TYPES.includes(field.type)) {
    const number = Number(text.replace(/[,\s%$€£]/g, ''));
    if (!Number.isFinite(number)) return { condition: null, problem: `${field.name}: “${text}” is not a number` };
    return { condition: { ...base, value: field.type === 'percent' ? number / 100 : number }, problem: null };
  }
  if (field.type === 'checkbox') return { condition: { ...base, value: text === 'true' }, problem: null };
  return { condition: { ...base, value: text }, problem: null };
}

/**
 * What is saved: unfinished conditions (no value yet) and groups left empty are not sent, and no filter at all is
 * null. A value that cannot be read (a number field given words) is a problem to show instead.
 */
export function toFilter(draft: DraftFilter, fields: Field[]): { filter: FilterGroup | null; problems: string[] } {
  const problems: string[] = [];
  const compile = (item: DraftCondition) => {
    const { condition, problem } = compileCondition(item, fields);
    if (problem) problems.push(problem);
    return condition;
  };
  const conditions = draft.items.flatMap((item): Array<FilterCondition | FilterGroup> => {
    if (item.kind === 'condition') {
      const condition = compile(item);
      return condition ? [condition] : [];
    }
    const inner = item.items.flatMap((entry): Array<FilterCondition | FilterGroup> => {
      if (entry.kind === 'kept') return [entry.group];
      const condition = compile(entry);
      return condition ? [condition] : [];
    });
    return inner.length ? [{ conjunction: item.conjunction, conditions: inner }] : [];
  });
  return { filter: conditions.length ? { conjunction: draft.conjunction, conditions } : null, problems };
}

/** Conditions in a filter, nested ones included (the toolbar's count). */
export function countConditions(filter: FilterGroup | null): number {
  return (filter?.conditions ?? []).reduce((sum, item) => sum + ('conjunction' in item ? countConditions(item) : 1), 0);
}
