import type { Item } from '@flowmind/shared/flows';
import { createExpressionSession, type ExpressionScope, type ExpressionSession } from './expression-session';
import { instanceSlot } from './quickjs-instance';
import { type RunCodeInput, runCodeIn } from './run-code';

export { ExpressionError, type ExpressionScope, type ExpressionSession, expressionStats } from './expression-session';
export { CodeError, type RunCodeInput } from './run-code';

export type SandboxOptions = { memoryLimitBytes?: number; stackSizeBytes?: number };

export type Sandbox = {
  /** Runs a code step's JavaScript on its items. */
  runCode(input: RunCodeInput): Promise<Item[]>;
  /** Evaluates a step's `{{ expressions }}` for one item. Dispose it when the params are resolved. */
  expressionSession(scope: ExpressionScope): ExpressionSession;
};

export const DEFAULT_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
export const DEFAULT_STACK_SIZE_BYTES = 256 * 1024;

/**
 * The JavaScript sandbox of flows: QuickJS compiled to WebAssembly, with no host functions besides
 * `console`, so code reaches no network, files, timers or `process`.
 *
 * Code runs and expressions each use their own QuickJS instance, created on first use, whose
 * memory is capped at the limit. A code run is synchronous from start to end (a fresh runtime and
 * context, disposed after), so runs take turns in their instance and each gets the whole limit.
 * Expression sessions keep a context between expressions and share theirs.
 */
export function createSandbox({
  memoryLimitBytes = DEFAULT_MEMORY_LIMIT_BYTES,
  stackSizeBytes = DEFAULT_STACK_SIZE_BYTES,
}: SandboxOptions = {}): Sandbox {
  const codeInstance = instanceSlot(memoryLimitBytes);
  const expressionInstance = instanceSlot(memoryLimitBytes);
  return {
    async runCode(input) {
      const instance = await codeInstance();
      return runCodeIn(instance, { memoryLimitBytes, stackSizeBytes }, input);
    },
    expressionSession(scope) {
      return createExpressionSession({ scope, instance: expressionInstance, memoryLimitBytes, stackSizeBytes });
    },
  };
}
