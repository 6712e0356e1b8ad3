import { EXPRESSION_ROOTS } from '@flowmind/shared/flow-expressions';

/**
 * Most expressions are arithmetic, comparisons and text on the trigger's and steps' fields:
 * `{{ $json.a + $json.b }}`, `{{ $json.total > 100 ? 'big' : 'small' }}`. Creating a QuickJS VM
 * for one of them costs far more than the expression itself, so this small interpreter evaluates
 * that subset directly on the items' JSON.
 *
 * It never reaches anything but the scope's own data: no calls, no globals but the scope's roots,
 * no prototype properties. It only answers when the answer is certain to be the sandbox's; in any
 * other case (an unknown construct, an operator on an object, reading a property of undefined,
 * a name on the prototype chain) it declines, and the expression runs in the VM as before.
 */

export type PlainExpression = Node;
/** `undefined` means "run it in the VM". */
export type PlainResult = { value: unknown } | undefined;

type Node =
  | { kind: 'literal'; value: string | number | boolean | null | undefined }
  | { kind: 'root'; name: string }
  | { kind: 'member'; object: Node; key: Node; optional: boolean }
  | { kind: 'unary'; operator: '!' | '-' | '+'; operand: Node }
  | { kind: 'binary'; operator: BinaryOperator; left: Node; right: Node }
  | { kind: 'logical'; operator: '&&' | '||' | '??'; left: Node; right: Node; parenthesized?: boolean }
  | { kind: 'conditional'; test: Node; consequent: Node; alternate: Node }
  /** Parentheses end an optional chain: `(a?.b).c` reads `c` of undefined. */
  | { kind: 'group'; inner: Node };

type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '<' | '>' | '<=' | '>=' | '==' | '!=' | '===' | '!==';

type Token =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'name'; value: string }
  | { type: 'punct'; value: string };

/** Longest first, so `===` is read before `==` and `=`. */
const PUNCTUATORS = [
  '===',
  '!==',
  '?.',
  '??',
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '.',
  '[',
  ']',
  '(',
  ')',
  '?',
  ':',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '<',
  '>',
];
const ROOTS = new Set<string>(EXPRESSION_ROOTS);
/** Longer strings than this are left to the VM, whose memory limit applies. */
const MAX_TEXT = 65_536;

class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < code.length) {
    const char = code[i]!;
    if (char === ' ' || char === '\n' || char === '\t' || char === '\r') {
      i++;
      continue;
    }
    if (/[A-Za-z_$]/.test(char)) {
      const name = /^[A-Za-z_$][\w$]*/.exec(code.slice(i))![0];
      tokens.push({ type: 'name', value: name });
      i += name.length;
      continue;
    }
    if (/\d/.test(char) || (char === '.' && /\d/.test(code[i + 1] ?? ''))) {
      const text = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(code.slice(i))![0];
      // Leading zeros (legacy octal), hex, bigint and separators are the VM's.
      if (/^0\d/.test(text) || /[\w$]/.test(code[i + text.length] ?? '')) unsupported();
      tokens.push({ type: 'number', value: Number(text) });
      i += text.length;
      continue;
    }
    if (char === '"' || char === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        const next = code[j];
        if (next === undefined || next === '\n' || next === '\r') unsupported();
        if (next === char) break;
        if (next === '\\') {
          const escaped = code[j + 1];
          const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
          if (escaped === undefined || !(escaped in simple)) unsupported();
          value += simple[escaped!];
          j += 2;
          continue;
        }
        value += next;
        j++;
      }
      tokens.push({ type: 'string', value });
      i = j + 1;
      continue;
    }
    // Comments, regular expressions and `**` are not in the subset.
    if (code.startsWith('//', i) || code.startsWith('/*', i) || code.startsWith('**', i)) unsupported();
    const punct = PUNCTUATORS.find((p) => code.startsWith(p, i));
    if (!punct) unsupported();
    // `a?.5:b` is a conditional, not optional chaining.
    if (punct === '?.' && /\d/.test(code[i + 2] ?? '')) {
      tokens.push({ type: 'punct', value: '?' });
      i += 1;
      continue;
    }
    tokens.push({ type: 'punct', value: punct! });
    i += punct!.length;
  }
  return tokens;
}

const BINARY_LEVELS: BinaryOperator[][] = [
  ['==', '!=', '===', '!=='],
  ['<', '>', '<=', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

function parse(tokens: Token[]): Node {
  let position = 0;
  const peek = () => tokens[position];
  const isPunct = (value: string) => peek()?.type === 'punct' && peek()!.value === value;
  const expect = (value: string) => {
    if (!isPunct(value)) unsupported();
    position++;
  };

  const conditional = (): Node => {
    const test = nullish();
    if (!isPunct('?')) return test;
    position++;
    const consequent = conditional();
    expect(':');
    const alternate = conditional();
    return { kind: 'conditional', test, consequent, alternate };
  };

  // JavaScript refuses `a ?? b || c` without parentheses: such text is left to the VM's error.
  const nullish = (): Node => {
    let left = logical('||');
    while (isPunct('??')) {
      position++;
      const right = logical('||');
      for (const side of [left, right])
        if (side.kind === 'logical' && side.operator !== '??' && !side.parenthesized) unsupported();
      left = { kind: 'logical', operator: '??', left, right };
    }
    return left;
  };

  const logical = (operator: '||' | '&&'): Node => {
    const operand = () => (operator === '||' ? logical('&&') : binary(0));
    let left = operand();
    while (isPunct(operator)) {
      position++;
      left = { kind: 'logical', operator, left, right: operand() };
    }
    return left;
  };

  const binary = (level: number): Node => {
    if (level === BINARY_LEVELS.length) return unary();
    let left = binary(level + 1);
    for (;;) {
      const token = peek();
      const operator = token?.type === 'punct' ? BINARY_LEVELS[level]!.find((op) => op === token.value) : undefined;
      if (!operator) return left;
      position++;
      left = { kind: 'binary', operator, left, right: binary(level + 1) };
    }
  };

  const unary = (): Node => {
    const token = peek();
    if (token?.type === 'punct' && (token.value === '!' || token.value === '-' || token.value === '+')) {
      position++;
      return { kind: 'unary', operator: token.value, operand: unary() };
    }
    return member();
  };

  const member = (): Node => {
    let object = primary();
    for (;;) {
      const optional = isPunct('?.');
      if (optional) position++;
      if (isPunct('.') || (optional && peek()?.type === 'name')) {
        if (!optional) position++;
        const name = peek();
        if (name?.type !== 'name') unsupported();
        position++;
        object = { kind: 'member', object, key: { kind: 'literal', value: name!.value }, optional };
      } else if (isPunct('[')) {
        position++;
        const key = conditional();
        expect(']');
        object = { kind: 'member', object, key, optional };
      } else if (optional) unsupported();
      else return object;
    }
  };

  const primary = (): Node => {
    const token = peek();
    if (!token) return unsupported();
    position++;
    if (token.type === 'number' || token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type === 'name') {
      if (token.value === 'true') return { kind: 'literal', value: true };
      if (token.value === 'false') return { kind: 'literal', value: false };
      if (token.value === 'null') return { kind: 'literal', value: null };
      if (token.value === 'undefined') return { kind: 'literal', value: undefined };
      if (ROOTS.has(token.value)) return { kind: 'root', name: token.value };
      return unsupported();
    }
    if (token.value === '(') {
      const inner = conditional();
      expect(')');
      if (inner.kind === 'logical') return { ...inner, parenthesized: true };
      return inner.kind === 'member' ? { kind: 'group', inner } : inner;
    }
    return unsupported();
  };

  const tree = conditional();
  if (position !== tokens.length) unsupported();
  return tree;
}

/** The expression as a tree this interpreter can evaluate, or null when it is the VM's. */
export function compilePlain(code: string): PlainExpression | null {
  try {
    return parse(tokenize(code));
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

type Primitive = string | number | boolean | null | undefined;
const isPrimitive = (value: unknown): value is Primitive => value === null || typeof value !== 'object';
const CANONICAL_INDEX = /^(?:0|[1-9]\d*)$/;
const OBJECT_PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));
const decline = Symbol('decline');
/** An optional link met null or undefined: the rest of its chain is skipped. */
const skipped = Symbol('skipped');

function read(holder: unknown, key: unknown): unknown {
  if (typeof key !== 'string' && !(typeof key === 'number' && Number.isInteger(key) && key >= 0)) return decline;
  const name = String(key);
  if (typeof holder === 'string' || Array.isArray(holder)) {
    if (name === 'length') return holder.length;
    if (!CANONICAL_INDEX.test(name)) return decline;
    return Number(name) < holder.length ? holder[Number(name)] : undefined;
  }
  if (holder === null || typeof holder !== 'object') return decline;
  if (Object.hasOwn(holder, name)) return (holder as Record<string, unknown>)[name];
  // Items are plain JSON objects: a missing key is undefined unless the prototype has it.
  return OBJECT_PROTOTYPE_KEYS.has(name) ? decline : undefined;
}

function binary(operator: BinaryOperator, left: Primitive, right: Primitive): unknown {
  switch (operator) {
    case '+': {
      // biome-ignore lint/suspicious/noExplicitAny: JavaScript's own `+` on primitives is the point.
      const sum = (left as any) + (right as any);
      return typeof sum === 'string' && sum.length > MAX_TEXT ? decline : sum;
    }
    case '-':
      return Number(left) - Number(right);
    case '*':
      return Number(left) * Number(right);
    case '/':
      return Number(left) / Number(right);
    case '%':
      return Number(left) % Number(right);
    case '<':
      return (left as number) < (right as number);
    case '>':
      return (left as number) > (right as number);
    case '<=':
      return (left as number) <= (right as number);
    case '>=':
      return (left as number) >= (right as number);
    case '==':
      // biome-ignore lint/suspicious/noDoubleEquals: loose equality is what the expression asked for.
      return left == right;
    case '!=':
      // biome-ignore lint/suspicious/noDoubleEquals: loose inequality is what the expression asked for.
      return left != right;
    case '===':
      return left === right;
    case '!==':
      return left !== right;
  }
}

/** A node's value; a skipped optional chain reads as undefined. */
function evaluateNode(node: Node, scope: Record<string, unknown>): unknown {
  const value = evaluateLink(node, scope);
  return value === skipped ? undefined : value;
}

function evaluateLink(node: Node, scope: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'root':
      return Object.hasOwn(scope, node.name) ? scope[node.name] : decline;
    case 'group':
      return evaluateNode(node.inner, scope);
    case 'member': {
      const object = evaluateLink(node.object, scope);
      if (object === decline || object === skipped) return object;
      if (object === null || object === undefined) return node.optional ? skipped : decline;
      const key = evaluateNode(node.key, scope);
      return key === decline ? decline : read(object, key);
    }
    case 'unary': {
      const operand = evaluateNode(node.operand, scope);
      if (operand === decline) return decline;
      if (node.operator === '!') return !operand;
      if (!isPrimitive(operand)) return decline;
      return node.operator === '-' ? -Number(operand) : Number(operand);
    }
    case 'binary': {
      const left = evaluateNode(node.left, scope);
      if (left === decline || !isPrimitive(left)) return decline;
      const right = evaluateNode(node.right, scope);
      if (right === decline || !isPrimitive(right)) return decline;
      return binary(node.operator, left, right);
    }
    case 'logical': {
      const left = evaluateNode(node.left, scope);
      if (left === decline) return decline;
      if (node.operator === '&&' ? !left : node.operator === '||' ? left : left !== null && left !== undefined)
        return left;
      return evaluateNode(node.right, scope);
    }
    case 'conditional': {
      const test = evaluateNode(node.test, scope);
      if (test === decline) return decline;
      return evaluateNode(test ? node.consequent : node.alternate, scope);
    }
  }
}

/**
 * The expression's value as the sandbox would return it (its result goes through JSON there:
 * NaN and infinities become null, objects are copies), or undefined to run it in the VM.
 */
export function evaluatePlain(expression: PlainExpression, scope: object): PlainResult {
  const value = evaluateNode(expression, scope as Record<string, unknown>);
  if (value === decline) return undefined;
  if (value === undefined) return { value };
  if (typeof value === 'string' && value.length > MAX_TEXT) return undefined;
  return { value: JSON.parse(JSON.stringify(value)) };
}
