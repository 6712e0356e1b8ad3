import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';

/** Why code in the VM stopped, in terms the code step and expressions word for the user. */
export type VmFailure =
  | { kind: 'timeout' }
  | { kind: 'memory' }
  | { kind: 'stack' }
  | { kind: 'error'; text: string; line?: number };

/**
 * Reads an exception the VM threw. `file` names the source the user wrote, so the line number
 * reported is theirs and not the sandbox's glue.
 */
export function readVmError(
  context: QuickJSContext,
  error: QuickJSHandle,
  { deadline, file }: { deadline: number; file: string },
): VmFailure {
  const type = context.typeof(error);
  // QuickJS throws null when it runs out of memory while building the out-of-memory error.
  if (type === 'object' && isNull(context, error)) return { kind: 'memory' };
  if (type !== 'object') return { kind: 'error', text: `Uncaught ${safeString(context, error)}` };
  const name = stringProp(context, error, 'name') ?? 'Error';
  const message = stringProp(context, error, 'message') ?? '';
  if (name === 'InternalError') {
    if (message === 'interrupted' && Date.now() >= deadline) return { kind: 'timeout' };
    if (message === 'out of memory') return { kind: 'memory' };
    if (message === 'stack overflow') return { kind: 'stack' };
  }
  const stack = stringProp(context, error, 'stack') ?? '';
  const line = new RegExp(`${file}:(\\d+)`).exec(stack)?.[1];
  return { kind: 'error', text: message ? `${name}: ${message}` : name, line: line ? Number(line) : undefined };
}

function isNull(context: QuickJSContext, handle: QuickJSHandle): boolean {
  return context.sameValue(handle, context.null);
}

function stringProp(context: QuickJSContext, handle: QuickJSHandle, key: string): string | undefined {
  try {
    const value = context.getProp(handle, key);
    try {
      return context.typeof(value) === 'string' ? context.getString(value) : undefined;
    } finally {
      value.dispose();
    }
  } catch {
    return undefined;
  }
}

function safeString(context: QuickJSContext, handle: QuickJSHandle): string {
  try {
    const dumped: unknown = context.dump(handle);
    return typeof dumped === 'string' ? JSON.stringify(dumped) : String(dumped);
  } catch {
    return 'a value that cannot be shown';
  }
}

export const formatBytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
export const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** A code step's failure, worded for the user. */
export class CodeError extends Error {
  override readonly name = 'CodeError';
}

/** The names an expression's scope holds besides `$node` (in the worker's VM and in what is sent to it). */
export const SCOPE_ROOTS = ['$json', '$index', '$items', '$trigger', '$execution', '$flow', '$now'] as const;
