import type { Item, StepLog } from '@flowmind/shared/flows';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten';
import { isHostFailure, isHostStackOverflow, type QuickJSInstance } from './quickjs-instance';
import { CodeError, formatBytes, formatSeconds, readVmError, type VmFailure } from './vm-errors';

export { CodeError };

export type RunCodeInput = {
  code: string;
  items: Item[];
  /** Names in scope for the code besides `items`, `$input`, `$json` and `$` (e.g. `$trigger`, `$node`). */
  globals: Record<string, unknown>;
  timeoutMs: number;
  log: (level: StepLog['level'], message: string) => void;
};

export type CodeLimits = { memoryLimitBytes: number; stackSizeBytes: number };

export const MAX_LOG_LINES = 1000;
export const MAX_LOG_MESSAGE_CHARS = 10 * 1024;
export const MAX_OUTPUT_CHARS = 10 * 1024 * 1024;

/** The file name the user's code has in stack traces. */
const USER_FILE = 'code';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(['items', '$input', '$json', '$']);

/**
 * Defines `console` over the host's log function, then removes the host function from the globals.
 * Formatting happens here so objects are JSON and each message is cut before it leaves the VM.
 */
const PRELUDE = `(() => {
  const hostLog = globalThis.__hostLog;
  delete globalThis.__hostLog;
  const format = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
      return String(value);
    try { const json = JSON.stringify(value); return json === undefined ? String(value) : json; }
    catch { return String(value); }
  };
  const logger = (level) => (...args) => {
    let message = args.map(format).join(' ');
    if (message.length > ${MAX_LOG_MESSAGE_CHARS}) message = message.slice(0, ${MAX_LOG_MESSAGE_CHARS}) + '… (cut at 10 KB)';
    hostLog(level, message);
  };
  globalThis.console = { log: logger('log'), info: logger('info'), warn: logger('warn'), error: logger('error'), debug: logger('log') };
})();`;

/** Calls the user's function with the input; the promise it gives settles to what the code returned. */
const START = `((fn, inputJson) => {
  const input = JSON.parse(inputJson);
  const items = input.items;
  const wrap = (json) => (json === undefined ? undefined : { json });
  const $input = {
    all: () => items.map(wrap),
    first: () => wrap(items[0]),
    last: () => wrap(items[items.length - 1]),
    item: wrap(items[0]),
  };
  const $ = (name) => {
    const node = input.globals.$node && input.globals.$node[name];
    if (!node) throw new Error('No step named "' + name + '" ran before this one');
    const nodeItems = node.items || [];
    return {
      first: () => wrap(nodeItems[0]),
      last: () => wrap(nodeItems[nodeItems.length - 1]),
      all: () => nodeItems.map(wrap),
      item: wrap(nodeItems[0]),
    };
  };
  const args = [items, $input, items[0] === undefined ? {} : items[0], $, ...input.globalNames.map((n) => input.globals[n])];
  return (async () => await fn(...args))();
})`;

/**
 * Turns what the code returned into the output as JSON text, or says why it cannot be output.
 * It runs as a plain call after the promise settled: QuickJS 2025-09-13 leaks an object when a
 * promise reaction job makes a large allocation (seen as an assertion when the runtime is freed),
 * so the big serialisation stays out of jobs.
 */
const FINISH = `((result) => {
  const describe = (v) => (v === null ? 'null' : 'a ' + typeof v);
  let out;
  if (result === undefined) out = [];
  else if (Array.isArray(result))
    out = result.map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : { value: v }));
  else if (result !== null && typeof result === 'object') out = [result];
  else return { returned: describe(result) };
  const json = JSON.stringify(out);
  return json.length > ${MAX_OUTPUT_CHARS} ? { tooLarge: json.length } : { json };
})`;

/**
 * Runs a code step's JavaScript in a fresh QuickJS runtime and context of `instance`. Everything
 * happens synchronously (there is no host I/O to wait for), so runs never share the instance's
 * memory at the same time.
 */
export function runCodeIn(instance: QuickJSInstance, limits: CodeLimits, input: RunCodeInput): Item[] {
  const deadline = Date.now() + input.timeoutMs;
  const failureText = (failure: VmFailure): string => {
    switch (failure.kind) {
      case 'timeout':
        return `Code step timed out after ${formatSeconds(input.timeoutMs)}`;
      case 'memory':
        return `Code step ran out of memory (limit ${formatBytes(limits.memoryLimitBytes)})`;
      case 'stack':
        return 'Code step exceeded the maximum call stack (too deep recursion)';
      case 'error':
        return `Code step failed: ${failure.text}${failure.line ? ` (line ${failure.line})` : ''}`;
    }
  };

  let runtime: QuickJSRuntime | undefined;
  let context: QuickJSContext | undefined;
  const handles: QuickJSHandle[] = [];
  const keep = (handle: QuickJSHandle) => {
    handles.push(handle);
    return handle;
  };
  const fail = (error: QuickJSHandle): never => {
    throw new CodeError(failureText(readVmError(context!, error, { deadline, file: USER_FILE })));
  };
  try {
    runtime = instance.module.newRuntime();
    runtime.setMemoryLimit(limits.memoryLimitBytes);
    runtime.setMaxStackSize(limits.stackSizeBytes);
    runtime.setInterruptHandler(() => Date.now() >= deadline);
    runtime.setModuleLoader(() => ({ error: new Error('import is not available in the code step') }));
    context = runtime.newContext();
    const vm = context;

    const logger = keep(vm.newFunction('__hostLog', hostLogger(vm, input.log)));
    vm.setProp(vm.global, '__hostLog', logger);
    const prelude = vm.evalCode(PRELUDE, 'sandbox');
    if (prelude.error) fail(keep(prelude.error));
    else prelude.value.dispose();

    const globalNames = Object.keys(input.globals).filter((name) => IDENTIFIER.test(name) && !RESERVED.has(name));
    const params = ['items', '$input', '$json', '$', ...globalNames].join(', ');
    // The header shares the first line with the code, so line numbers in errors are the user's.
    const compiled = vm.evalCode(`(async function (${params}) {${input.code}\n})`, USER_FILE);
    const fn = compiled.error ? fail(keep(compiled.error)) : keep(compiled.value);

    const start = keep(vm.unwrapResult(vm.evalCode(START, 'sandbox')));
    const finish = keep(vm.unwrapResult(vm.evalCode(FINISH, 'sandbox')));
    const inputJson = keep(vm.newString(JSON.stringify({ items: input.items, globals: input.globals, globalNames })));
    const started = vm.callFunction(start, vm.undefined, fn, inputJson);
    const promise = started.error ? fail(keep(started.error)) : keep(started.value);

    const outcome = settle(vm, runtime, promise);
    if (outcome.kind === 'pending')
      throw new CodeError(
        Date.now() >= deadline
          ? failureText({ kind: 'timeout' })
          : 'Code step failed: it never finished (it awaits something that never settles; there are no timers or network in the sandbox)',
      );
    if (outcome.kind === 'rejected') fail(keep(outcome.error));
    const returned = keep((outcome as { value: QuickJSHandle }).value);
    const finished = vm.callFunction(finish, vm.undefined, returned);
    return readOutput(vm, finished.error ? fail(keep(finished.error)) : keep(finished.value));
  } catch (error) {
    if (error instanceof CodeError) throw error;
    if (isHostFailure(error)) {
      // The VM stopped mid-call (the host's own stack ran out, or the instance trapped): its state
      // is unknown, so the instance is replaced and nothing in it is touched again.
      instance.broken = true;
      runtime = undefined;
      context = undefined;
      if (isHostStackOverflow(error)) throw new CodeError(failureText({ kind: 'stack' }));
      throw new CodeError(`Code step failed: the sandbox stopped (${(error as Error).message})`);
    }
    throw error;
  } finally {
    if (context && runtime) {
      try {
        for (const handle of handles) if (handle.alive) handle.dispose();
        context.dispose();
        runtime.dispose();
      } catch {
        // QuickJS found objects still alive when freeing the runtime (a leak inside QuickJS, see
        // FINISH) and aborted the instance: the run's result stands, the instance is replaced.
        instance.broken = true;
      }
    }
  }
}

type Settled =
  | { kind: 'fulfilled'; value: QuickJSHandle }
  | { kind: 'rejected'; error: QuickJSHandle }
  | { kind: 'pending' };

/** Runs the VM's pending jobs until the promise settles or nothing is left to run. */
function settle(vm: QuickJSContext, runtime: QuickJSRuntime, promise: QuickJSHandle): Settled {
  for (;;) {
    const state = vm.getPromiseState(promise);
    if (state.type === 'fulfilled') return { kind: 'fulfilled', value: state.value };
    if (state.type === 'rejected') return { kind: 'rejected', error: state.error };
    if (!runtime.hasPendingJob()) return { kind: 'pending' };
    const ran = runtime.executePendingJobs();
    if (ran.error) return { kind: 'rejected', error: ran.error };
  }
}

function readOutput(vm: QuickJSContext, result: QuickJSHandle): Item[] {
  const read = (key: string) => {
    const handle = vm.getProp(result, key);
    try {
      const type = vm.typeof(handle);
      return type === 'string' ? vm.getString(handle) : type === 'number' ? vm.getNumber(handle) : undefined;
    } finally {
      handle.dispose();
    }
  };
  const returned = read('returned');
  if (typeof returned === 'string')
    throw new CodeError(`Code must return an array of objects (or one object); it returned ${returned}`);
  const tooLarge = read('tooLarge');
  if (typeof tooLarge === 'number')
    throw new CodeError(
      `Code step output is too large (${formatBytes(tooLarge)} of JSON; limit ${formatBytes(MAX_OUTPUT_CHARS)})`,
    );
  return JSON.parse(String(read('json'))) as Item[];
}

/** The host side of `console`: at most MAX_LOG_LINES lines reach the step's logs. */
function hostLogger(vm: QuickJSContext, log: RunCodeInput['log']) {
  let lines = 0;
  return (levelHandle: QuickJSHandle, messageHandle: QuickJSHandle) => {
    lines++;
    if (lines > MAX_LOG_LINES + 1) return;
    if (lines === MAX_LOG_LINES + 1) {
      log('warn', `More than ${MAX_LOG_LINES} log lines: the rest are not kept`);
      return;
    }
    const level = vm.getString(levelHandle);
    const message = vm.getString(messageHandle).slice(0, MAX_LOG_MESSAGE_CHARS + 20);
    log(isLevel(level) ? level : 'log', message);
  };
}

const isLevel = (level: string): level is StepLog['level'] => ['log', 'info', 'warn', 'error'].includes(level);
