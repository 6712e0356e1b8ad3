import type { ExpressionScope } from '@flowmind/shared/expression-scope';
import { parseTemplate, readSimplePath, type SimplePath, simplePath } from '@flowmind/shared/flow-expressions';
import type { ExpressionOutcome } from './expression-vm';
import { compilePlain, evaluatePlain, type PlainExpression } from './plain-expression';

export type ExpressionSession = {
  /** A string's `{{ … }}` parts evaluated: one expression keeps its value's type, text around them makes a string. Other values come back as they are. */
  evaluate(template: unknown): Promise<unknown>;
  /** Every string inside arrays and objects evaluated. */
  resolveDeep(value: unknown): Promise<unknown>;
  dispose(): void;
};

export const EXPRESSION_TIMEOUT_MS = 1000;

/** What a synchronous pass returns when an expression needs the VM. */
const NEEDS_VM: unique symbol = Symbol('needs the VM');

/** An expression failed; the message names it. */
export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
  constructor(
    readonly expression: string,
    reason: string,
  ) {
    super(`Expression {{ ${clip(expression, 200)} }} failed: ${reason}`);
  }
}

/** How many expression sessions needed the VM (tests check that simple paths need none). */
export const expressionStats = { vmsCreated: 0 };

/** Where a session's expressions that need JavaScript run (a sandbox worker); opened on first need. */
export type ExpressionVmHandle = {
  evaluate(code: string): Promise<ExpressionOutcome>;
  dispose(): void;
};

/**
 * Resolves a step's params for one item. Simple paths and plain expressions are read here, on the
 * caller's thread; the first expression that needs more opens a VM (in a sandbox worker), reused
 * for the session's later expressions, each with its own deadline.
 */
export function createExpressionSession({
  scope,
  openVm,
}: {
  scope: ExpressionScope;
  openVm: () => ExpressionVmHandle;
}): ExpressionSession {
  let vm: ExpressionVmHandle | undefined;
  let disposed = false;

  const inVm = async (code: string): Promise<unknown> => {
    if (!vm) {
      vm = openVm();
      expressionStats.vmsCreated++;
    }
    const outcome = await vm.evaluate(code);
    if (!outcome.ok) throw new ExpressionError(code, outcome.reason);
    return outcome.json === undefined ? undefined : JSON.parse(outcome.json);
  };

  /** An expression's value read here (a simple path or a plain expression), or NEEDS_VM. */
  const valueHere = ({ code, path, plain }: CompiledExpression): unknown => {
    if (disposed) throw new Error('The expression session was disposed');
    if (code === '') return undefined;
    if (path) {
      const read = readSimplePath(scope as unknown as Record<string, unknown>, path);
      if (!read.ok) throw new ExpressionError(code, read.error);
      return read.value !== null && typeof read.value === 'object' ? structuredClone(read.value) : read.value;
    }
    const answered = plain ? evaluatePlain(plain, scope) : undefined;
    return answered ? answered.value : NEEDS_VM;
  };

  /** A template evaluated here, or NEEDS_VM as soon as one of its expressions needs the VM. */
  const evaluateHere = (template: unknown): unknown => {
    if (typeof template !== 'string' || !template.includes('{{')) return template;
    const parts = compile(template);
    if (parts.length === 1 && typeof parts[0] !== 'string') return valueHere(parts[0]!);
    let text = '';
    for (const part of parts) {
      if (typeof part === 'string') text += part;
      else {
        const value = valueHere(part);
        if (value === NEEDS_VM) return NEEDS_VM;
        text += asText(value);
      }
    }
    return text;
  };

  /** Every string inside `value` evaluated here, or NEEDS_VM (see `resolveDeep`). */
  const resolveHere = (value: unknown): unknown => {
    if (typeof value === 'string') return evaluateHere(value);
    if (Array.isArray(value)) {
      const out: unknown[] = new Array(value.length);
      for (let i = 0; i < value.length; i++) {
        const entry = resolveHere(value[i]);
        if (entry === NEEDS_VM) return NEEDS_VM;
        out[i] = entry;
      }
      return out;
    }
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const entry = resolveHere((value as Record<string, unknown>)[key]);
        if (entry === NEEDS_VM) return NEEDS_VM;
        out[key] = entry;
      }
      return out;
    }
    return value;
  };

  const evaluateCode = async (expression: CompiledExpression): Promise<unknown> => {
    const value = valueHere(expression);
    return value === NEEDS_VM ? inVm(expression.code) : value;
  };

  const evaluateInOrder = async (template: unknown): Promise<unknown> => {
    if (typeof template !== 'string' || !template.includes('{{')) return template;
    const parts = compile(template);
    if (parts.length === 1 && typeof parts[0] !== 'string') return evaluateCode(parts[0]!);
    let text = '';
    for (const part of parts) text += typeof part === 'string' ? part : asText(await evaluateCode(part));
    return text;
  };

  const resolveInOrder = async (value: unknown): Promise<unknown> => {
    if (typeof value === 'string') return evaluateInOrder(value);
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const entry of value) out.push(await resolveInOrder(entry));
      return out;
    }
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) out[key] = await resolveInOrder(entry);
      return out;
    }
    return value;
  };

  /**
   * Most params need no VM: they are worked out here in one synchronous pass (an async step per
   * value cost a webhook call about 10 KB of garbage). The first expression that needs the VM
   * sends the whole value the asynchronous way, in the same order, from the start: what was read
   * before it is read again, and fails or succeeds the same.
   */
  const resolveDeep = async (value: unknown): Promise<unknown> => {
    const here = resolveHere(value);
    return here === NEEDS_VM ? resolveInOrder(value) : here;
  };

  const evaluate = async (template: unknown): Promise<unknown> => {
    const here = evaluateHere(template);
    return here === NEEDS_VM ? evaluateInOrder(template) : here;
  };

  return {
    evaluate,
    resolveDeep,
    dispose() {
      disposed = true;
      vm?.dispose();
      vm = undefined;
    },
  };
}

type CompiledExpression = { code: string; path: SimplePath | null; plain: PlainExpression | null };
/** A template's text parts and expressions, each with its simple path when it has one. */
type CompiledTemplate = (string | CompiledExpression)[];

const compiledTemplates = new Map<string, CompiledTemplate>();
const COMPILED_TEMPLATES_KEPT = 2000;

/** Parses a template once: a flow runs the same params for every item. */
function compile(template: string): CompiledTemplate {
  let compiled = compiledTemplates.get(template);
  if (!compiled) {
    compiled = parseTemplate(template).map((segment) =>
      segment.kind === 'text' ? segment.text : compiledExpression(segment.code),
    );
    if (compiledTemplates.size >= COMPILED_TEMPLATES_KEPT) compiledTemplates.clear();
    compiledTemplates.set(template, compiled);
  }
  return compiled;
}

/** How a value reads inside text: objects as JSON, nothing for null and undefined. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function compiledExpression(code: string): CompiledExpression {
  const path = simplePath(code);
  return { code, path, plain: path ? null : compilePlain(code) };
}
