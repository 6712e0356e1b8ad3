import { CONDITION_OPERATORS, type Condition, type ConditionOperator } from '@flowmind/shared/flow-steps';
import { testPattern } from './regex';
import { StepError } from './step';

/**
 * Conditions of the if, switch and transform steps. Comparisons are loose but predictable: two
 * values that both read as numbers compare as numbers ("10" > 9), two ISO dates compare as times,
 * anything else as case-sensitive text. `matches` takes a JavaScript-syntax pattern run by RE2
 * (regex.ts).
 */

const OPERATORS = new Set<string>(CONDITION_OPERATORS.map((o) => o.value));
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A number, or a string that is exactly one (not "", not "0x10", not "12px"). */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) return Number(value.trim());
  return null;
}

/** The time of an ISO date (`2026-11-23`) or date-time; null for anything else. */
export function asIsoTime(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value.trim())) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : time;
}

const isMissing = (value: unknown) => value === null || value === undefined;

export function isEmptyValue(value: unknown): boolean {
  if (isMissing(value) || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
  }
  return null;
}

const asText = (value: unknown) =>
  isMissing(value) ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** -1, 0 or 1; null when the two cannot be ordered (either is missing). */
export function compareValues(a: unknown, b: unknown): number | null {
  if (isMissing(a) || isMissing(b)) return null;
  const [na, nb] = [asNumber(a), asNumber(b)];
  if (na !== null && nb !== null) return Math.sign(na - nb);
  const [ta, tb] = [asIsoTime(a), asIsoTime(b)];
  if (ta !== null && tb !== null) return Math.sign(ta - tb);
  const [sa, sb] = [asText(a), asText(b)];
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export function looseEquals(a: unknown, b: unknown): boolean {
  if (isMissing(a) || isMissing(b)) return isMissing(a) && isMissing(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const [ba, bb] = [asBoolean(a), asBoolean(b)];
    return ba !== null && ba === bb;
  }
  if (typeof a === 'object' || typeof b === 'object') return canonicalJson(a) === canonicalJson(b);
  return compareValues(a, b) === 0;
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same value. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as object).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

function contains(haystack: unknown, needle: unknown): boolean {
  if (Array.isArray(haystack)) return haystack.some((element) => looseEquals(element, needle));
  if (isMissing(haystack) || isMissing(needle)) return false;
  if (typeof haystack === 'object') return Object.hasOwn(haystack as object, asText(needle));
  return asText(haystack).includes(asText(needle));
}

const CHECKS: Record<ConditionOperator, (left: unknown, right: unknown) => boolean> = {
  equals: looseEquals,
  not_equals: (l, r) => !looseEquals(l, r),
  contains,
  not_contains: (l, r) => !contains(l, r),
  starts_with: (l, r) => !isMissing(l) && !isMissing(r) && asText(l).startsWith(asText(r)),
  ends_with: (l, r) => !isMissing(l) && !isMissing(r) && asText(l).endsWith(asText(r)),
  gt: (l, r) => (compareValues(l, r) ?? 0) > 0,
  gte: (l, r) => (compareValues(l, r) ?? -1) >= 0,
  lt: (l, r) => (compareValues(l, r) ?? 0) < 0,
  lte: (l, r) => (compareValues(l, r) ?? 1) <= 0,
  is_empty: (l) => isEmptyValue(l),
  is_not_empty: (l) => !isEmptyValue(l),
  is_true: (l) => asBoolean(l) === true,
  is_false: (l) => asBoolean(l) === false,
  matches: (l, r) => testPattern(asText(r), asText(l)),
};

export function evaluateCondition({ left, operator, right }: Condition): boolean {
  const check = CHECKS[operator];
  if (!check) throw new StepError(`Unknown condition operator "${operator}"`);
  return check(left, right);
}

/** Every condition (and) or any (or); no conditions at all match. */
export function matchAll(conditions: Condition[], combine: 'and' | 'or' = 'and'): boolean {
  if (conditions.length === 0) return true;
  return combine === 'or' ? conditions.some(evaluateCondition) : conditions.every(evaluateCondition);
}

/** A conditions param as saved by the form, checked: a list of `{ left, operator, right }`. */
export function readConditions(value: unknown, label = 'Conditions'): Condition[] {
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value)) throw new StepError(`${label} must be a list`);
  return value.map((entry, index) => {
    if (!entry || typeof entry !== 'object') throw new StepError(`${label}: condition ${index + 1} is not a condition`);
    const { left, operator, right } = entry as Record<string, unknown>;
    if (typeof operator !== 'string' || !OPERATORS.has(operator))
      throw new StepError(`${label}: condition ${index + 1} has an unknown operator "${String(operator)}"`);
    return { left, operator: operator as ConditionOperator, right };
  });
}

export function readCombine(value: unknown): 'and' | 'or' {
  if (value === undefined || value === null || value === '' || value === 'and') return 'and';
  if (value === 'or') return 'or';
  throw new StepError(`Match must be "and" or "or", not "${String(value)}"`);
}
