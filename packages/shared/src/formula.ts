/**
 * A small, safe expression language for formula fields: `{Price} * {Quantity}`,
 * `IF({Done}, "yes", "no")`, `UPPER({Name}) & "!"`. Tokenised and parsed (Pratt) into a tree,
 * evaluated by walking it: no eval, no Function, no access to anything but the record's values.
 */

export type FormulaValue = number | string | boolean | null;

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'field'; name: string; position: number }
  | { kind: 'unary'; op: '-' | '+'; operand: FormulaNode }
  | { kind: 'binary'; op: string; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; name: string; args: FormulaNode[]; position: number };

export type ParseResult =
  | { ok: true; ast: FormulaNode; refs: string[] }
  | { ok: false; message: string; position: number };

type Token =
  | { type: 'number'; value: number; position: number }
  | { type: 'string'; value: string; position: number }
  | { type: 'field'; value: string; position: number }
  | { type: 'name'; value: string; position: number }
  | { type: 'op'; value: string; position: number }
  | { type: 'end'; position: number };

class FormulaError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const MAX_LENGTH = 2000;
const MAX_DEPTH = 50;

/** Functions and how many arguments each takes ([min, max]). */
const FUNCTIONS: Record<string, [number, number]> = {
  IF: [2, 3],
  AND: [1, 50],
  OR: [1, 50],
  NOT: [1, 1],
  CONCAT: [1, 50],
  ROUND: [1, 2],
  LEN: [1, 1],
  UPPER: [1, 1],
  LOWER: [1, 1],
  TODAY: [0, 0],
  ABS: [1, 1],
  MIN: [1, 50],
  MAX: [1, 50],
  SUM: [1, 50],
};

const TWO_CHAR_OPS = ['<=', '>=', '!=', '<>'];
const ONE_CHAR_OPS = '+-*/&=<>(),';

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9.]/.test(c)) {
      const match = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(source.slice(i));
      if (!match) throw new FormulaError(`Unexpected "${c}" at position ${start + 1}`, start);
      tokens.push({ type: 'number', value: Number(match[0]), position: start });
      i += match[0].length;
    } else if (c === '"' || c === "'") {
      let value = '';
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\' && i + 1 < source.length) i++;
        value += source[i];
        i++;
      }
      if (i >= source.length) throw new FormulaError(`Unclosed text starting at position ${start + 1}`, start);
      i++;
      tokens.push({ type: 'string', value, position: start });
    } else if (c === '{') {
      const close = source.indexOf('}', i);
      if (close < 0) throw new FormulaError(`Unclosed field reference at position ${start + 1}`, start);
      const name = source.slice(i + 1, close).trim();
      if (!name) throw new FormulaError(`Empty field reference at position ${start + 1}`, start);
      tokens.push({ type: 'field', value: name, position: start });
      i = close + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i)) as RegExpExecArray;
      tokens.push({ type: 'name', value: match[0].toUpperCase(), position: start });
      i += match[0].length;
    } else if (TWO_CHAR_OPS.includes(source.slice(i, i + 2))) {
      tokens.push({ type: 'op', value: source.slice(i, i + 2), position: start });
      i += 2;
    } else if (ONE_CHAR_OPS.includes(c)) {
      tokens.push({ type: 'op', value: c, position: start });
      i++;
    } else {
      throw new FormulaError(`Unexpected "${c}" at position ${start + 1}`, start);
    }
  }
  tokens.push({ type: 'end', position: source.length });
  return tokens;
}

const BINDING: Record<string, number> = {
  '=': 10,
  '!=': 10,
  '<>': 10,
  '<': 10,
  '>': 10,
  '<=': 10,
  '>=': 10,
  '&': 20,
  '+': 30,
  '-': 30,
  '*': 40,
  '/': 40,
};

/** Parses an expression; `fieldNames`, when given, must contain every `{Field}` it names. */
export function parseFormula(source: string, fieldNames?: ReadonlySet<string>): ParseResult {
  try {
    if (source.length > MAX_LENGTH) throw new FormulaError(`A formula is at most ${MAX_LENGTH} characters`, 0);
    const tokens = tokenize(source);
    let index = 0;
    const refs = new Set<string>();
    const peek = () => tokens[index] as Token;
    const next = () => tokens[index++] as Token;
    const where = (token: Token) => (token.type === 'end' ? 'at the end' : `at position ${token.position + 1}`);
    const describe = (token: Token) =>
      token.type === 'end' ? 'end of formula' : `"${'value' in token ? token.value : ''}"`;
    const expectOp = (op: string) => {
      const token = next();
      if (token.type !== 'op' || token.value !== op)
        throw new FormulaError(`Expected "${op}" but found ${describe(token)} ${where(token)}`, token.position);
    };

    function prefix(depth: number): FormulaNode {
      if (depth > MAX_DEPTH) throw new FormulaError('The formula nests too deeply', peek().position);
      const token = next();
      switch (token.type) {
        case 'number':
          return { kind: 'number', value: token.value };
        case 'string':
          return { kind: 'string', value: token.value };
        case 'field':
          if (fieldNames && !fieldNames.has(token.value))
            throw new FormulaError(`Unknown field {${token.value}} ${where(token)}`, token.position);
          refs.add(token.value);
          return { kind: 'field', name: token.value, position: token.position };
        case 'name': {
          if (token.value === 'TRUE' || token.value === 'FALSE') {
            if (peek().type === 'op' && (peek() as { value: string }).value === '(') {
              next();
              expectOp(')');
            }
            return { kind: 'boolean', value: token.value === 'TRUE' };
          }
          const arity = FUNCTIONS[token.value];
          if (!arity) throw new FormulaError(`Unknown function ${token.value} ${where(token)}`, token.position);
          expectOp('(');
          const args: FormulaNode[] = [];
          if (!(peek().type === 'op' && (peek() as { value: string }).value === ')')) {
            for (;;) {
              args.push(expression(0, depth + 1));
              const separator = peek();
              if (separator.type === 'op' && separator.value === ',') {
                next();
                continue;
              }
              break;
            }
          }
          expectOp(')');
          if (args.length < arity[0] || args.length > arity[1]) {
            const want = arity[0] === arity[1] ? `${arity[0]}` : `${arity[0]} to ${arity[1]}`;
            throw new FormulaError(
              `${token.value} takes ${want} argument${arity[1] === 1 ? '' : 's'} ${where(token)}`,
              token.position,
            );
          }
          return { kind: 'call', name: token.value, args, position: token.position };
        }
        case 'op':
          if (token.value === '(') {
            const inner = expression(0, depth + 1);
            expectOp(')');
            return inner;
          }
          if (token.value === '-' || token.value === '+')
            return { kind: 'unary', op: token.value, operand: expression(50, depth + 1) };
          throw new FormulaError(`Unexpected "${token.value}" ${where(token)}`, token.position);
        default:
          throw new FormulaError(`The formula ends too early`, token.position);
      }
    }

    function expression(minBinding: number, depth: number): FormulaNode {
      let left = prefix(depth);
      for (;;) {
        const token = peek();
        if (token.type !== 'op') break;
        const binding = BINDING[token.value];
        if (binding === undefined || binding <= minBinding) break;
        next();
        left = { kind: 'binary', op: token.value, left, right: expression(binding, depth + 1) };
      }
      return left;
    }

    const ast = expression(0, 0);
    const rest = peek();
    if (rest.type !== 'end') throw new FormulaError(`Unexpected ${describe(rest)} ${where(rest)}`, rest.position);
    return { ok: true, ast, refs: [...refs] };
  } catch (error) {
    if (error instanceof FormulaError) return { ok: false, message: error.message, position: error.position };
    throw error;
  }
}

// Evaluation ----------------------------------------------------------------------------------

function toNumber(value: FormulaValue): number | null {
  if (value === null || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function toText(value: FormulaValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

function truthy(value: FormulaValue): boolean {
  if (typeof value === 'string') return value.length > 0;
  return Boolean(value);
}

function compare(op: string, left: FormulaValue, right: FormulaValue): boolean {
  const bothNumbers = toNumber(left) !== null && toNumber(right) !== null && typeof left !== 'string';
  const a = bothNumbers ? (toNumber(left) as number) : toText(left);
  const b = bothNumbers ? (toNumber(right) as number) : toText(right);
  switch (op) {
    case '=':
      return a === b;
    case '!=':
    case '<>':
      return a !== b;
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    default:
      return a >= b;
  }
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

/** Evaluates a parsed formula; `resolve` gives a referenced field's value. Errors become null. */
export function evaluateFormula(
  node: FormulaNode,
  resolve: (fieldName: string) => FormulaValue,
  now: Date = new Date(),
): FormulaValue {
  const run = (n: FormulaNode): FormulaValue => evaluateFormula(n, resolve, now);
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return node.value;
    case 'field':
      return resolve(node.name);
    case 'unary': {
      const value = toNumber(run(node.operand));
      return value === null ? null : node.op === '-' ? -value : value;
    }
    case 'binary': {
      const left = run(node.left);
      const right = run(node.right);
      if (node.op === '&') return toText(left) + toText(right);
      if (BINDING[node.op] === 10) return compare(node.op, left, right);
      const a = toNumber(left);
      const b = toNumber(right);
      if (a === null && b === null) return null;
      const x = a ?? 0;
      const y = b ?? 0;
      if (node.op === '+') return finite(x + y);
      if (node.op === '-') return finite(x - y);
      if (node.op === '*') return finite(x * y);
      return y === 0 ? null : finite(x / y);
    }
    case 'call': {
      const args = node.args;
      switch (node.name) {
        case 'IF':
          return truthy(run(args[0] as FormulaNode)) ? run(args[1] as FormulaNode) : args[2] ? run(args[2]) : null;
        case 'AND':
          return args.every((a) => truthy(run(a)));
        case 'OR':
          return args.some((a) => truthy(run(a)));
        case 'NOT':
          return !truthy(run(args[0] as FormulaNode));
        case 'CONCAT':
          return args.map((a) => toText(run(a))).join('');
        case 'ROUND': {
          const value = toNumber(run(args[0] as FormulaNode));
          const places = Math.max(0, Math.min(10, Math.trunc(toNumber(args[1] ? run(args[1]) : 0) ?? 0)));
          if (value === null) return null;
          const factor = 10 ** places;
          return Math.round(value * factor) / factor;
        }
        case 'LEN':
          return toText(run(args[0] as FormulaNode)).length;
        case 'UPPER':
          return toText(run(args[0] as FormulaNode)).toUpperCase();
        case 'LOWER':
          return toText(run(args[0] as FormulaNode)).toLowerCase();
        case 'TODAY':
          return now.toISOString().slice(0, 10);
        case 'ABS': {
          const value = toNumber(run(args[0] as FormulaNode));
          return value === null ? null : Math.abs(value);
        }
        case 'MIN':
        case 'MAX':
        case 'SUM': {
          const numbers = args.map((a) => toNumber(run(a))).filter((n): n is number => n !== null);
          if (numbers.length === 0) return null;
          if (node.name === 'SUM') return numbers.reduce((s, n) => s + n, 0);
          return node.name === 'MIN' ? Math.min(...numbers) : Math.max(...numbers);
        }
        default:
          return null;
      }
    }
  }
}
