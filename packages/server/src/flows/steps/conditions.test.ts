import type { ConditionOperator } from '@flowmind/shared/flow-steps';
import { describe, expect, it } from 'vitest';
import { compareValues, evaluateCondition, matchAll, readCombine, readConditions } from './conditions';
import { REGEX_PATTERN_MAX } from './regex';
import { StepError } from './step';

type Row = [unknown, ConditionOperator, unknown, boolean];

const table: Row[] = [
  // equals: numbers as numbers when both read as numbers
  [10, 'equals', '10', true],
  ['10.0', 'equals', 10, true],
  ['1e3', 'equals', 1000, true],
  ['', 'equals', 0, false],
  ['0x10', 'equals', 16, false],
  ['12px', 'equals', 12, false],
  // strings are case-sensitive
  ['Ada', 'equals', 'Ada', true],
  ['Ada', 'equals', 'ada', false],
  ['Ada', 'not_equals', 'ada', true],
  // dates as dates
  ['2026-11-23T10:00:00Z', 'equals', '2026-11-23T11:00:00+01:00', true],
  ['2026-11-23', 'equals', '2026-11-23T00:00:00Z', true],
  // missing values equal only each other
  [null, 'equals', undefined, true],
  [null, 'equals', '', false],
  [undefined, 'not_equals', 'x', true],
  // booleans against their words
  [true, 'equals', 'true', true],
  [false, 'equals', 'false', true],
  [true, 'equals', 'yes', false],
  // objects and lists by content
  [{ a: 1, b: [2] }, 'equals', { b: [2], a: 1 }, true],
  [[1, 2], 'equals', [2, 1], false],
  // contains: text, lists, object keys
  ['hello world', 'contains', 'lo w', true],
  ['hello', 'contains', 'H', false],
  [['a', 'b'], 'contains', 'b', true],
  [[1, 2, 3], 'contains', '2', true],
  [['a'], 'not_contains', 'b', true],
  [{ id: 1 }, 'contains', 'id', true],
  [12345, 'contains', 23, true],
  [null, 'contains', 'a', false],
  [null, 'not_contains', 'a', true],
  // starts / ends
  ['invoice-42', 'starts_with', 'invoice', true],
  ['invoice-42', 'starts_with', 'Invoice', false],
  ['report.pdf', 'ends_with', '.pdf', true],
  [null, 'ends_with', '', false],
  // ordering: numbers, then dates, then text
  ['10', 'gt', '9', true],
  [10, 'gte', 10, true],
  [2, 'lt', '10', true],
  ['b', 'gt', 'a', true],
  ['B', 'gt', 'a', false],
  ['2026-01-02', 'gt', '2026-01-01T23:59:59Z', true],
  ['2026-01-01', 'lte', '2026-01-01', true],
  [null, 'lt', 5, false],
  [5, 'gte', undefined, false],
  [null, 'lte', null, false],
  // empty
  ['', 'is_empty', undefined, true],
  [null, 'is_empty', undefined, true],
  [undefined, 'is_empty', undefined, true],
  [[], 'is_empty', undefined, true],
  [{}, 'is_empty', undefined, true],
  [' ', 'is_empty', undefined, false],
  [0, 'is_empty', undefined, false],
  [false, 'is_empty', undefined, false],
  [[0], 'is_not_empty', undefined, true],
  // true / false
  [true, 'is_true', undefined, true],
  ['TRUE', 'is_true', undefined, true],
  [1, 'is_true', undefined, true],
  ['yes', 'is_true', undefined, false],
  [false, 'is_false', undefined, true],
  ['0', 'is_false', undefined, true],
  [null, 'is_false', undefined, false],
  [null, 'is_true', undefined, false],
  // regex
  ['order-123', 'matches', '^order-\\d+$', true],
  ['ORDER-1', 'matches', '^order', false],
  ['ORDER-1', 'matches', '/^order/i', true],
  ['a', 'matches', '/a/g', true],
  [42, 'matches', '^\\d+$', true],
  ['a\nb', 'matches', '/^b$/m', true],
  ['a\nb', 'matches', '/a.b/s', true],
  ['Straße', 'matches', '/^\\p{L}+$/u', true],
  ['2026-11', 'matches', '(?<year>\\d{4})-\\d\\d', true],
];

describe('evaluateCondition', () => {
  it.each(table)('%j %s %j → %s', (left, operator, right, expected) => {
    expect(evaluateCondition({ left, operator, right })).toBe(expected);
  });

  it('a global regex gives the same answer every time', () => {
    const condition = { left: 'aaa', operator: 'matches' as const, right: '/a/g' };
    expect([1, 2, 3].map(() => evaluateCondition(condition))).toEqual([true, true, true]);
  });

  it('refuses a bad pattern, and a too long one, in words', () => {
    expect(() => evaluateCondition({ left: 'x', operator: 'matches', right: '(unclosed' })).toThrow(
      /"\(unclosed" is not a valid regular expression/,
    );
    expect(() =>
      evaluateCondition({ left: 'x', operator: 'matches', right: 'a'.repeat(REGEX_PATTERN_MAX + 1) }),
    ).toThrow(`Regular expressions are at most ${REGEX_PATTERN_MAX} characters long`);
  });

  it('runs patterns that backtrack forever in native RegExp in linear time', () => {
    const started = Date.now();
    const text = `${'a'.repeat(5000)}b`;
    expect(evaluateCondition({ left: text, operator: 'matches', right: '(a+)+$' })).toBe(false);
    expect(evaluateCondition({ left: text, operator: 'matches', right: '/(a|aa)*c$/i' })).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses backreferences and lookaround in words', () => {
    expect(() => evaluateCondition({ left: 'aa', operator: 'matches', right: '(a)\\1' })).toThrow(
      '"(a)\\1" uses a backreference or lookaround, which conditions do not run (use a Code step for those)',
    );
    expect(() => evaluateCondition({ left: 'ab', operator: 'matches', right: 'a(?=b)' })).toThrow(/lookaround/);
  });

  it('refuses an operator it does not know', () => {
    expect(() => evaluateCondition({ left: 1, operator: 'near' as ConditionOperator, right: 2 })).toThrow(
      'Unknown condition operator "near"',
    );
  });
});

describe('compareValues', () => {
  it('orders numbers, dates and text, and cannot order missing values', () => {
    expect(compareValues('9', '10')).toBe(-1);
    expect(compareValues('2026-02-01', '2026-01-31')).toBe(1);
    expect(compareValues('apple', 'apple')).toBe(0);
    expect(compareValues(undefined, 1)).toBeNull();
  });
});

describe('matchAll', () => {
  const yes = { left: 1, operator: 'equals' as const, right: 1 };
  const no = { left: 1, operator: 'equals' as const, right: 2 };
  it('and needs every condition, or any; none match', () => {
    expect(matchAll([yes, no], 'and')).toBe(false);
    expect(matchAll([yes, yes], 'and')).toBe(true);
    expect(matchAll([no, yes], 'or')).toBe(true);
    expect(matchAll([no, no], 'or')).toBe(false);
    expect(matchAll([], 'and')).toBe(true);
    expect(matchAll([], 'or')).toBe(true);
  });
});

describe('readConditions', () => {
  it('reads the saved list and names what is wrong', () => {
    expect(readConditions(undefined)).toEqual([]);
    expect(readConditions([{ left: 'a', operator: 'equals', right: 'b', extra: 1 }])).toEqual([
      { left: 'a', operator: 'equals', right: 'b' },
    ]);
    expect(() => readConditions('x')).toThrow('Conditions must be a list');
    expect(() => readConditions([{ left: 1, operator: 'like' }])).toThrow(
      'Conditions: condition 1 has an unknown operator "like"',
    );
    expect(() => readConditions([null], 'Filters')).toThrow('Filters: condition 1 is not a condition');
  });

  it('reads and/or', () => {
    expect(readCombine(undefined)).toBe('and');
    expect(readCombine('or')).toBe('or');
    expect(() => readCombine('xor')).toThrow(StepError);
  });
});
