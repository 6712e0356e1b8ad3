/**
 * Flow expressions: `{{ … }}` parts in step params. Pure helpers shared by the editor (highlighting,
 * autocomplete) and the server (which evaluates simple property paths without the sandbox).
 */

export type TemplateSegment =
  | { kind: 'text'; text: string }
  /** `start` is the index of `{{`, `end` the index just after `}}`. */
  | { kind: 'expr'; code: string; start: number; end: number };

/** The roots an expression may read; each is a name in the evaluation scope. */
export const EXPRESSION_ROOTS = [
  '$json',
  '$index',
  '$items',
  '$node',
  '$trigger',
  '$execution',
  '$flow',
  '$now',
] as const;
export type ExpressionRoot = (typeof EXPRESSION_ROOTS)[number];

/** Splits text into plain parts and `{{ … }}` parts. An unclosed `{{` stays text. */
export function parseTemplate(text: string): TemplateSegment[] {
  const segments: TemplateSegment[] = [];
  let textStart = 0;
  let searchFrom = 0;
  while (searchFrom < text.length) {
    const open = text.indexOf('{{', searchFrom);
    if (open < 0) break;
    const close = findClose(text, open + 2);
    if (close < 0) break;
    if (open > textStart) segments.push({ kind: 'text', text: text.slice(textStart, open) });
    segments.push({ kind: 'expr', code: text.slice(open + 2, close).trim(), start: open, end: close + 2 });
    textStart = close + 2;
    searchFrom = textStart;
  }
  if (textStart < text.length) segments.push({ kind: 'text', text: text.slice(textStart) });
  return segments;
}

/**
 * Where the `}}` closing an expression starts, skipping braces of object literals and blocks, and
 * anything inside string and template literals; -1 when there is none.
 */
function findClose(text: string, from: number): number {
  // Each entry is the brace depth of a code region; a template literal's `${` opens a new one.
  const depths: number[] = [0];
  let i = from;
  while (i < text.length) {
    const ch = text[i];
    const depth = depths[depths.length - 1]!;
    if (ch === '"' || ch === "'") {
      i = skipQuoted(text, i);
      continue;
    }
    if (ch === '`') {
      const afterTemplate = skipTemplate(text, i, depths);
      if (afterTemplate < 0) return -1;
      i = afterTemplate;
      continue;
    }
    if (ch === '{') depths[depths.length - 1] = depth + 1;
    else if (ch === '}') {
      if (depth > 0) depths[depths.length - 1] = depth - 1;
      else if (depths.length > 1) {
        // The end of a `${ … }` inside a template literal: continue the literal.
        depths.pop();
        const afterTemplate = skipTemplate(text, i, depths);
        if (afterTemplate < 0) return -1;
        i = afterTemplate;
        continue;
      } else if (text[i + 1] === '}') return i;
    }
    i++;
  }
  return -1;
}

/** The index after a quoted string starting at `start` (or the end of the text when unclosed). */
function skipQuoted(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === quote) return i + 1;
    else i++;
  }
  return text.length;
}

/**
 * Skips template literal text from `start` (a backtick, or the `}` ending a substitution) to the
 * closing backtick (returns the index after it) or to a `${` (pushes a code region, returns the
 * index after it). -1 when the literal is not closed.
 */
function skipTemplate(text: string, start: number, depths: number[]): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === '`') return i + 1;
    else if (ch === '$' && text[i + 1] === '{') {
      depths.push(0);
      return i + 2;
    } else i++;
  }
  return -1;
}

/** The whole string is one `{{ … }}`: its value keeps its type (a number stays a number). */
export function isSingleExpression(text: string): boolean {
  const segments = parseTemplate(text);
  return segments.length === 1 && segments[0]!.kind === 'expr';
}

/** Whether a string holds at least one complete `{{ … }}`. */
export function hasExpression(text: string): boolean {
  return text.includes('{{') && parseTemplate(text).some((s) => s.kind === 'expr');
}

export type SimplePath = { root: ExpressionRoot; path: (string | number)[] };

const IDENTIFIER = /^[A-Za-z_$][\w$]*/;
/** Keys that reach the prototype chain: left to the sandbox so both paths agree. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * When an expression is only a property path on a known root (`$json.a.b`, `$json["a b"][0]`,
 * `$node["Step"].json.x`, `$index`), its root and path, so it can be read without the sandbox.
 */
export function simplePath(code: string): SimplePath | null {
  const text = code.trim();
  const rootMatch = IDENTIFIER.exec(text);
  if (!rootMatch || !(EXPRESSION_ROOTS as readonly string[]).includes(rootMatch[0])) return null;
  const path: (string | number)[] = [];
  let i = rootMatch[0].length;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  skipSpace();
  while (i < text.length) {
    if (text[i] === '.') {
      i++;
      skipSpace();
      const name = IDENTIFIER.exec(text.slice(i));
      if (!name) return null;
      path.push(name[0]);
      i += name[0].length;
    } else if (text[i] === '[') {
      i++;
      skipSpace();
      const rest = text.slice(i);
      const index = /^\d+/.exec(rest);
      const quoted = /^"([^"\\\n]*)"|^'([^'\\\n]*)'/.exec(rest);
      if (index) {
        path.push(Number(index[0]));
        i += index[0].length;
      } else if (quoted) {
        path.push(quoted[1] ?? quoted[2] ?? '');
        i += quoted[0].length;
      } else return null;
      skipSpace();
      if (text[i] !== ']') return null;
      i++;
    } else return null;
    skipSpace();
  }
  if (path.some((key) => typeof key === 'string' && UNSAFE_KEYS.has(key))) return null;
  return { root: rootMatch[0] as ExpressionRoot, path };
}

export type PathResult = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Reads a simple path from a scope the way JavaScript would (own properties only), with the
 * sandbox's wording when a step reads a property of null or undefined.
 */
export function readSimplePath(scope: Record<string, unknown>, { root, path }: SimplePath): PathResult {
  if (!Object.hasOwn(scope, root)) return { ok: false, error: `ReferenceError: '${root}' is not defined` };
  let value: unknown = scope[root];
  for (const key of path) {
    if (value === null || value === undefined)
      return {
        ok: false,
        error: `TypeError: cannot read property '${key}' of ${value === null ? 'null' : 'undefined'}`,
      };
    const holder: object = Object(value);
    value = Object.hasOwn(holder, key) ? (holder as Record<string | number, unknown>)[key] : undefined;
  }
  return { ok: true, value };
}

// ---------------------------------------------------------------------------------------------
// Autocomplete

/** The scope seen in the last run, as the editor has it: `$json`, `$node`, `$trigger`, … */
export type CompletionSample = {
  $node?: Record<string, { json?: unknown; items?: unknown[] }>;
  [root: string]: unknown;
};

export type Completion = {
  label: string;
  /** Replaces the `replace` characters before the cursor. */
  insert: string;
  replace: number;
  /** The value's type and a short preview, e.g. `string · "ada@example.com"`. */
  detail: string;
};

type PathStep = { key: string | number } | { call: 'first' | 'last' | 'all' };

/** What the text before the cursor ends with, once a path is recognised. */
type Partial =
  | { kind: 'root'; typed: string }
  | { kind: 'dot'; base: Resolved; typed: string }
  | { kind: 'bracket'; base: Resolved; typed: string; quote: '"' | "'" | '' };

/** A value reached in the sample; `methods` marks the object `$("Name")` gives. */
type Resolved = { value: unknown; methods?: true };

const ROOT_ORDER = ['$json', '$node', '$trigger', '$index', '$items', '$now', '$execution', '$flow'];

/**
 * Suggestions for the editor: the keys of the value the path before the cursor reaches in the last
 * run's data (`$json.us` → `user`, `$node["Fetch"].json.` → its fields), or the roots.
 */
export function completions(sample: CompletionSample, textBeforeCursor: string): Completion[] {
  const open = textBeforeCursor.lastIndexOf('{{');
  // The cursor is after a closed expression, in plain text.
  if (open >= 0 && findClose(textBeforeCursor, open + 2) >= 0) return [];
  const code = open >= 0 ? textBeforeCursor.slice(open + 2) : textBeforeCursor;
  const partial = partialAtEnd(sample, code);
  if (!partial) return /[\s(,[{!?:+\-*/%<>=&|]$|^$/.test(code) ? rootCompletions(sample, '') : [];
  if (partial.kind === 'root') return rootCompletions(sample, partial.typed);
  if (partial.kind === 'dot') return dotCompletions(partial.base, partial.typed);
  return bracketCompletions(partial.base, partial.typed, partial.quote);
}

function rootCompletions(sample: CompletionSample, typed: string): Completion[] {
  const out: Completion[] = [];
  for (const root of ROOT_ORDER) {
    if (root === '$node') {
      for (const [name, node] of Object.entries(sample.$node ?? {})) {
        const insert = `$node[${JSON.stringify(name)}]`;
        if (insert.startsWith(typed))
          out.push({ label: insert, insert, replace: typed.length, detail: describe(node) });
      }
      continue;
    }
    if (root.startsWith(typed))
      out.push({ label: root, insert: root, replace: typed.length, detail: describe(sample[root]) });
  }
  return out;
}

function dotCompletions(base: Resolved, typed: string): Completion[] {
  if (base.methods) {
    return ['first()', 'last()', 'all()', 'item']
      .filter((m) => m.startsWith(typed))
      .map((m) => ({ label: m, insert: m, replace: typed.length, detail: describe(nodeMethod(base.value, m)) }));
  }
  const value = base.value;
  if (Array.isArray(value)) {
    const out: Completion[] = [];
    if (value.length > 0 && typed === '')
      out.push({ label: '[0]', insert: '[0]', replace: 1, detail: describe(value[0]) });
    if ('length'.startsWith(typed))
      out.push({ label: 'length', insert: 'length', replace: typed.length, detail: describe(value.length) });
    return out;
  }
  if (!isPlainObject(value)) return [];
  return Object.entries(value)
    .filter(([key]) => key.startsWith(typed))
    .map(([key, v]) =>
      IDENTIFIER.exec(key)?.[0] === key
        ? { label: key, insert: key, replace: typed.length, detail: describe(v) }
        : // `.` cannot reach this key: replace the dot with a bracket.
          { label: key, insert: `[${JSON.stringify(key)}]`, replace: typed.length + 1, detail: describe(v) },
    );
}

function bracketCompletions(base: Resolved, typed: string, quote: '"' | "'" | ''): Completion[] {
  const value = base.value;
  const replace = typed.length + quote.length;
  if (Array.isArray(value) && quote === '') {
    return value
      .slice(0, 20)
      .map((item, index) => ({ label: `[${index}]`, insert: `${index}]`, replace, detail: describe(item) }))
      .filter((c) => String(c.insert).startsWith(typed));
  }
  if (!isPlainObject(value) || base.methods) return [];
  const q = quote || '"';
  return Object.entries(value)
    .filter(([key]) => key.startsWith(typed))
    .map(([key, v]) => ({
      label: key,
      insert: `${q}${q === '"' ? JSON.stringify(key).slice(1, -1) : key.replaceAll("'", "\\'")}${q}]`,
      replace,
      detail: describe(v),
    }));
}

/** Recognises a (partial) path running to the end of `code` and resolves its complete part. */
function partialAtEnd(sample: CompletionSample, code: string): Partial | null {
  for (let start = code.indexOf('$'); start >= 0; start = code.indexOf('$', start + 1)) {
    if (start > 0 && /[\w$.]/.test(code[start - 1]!)) continue;
    const partial = parsePartial(sample, code.slice(start));
    if (partial) return partial;
  }
  return null;
}

function parsePartial(sample: CompletionSample, text: string): Partial | null {
  const root = /^\$[\w$]*/.exec(text)![0];
  let i = root.length;
  if (i === text.length) return { kind: 'root', typed: root };
  let current: Resolved;
  if (root === '$' && text[i] === '(') {
    const call = /^\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\)/.exec(text.slice(i));
    if (!call) return null;
    current = { value: sample.$node?.[call[1] ?? call[2] ?? ''], methods: true };
    i += call[0].length;
  } else {
    if (!Object.hasOwn(sample, root)) return null;
    current = { value: sample[root] };
  }
  while (i < text.length) {
    const rest = text.slice(i);
    if (rest[0] === '.') {
      const name = /^\.\s*([\w$]*)(\(\))?/.exec(rest)!;
      if (name[0].length === rest.length && !name[2]) return { kind: 'dot', base: current, typed: name[1]! };
      if (!name[1]) return null;
      const step: PathStep =
        current.methods && name[2] && (name[1] === 'first' || name[1] === 'last' || name[1] === 'all')
          ? { call: name[1] }
          : { key: name[1] };
      current = follow(current, step);
      i += name[0].length;
    } else if (rest[0] === '[') {
      const complete = /^\[\s*(?:(\d+)|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\]/.exec(rest);
      if (complete) {
        const key = complete[1] !== undefined ? Number(complete[1]) : (complete[2] ?? complete[3] ?? '');
        current = follow(current, { key });
        i += complete[0].length;
        continue;
      }
      const open = /^\[\s*(?:(["'])((?:[^"'\\]|\\.)*)|(\d*))$/.exec(rest);
      if (!open) return null;
      const quote = (open[1] ?? '') as '"' | "'" | '';
      return { kind: 'bracket', base: current, typed: open[2] ?? open[3] ?? '', quote };
    } else return null;
  }
  return null;
}

function follow(current: Resolved, step: PathStep): Resolved {
  if (current.methods) {
    if ('call' in step) return { value: nodeMethod(current.value, `${step.call}()`) };
    return { value: step.key === 'item' ? nodeMethod(current.value, 'item') : undefined };
  }
  if ('call' in step) return { value: undefined };
  const value = current.value;
  if (value === null || typeof value !== 'object') return { value: undefined };
  return { value: (value as Record<string | number, unknown>)[step.key] };
}

/** What `$("Name").first()` and friends give for a node in the sample. */
function nodeMethod(node: unknown, method: string): unknown {
  const items = isPlainObject(node) && Array.isArray(node.items) ? node.items : [];
  if (method === 'all()') return items.map((json) => ({ json }));
  const item = method === 'last()' ? items[items.length - 1] : items[0];
  return item === undefined ? undefined : { json: item };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `type · preview` for a completion's detail. */
export function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array · ${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    const shown = keys.slice(0, 4).join(', ');
    return `object · { ${shown}${keys.length > 4 ? ', …' : ''} }`;
  }
  if (typeof value === 'string') return `string · ${clip(JSON.stringify(value), 40)}`;
  return `${typeof value} · ${clip(String(value), 40)}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
