import { parseTemplate, readSimplePath, type SimplePath, simplePath } from '@flowmind/shared/flow-expressions';
import type { Item } from '@flowmind/shared/flows';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten';
import { compilePlain, evaluatePlain, type PlainExpression } from './plain-expression';
import { isHostFailure, isHostStackOverflow, type QuickJSInstance } from './quickjs-instance';
import { formatBytes, formatSeconds, readVmError, type VmFailure } from './vm-errors';

/** What an expression sees when a step's params are resolved for one item. */
export type ExpressionScope = {
  $json: Item;
  $index: number;
  $items: Item[];
  $node: Record<string, { json: Item; items: Item[] }>;
  $trigger: { json: Item; items: Item[] };
  $execution: { id: string; mode: string };
  $flow: { id: string; name: string };
  $now: string;
};

export type ExpressionSession = {
  /** A string's `{{ … }}` parts evaluated: one expression keeps its value's type, text around them makes a string. Other values come back as they are. */
  evaluate(template: unknown): Promise<unknown>;
  /** Every string inside arrays and objects evaluated. */
  resolveDeep(value: unknown): Promise<unknown>;
  dispose(): void;
};

export const EXPRESSION_TIMEOUT_MS = 1000;

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

/** How many expression VMs were created (tests check that simple paths need none). */
export const expressionStats = { vmsCreated: 0 };

const EXPRESSION_FILE = 'expression';
const ROOTS = ['$json', '$index', '$items', '$trigger', '$execution', '$flow', '$now'] as const;

/**
 * Defines the scope in the VM. Each root (and each step under `$node`) is read from the host the
 * first time an expression uses it, so a session that only needs `$json` never copies the earlier
 * steps' items.
 */
const BOOTSTRAP = `(() => {
  const load = globalThis.__scope;
  delete globalThis.__scope;
  const lazy = (target, key, read) => Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = read();
      Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
      return value;
    },
  });
  for (const root of ${JSON.stringify(ROOTS)}) lazy(globalThis, root, () => JSON.parse(load(root)));
  const $node = {};
  for (const name of JSON.parse(load('names'))) lazy($node, name, () => JSON.parse(load('$node', name)));
  globalThis.$node = $node;
  const wrap = (json) => (json === undefined ? undefined : { json });
  globalThis.$ = (name) => {
    const node = Object.hasOwn($node, name) ? $node[name] : undefined;
    if (!node) throw new Error('No step named "' + name + '" ran before this one');
    const items = node.items || [];
    return {
      first: () => wrap(items[0]),
      last: () => wrap(items[items.length - 1]),
      all: () => items.map(wrap),
      item: wrap(items[$index] !== undefined ? items[$index] : items[0]),
    };
  };
  globalThis.__encode = (value) => (value === undefined ? undefined : JSON.stringify(value));
})();`;

type Vm = { instance: QuickJSInstance; runtime: QuickJSRuntime; context: QuickJSContext };

/**
 * Resolves a step's params for one item. Simple paths are read in TypeScript; the first expression
 * that needs more creates a QuickJS runtime and context in the shared instance, reused for the
 * session's later expressions, each with its own deadline.
 */
export function createExpressionSession({
  scope,
  instance,
  memoryLimitBytes,
  stackSizeBytes,
  timeoutMs = EXPRESSION_TIMEOUT_MS,
}: {
  scope: ExpressionScope;
  instance: () => Promise<QuickJSInstance>;
  memoryLimitBytes: number;
  stackSizeBytes: number;
  timeoutMs?: number;
}): ExpressionSession {
  let vm: Promise<Vm> | undefined;
  let deadline = 0;
  let disposed = false;

  const createVm = async (): Promise<Vm> => {
    const target = await instance();
    const runtime = target.module.newRuntime();
    runtime.setMemoryLimit(memoryLimitBytes);
    runtime.setMaxStackSize(stackSizeBytes);
    runtime.setInterruptHandler(() => Date.now() >= deadline);
    runtime.setModuleLoader(() => ({ error: new Error('import is not available in expressions') }));
    const context = runtime.newContext();
    try {
      const load = context.newFunction('__scope', (rootHandle, nameHandle) =>
        context.newString(scopeJson(scope, context.getString(rootHandle), nameHandle && context.dump(nameHandle))),
      );
      context.setProp(context.global, '__scope', load);
      load.dispose();
      deadline = Date.now() + timeoutMs;
      context.unwrapResult(context.evalCode(BOOTSTRAP, 'sandbox')).dispose();
    } catch (error) {
      context.dispose();
      runtime.dispose();
      throw error;
    }
    expressionStats.vmsCreated++;
    return { instance: target, runtime, context };
  };

  const currentVm = async (): Promise<Vm> => {
    const seen = vm;
    const existing = seen ? await seen.catch(() => undefined) : undefined;
    if (existing && !existing.instance.broken) return existing;
    if (vm === seen) vm = createVm();
    return vm!;
  };

  const dropVm = (existing: Vm) => {
    vm = undefined;
    if (existing.instance.broken) return;
    try {
      existing.context.dispose();
      existing.runtime.dispose();
    } catch {
      // QuickJS aborted on objects still alive when freeing the runtime: replace the instance.
      existing.instance.broken = true;
    }
  };

  const failureText = (failure: VmFailure): string => {
    switch (failure.kind) {
      case 'timeout':
        return `timed out after ${formatSeconds(timeoutMs)}`;
      case 'memory':
        return `ran out of memory (limit ${formatBytes(memoryLimitBytes)})`;
      case 'stack':
        return 'exceeded the maximum call stack (too deep recursion)';
      case 'error':
        return failure.text;
    }
  };

  const inVm = async (code: string): Promise<unknown> => {
    const current = await currentVm();
    const { context } = current;
    deadline = Date.now() + timeoutMs;
    let result: ReturnType<QuickJSContext['evalCode']>;
    try {
      // Newlines around the code keep a trailing `// comment` from swallowing the parenthesis.
      result = context.evalCode(`__encode((\n${code}\n))`, EXPRESSION_FILE);
    } catch (error) {
      if (!isHostFailure(error)) throw error;
      current.instance.broken = true;
      dropVm(current);
      throw new ExpressionError(
        code,
        isHostStackOverflow(error)
          ? failureText({ kind: 'stack' })
          : `the sandbox stopped (${(error as Error).message})`,
      );
    }
    if (result.error) {
      const failure = readVmError(context, result.error, { deadline, file: EXPRESSION_FILE });
      result.error.dispose();
      // A VM that hit a limit may hold what it allocated: start the next expression afresh.
      if (failure.kind !== 'error') dropVm(current);
      throw new ExpressionError(code, failureText(failure));
    }
    return decode(context, result.value);
  };

  const evaluateCode = async ({ code, path, plain }: CompiledExpression): Promise<unknown> => {
    if (disposed) throw new Error('The expression session was disposed');
    if (code === '') return undefined;
    if (path) {
      const read = readSimplePath(scope as unknown as Record<string, unknown>, path);
      if (!read.ok) throw new ExpressionError(code, read.error);
      return read.value !== null && typeof read.value === 'object' ? structuredClone(read.value) : read.value;
    }
    const answered = plain ? evaluatePlain(plain, scope) : undefined;
    return answered ? answered.value : inVm(code);
  };

  const evaluate = async (template: unknown): Promise<unknown> => {
    if (typeof template !== 'string' || !template.includes('{{')) return template;
    const parts = compile(template);
    if (parts.length === 1 && typeof parts[0] !== 'string') return evaluateCode(parts[0]!);
    let text = '';
    for (const part of parts) text += typeof part === 'string' ? part : asText(await evaluateCode(part));
    return text;
  };

  const resolveDeep = async (value: unknown): Promise<unknown> => {
    if (typeof value === 'string') return evaluate(value);
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const entry of value) out.push(await resolveDeep(entry));
      return out;
    }
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) out[key] = await resolveDeep(entry);
      return out;
    }
    return value;
  };

  return {
    evaluate,
    resolveDeep,
    dispose() {
      disposed = true;
      const pending = vm;
      vm = undefined;
      void pending?.then(dropVm, () => undefined);
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

/** The JSON text of a scope root (or one step under `$node`) the VM asked for. */
function scopeJson(scope: ExpressionScope, root: string, name: unknown): string {
  if (root === 'names') return JSON.stringify(Object.keys(scope.$node));
  const value = root === '$node' ? scope.$node[String(name)] : (scope as Record<string, unknown>)[root];
  return JSON.stringify(value) ?? 'null';
}

function decode(context: QuickJSContext, handle: QuickJSHandle): unknown {
  try {
    return context.typeof(handle) === 'string' ? JSON.parse(context.getString(handle)) : undefined;
  } finally {
    handle.dispose();
  }
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
