import { describe, expect, it } from 'vitest';
import { evaluateFormula, type FormulaValue, parseFormula } from './formula';

const record: Record<string, FormulaValue> = {
  Price: 2.5,
  Quantity: 4,
  Name: 'Widget',
  Done: true,
  Empty: null,
  'Unit cost': 1,
};

function run(expression: string): FormulaValue {
  const parsed = parseFormula(expression, new Set(Object.keys(record)));
  if (!parsed.ok) throw new Error(parsed.message);
  return evaluateFormula(parsed.ast, (name) => record[name] ?? null, new Date('2024-05-06T12:00:00Z'));
}

describe('formula', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['-{Price} + 1', -1.5],
    ['{Price} * {Quantity}', 10],
    ['{Price} * {Quantity} - {Unit cost}', 9],
    ['10 / 4', 2.5],
    ['1 / 0', null],
    ['{Name} & " x" & {Quantity}', 'Widget x4'],
    ['CONCAT({Name}, "-", 1)', 'Widget-1'],
    ['IF({Done}, "yes", "no")', 'yes'],
    ['IF({Empty}, "yes")', null],
    ['AND({Done}, {Quantity} > 3)', true],
    ['OR(FALSE, {Empty})', false],
    ['NOT({Done})', false],
    ['{Quantity} >= 4', true],
    ['{Quantity} != 4', false],
    ['{Name} = "Widget"', true],
    ['"b" > "a"', true],
    ['ROUND(3.14159, 2)', 3.14],
    ['ROUND(2.5)', 3],
    ['LEN({Name})', 6],
    ['UPPER({Name})', 'WIDGET'],
    ['lower("ABC")', 'abc'],
    ['TODAY()', '2024-05-06'],
    ['{Empty} + 1', 1],
    ['{Empty} * {Empty}', null],
    ['\'single\' & "double"', 'singledouble'],
    ['SUM(1, 2, {Empty}, 3)', 6],
    ['MAX(1, 5, 2)', 5],
    ['ABS(-2)', 2],
  ])('%s = %j', (expression, expected) => {
    expect(run(expression)).toEqual(expected);
  });

  it('collects field references', () => {
    const parsed = parseFormula('{Price} * {Quantity} + {Price}');
    expect(parsed.ok && parsed.refs).toEqual(['Price', 'Quantity']);
  });

  it.each([
    ['1 +', 'The formula ends too early'],
    ['1 + * 2', 'Unexpected "*" at position 5'],
    ['{Nope} + 1', 'Unknown field {Nope} at position 1'],
    ['FOO(1)', 'Unknown function FOO at position 1'],
    ['IF(1)', 'IF takes 2 to 3 arguments at position 1'],
    ['"open', 'Unclosed text starting at position 1'],
    ['{Price', 'Unclosed field reference at position 1'],
    ['1 2', 'Unexpected "2" at position 3'],
    ['(1 + 2', 'Expected ")" but found end of formula at the end'],
    ['1 # 2', 'Unexpected "#" at position 3'],
    ['constructor', 'Unknown function CONSTRUCTOR at position 1'],
  ])('rejects %s', (expression, message) => {
    const parsed = parseFormula(expression, new Set(Object.keys(record)));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toBe(message);
  });

  it('refuses deep nesting instead of overflowing the stack', () => {
    const parsed = parseFormula(`${'('.repeat(200)}1${')'.repeat(200)}`);
    expect(parsed).toMatchObject({ ok: false, message: 'The formula nests too deeply' });
  });
});
