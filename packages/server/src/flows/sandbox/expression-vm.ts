import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten';
import { isHostFailure, isHostStackOverflow, type QuickJSInstance } from './quickjs-instance';
import { formatBytes, formatSeconds, readVmError, SCOPE_ROOTS, type VmFailure } from './vm-errors';

/** The part of an expression scope the host sent: the roots an expression needs, steps by name. */
export type ScopePart = {
  roots: Record<string, unknown>;
  nodes: Record<string, unknown>;
  /** Every step name under `$node`, so `Object.keys($node)` sees them all. Sent once per session. */
  names?: string[];
};

/** What a session was sent so far; it outlives the session's VM when that VM has to be replaced. */
export type SessionScope = {
  roots: Record<string, unknown>;
  nodes: Record<string, unknown>;
  names: string[];
  missed?: boolean;
};

export function addToScope(scope: SessionScope, part: ScopePart): void {
  Object.assign(scope.roots, part.roots);
  Object.assign(scope.nodes, part.nodes);
  if (part.names) scope.names = part.names;
}

/** `missed`: the expression reached a root the host had not sent (it found it by a computed name). */
export type ExpressionOutcome = ({ ok: true; json: string | undefined } | { ok: false; reason: string }) & {
  missed?: boolean;
};

export type ExpressionLimits = { memoryLimitBytes: number; stackSizeBytes: number; timeoutMs: number };

const EXPRESSION_FILE = 'expression';

/**
 * Defines the scope in the VM. Each root (and each step under `$node`) is read from what the host
 * sent the first time an expression uses it, so a session that only needs `$json` copies nothing
 * else into the VM.
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
  for (const root of ${JSON.stringify(SCOPE_ROOTS)}) lazy(globalThis, root, () => JSON.parse(load(root)));
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

/**
 * One session's QuickJS runtime and context, kept between its expressions. It lives in a sandbox
 * worker; the scope it reads grows as the host sends the roots later expressions need.
 */
export type ExpressionVm = {
  readonly instance: QuickJSInstance;
  evaluate(code: string): ExpressionOutcome;
  dispose(): void;
};

export function createExpressionVm(
  instance: QuickJSInstance,
  limits: ExpressionLimits,
  scope: SessionScope,
): ExpressionVm {
  let deadline = Date.now() + limits.timeoutMs;
  let current: { runtime: QuickJSRuntime; context: QuickJSContext } | undefined;

  const scopeJson = (root: string, name: unknown): string => {
    if (root === 'names') return JSON.stringify(scope.names);
    const source = root === '$node' ? scope.nodes : scope.roots;
    const key = root === '$node' ? String(name) : root;
    if (!Object.hasOwn(source, key)) {
      // The host sends the roots an expression names; one reached another way is sent on a retry.
      scope.missed = true;
      throw new Error(`${root === '$node' ? `$node[${JSON.stringify(name)}]` : root} was not loaded`);
    }
    return JSON.stringify(source[key]) ?? 'null';
  };

  const create = () => {
    const runtime = instance.module.newRuntime();
    runtime.setMemoryLimit(limits.memoryLimitBytes);
    runtime.setMaxStackSize(limits.stackSizeBytes);
    runtime.setInterruptHandler(() => Date.now() >= deadline);
    runtime.setModuleLoader(() => ({ error: new Error('import is not available in expressions') }));
    const context = runtime.newContext();
    try {
      const load = context.newFunction('__scope', (rootHandle, nameHandle) =>
        context.newString(scopeJson(context.getString(rootHandle), nameHandle && context.dump(nameHandle))),
      );
      context.setProp(context.global, '__scope', load);
      load.dispose();
      deadline = Date.now() + limits.timeoutMs;
      context.unwrapResult(context.evalCode(BOOTSTRAP, 'sandbox')).dispose();
    } catch (error) {
      context.dispose();
      runtime.dispose();
      throw error;
    }
    return { runtime, context };
  };

  const drop = () => {
    const vm = current;
    current = undefined;
    if (!vm || instance.broken) return;
    try {
      vm.context.dispose();
      vm.runtime.dispose();
    } catch {
      // QuickJS aborted on objects still alive when freeing the runtime: replace the instance.
      instance.broken = true;
    }
  };

  const failureText = (failure: VmFailure): string => {
    switch (failure.kind) {
      case 'timeout':
        return `timed out after ${formatSeconds(limits.timeoutMs)}`;
      case 'memory':
        return `ran out of memory (limit ${formatBytes(limits.memoryLimitBytes)})`;
      case 'stack':
        return 'exceeded the maximum call stack (too deep recursion)';
      case 'error':
        return failure.text;
    }
  };

  return {
    instance,
    evaluate(code) {
      scope.missed = false;
      current ??= create();
      const { context } = current;
      deadline = Date.now() + limits.timeoutMs;
      let result: ReturnType<QuickJSContext['evalCode']>;
      try {
        // Newlines around the code keep a trailing `// comment` from swallowing the parenthesis.
        result = context.evalCode(`__encode((\n${code}\n))`, EXPRESSION_FILE);
      } catch (error) {
        if (!isHostFailure(error)) throw error;
        instance.broken = true;
        current = undefined;
        return {
          ok: false,
          missed: scope.missed,
          reason: isHostStackOverflow(error)
            ? failureText({ kind: 'stack' })
            : `the sandbox stopped (${(error as Error).message})`,
        };
      }
      if (result.error) {
        const failure = readVmError(context, result.error, { deadline, file: EXPRESSION_FILE });
        result.error.dispose();
        // A VM that hit a limit may hold what it allocated: the next expression starts afresh.
        if (failure.kind !== 'error') drop();
        return { ok: false, reason: failureText(failure), missed: scope.missed };
      }
      return { ok: true, json: encoded(context, result.value), missed: scope.missed };
    },
    dispose: drop,
  };
}

function encoded(context: QuickJSContext, handle: QuickJSHandle): string | undefined {
  try {
    return context.typeof(handle) === 'string' ? context.getString(handle) : undefined;
  } finally {
    handle.dispose();
  }
}
