import { type Options, parse } from 'acorn';
import { parseTemplate } from './flow-expressions';
import type { ParamField } from './flow-steps';

/**
 * Syntax checks of what a step's fields hold: the JavaScript of a code step and the `{{ … }}` parts
 * of text. The editor underlines the problems as they are typed; publishing refuses a flow that has
 * any (validateNode), on the server as in the editor, so both read the same rules.
 */

/** A problem at `from`…`to` of the field's text; `message` is for the person typing. */
export type SyntaxProblem = { from: number; to: number; message: string };

// The sandbox runs a code step as the body of an async function, so `return` and `await` are fine.
const CODE_OPTIONS: Options = {
  ecmaVersion: 'latest',
  sourceType: 'script',
  allowReturnOutsideFunction: true,
  allowAwaitOutsideFunction: true,
};
const EXPRESSION_OPTIONS: Options = { ecmaVersion: 'latest', sourceType: 'script' };

/** Acorn's reason without its `(line:column)` suffix; the caller says where in its own words. */
function reason(error: unknown): { message: string; pos: number } | null {
  if (!(error instanceof SyntaxError)) return null;
  const pos = (error as SyntaxError & { pos?: number }).pos ?? 0;
  return { message: error.message.replace(/\s*\(\d+:\d+\)$/, ''), pos };
}

function lineOf(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text[i] === '\n') line++;
  return line;
}

/** The first syntax error of a code step's JavaScript, or null when it parses. */
export function codeSyntaxProblem(code: string): SyntaxProblem | null {
  try {
    parse(code, CODE_OPTIONS);
    return null;
  } catch (error) {
    const found = reason(error);
    if (!found) throw error;
    const from = Math.min(found.pos, code.length);
    return {
      from,
      to: Math.min(from + 1, code.length),
      message: `Syntax error on line ${lineOf(code, from)}: ${found.message}`,
    };
  }
}

/** Why the code between `{{` and `}}` cannot be evaluated, or null when it is a JavaScript expression. */
function expressionProblem(code: string): string | null {
  if (code.trim() === '') return 'is empty';
  try {
    // As the sandbox evaluates it: the code in parentheses, on lines of its own.
    parse(`(\n${code}\n)`, EXPRESSION_OPTIONS);
    return null;
  } catch (error) {
    const found = reason(error);
    if (!found) throw error;
    return `is not valid JavaScript: ${found.message}`;
  }
}

const clip = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The `{{ … }}` problems of a text: a `{{` never closed, and an expression that does not parse.
 * `strayClose` also reports a `}}` with no `{{` before it (a warning in the editor: JSON has them).
 */
export function templateProblems(text: string, { strayClose = false } = {}): SyntaxProblem[] {
  if (!text.includes('{{') && !(strayClose && text.includes('}}'))) return [];
  const problems: SyntaxProblem[] = [];
  let offset = 0;
  for (const segment of parseTemplate(text)) {
    if (segment.kind === 'expr') {
      const problem = expressionProblem(segment.code);
      if (problem)
        problems.push({
          from: segment.start,
          to: segment.end,
          message: `The expression {{ ${clip(segment.code)} }} ${problem}`,
        });
      offset = segment.end;
      continue;
    }
    const open = segment.text.indexOf('{{');
    if (open >= 0) problems.push({ from: offset + open, to: offset + open + 2, message: '{{ is not closed with }}' });
    if (strayClose) {
      const close = segment.text.indexOf('}}');
      if (close >= 0 && (open < 0 || close < open))
        problems.push({ from: offset + close, to: offset + close + 2, message: '}} has no {{ before it' });
    }
    offset += segment.text.length;
  }
  return problems;
}

/** Field kinds whose strings the engine evaluates as templates. */
const TEMPLATE_KINDS = new Set<ParamField['kind']>([
  'text',
  'textarea',
  'number',
  'json',
  'keyValue',
  'assignments',
  'conditions',
  'cases',
]);

/** The strings inside a param's value; a condition's regular expression is not a template. */
function templateStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const entry of value) templateStrings(entry, out);
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, entry] of Object.entries(record))
      if (!(key === 'right' && record.operator === 'matches')) templateStrings(entry, out);
  }
  return out;
}

/** What keeps a field's value from running, in words naming the field; null when its syntax is fine. */
export function fieldSyntaxIssue(field: Pick<ParamField, 'kind' | 'label'>, value: unknown): string | null {
  if (field.kind === 'code') {
    const problem = typeof value === 'string' ? codeSyntaxProblem(value) : null;
    return problem ? `${field.label}: ${problem.message}` : null;
  }
  if (!TEMPLATE_KINDS.has(field.kind)) return null;
  for (const text of templateStrings(value)) {
    const problem = templateProblems(text)[0];
    if (problem) return `${field.label}: ${problem.message}`;
  }
  return null;
}
