import { effectiveSettings, paramValue } from '@flowmind/shared/flow-steps';
import { CodeError, type Sandbox } from '../sandbox/sandbox';
import { type StepContext, type StepDefinition, StepError, type StepServices } from './step';

/** Scope roots the code sees besides its items, read from the engine's expression scope. */
const GLOBAL_ROOTS = ['$trigger', '$node', '$execution', '$flow'] as const;

/**
 * The code step: the node's JavaScript runs in the sandbox on all input items at once. The code
 * is taken as written; `{{ }}` inside it is JavaScript, not an expression.
 */
export const codeStep: StepDefinition = {
  type: 'code',
  sideEffects: false,
  async run(ctx) {
    const code = paramValue(ctx.node, 'code');
    if (typeof code !== 'string' || code.trim() === '') throw new StepError('The code is empty');
    try {
      const items = await ctx.services.runCode({
        code,
        items: ctx.items,
        globals: await codeGlobals(ctx),
        timeoutMs: effectiveSettings(ctx.node).timeoutMs,
        log: ctx.log,
        executionId: ctx.executionId,
        accountId: ctx.accountId,
        // A step that timed out or was cancelled does not leave its script spinning in a worker.
        signal: ctx.signal,
      });
      return { outputs: { main: items } };
    } catch (error) {
      if (error instanceof CodeError) throw new StepError(error.message);
      throw error;
    }
  },
};

/**
 * `$trigger`, `$node`, `$execution` and `$flow` as expressions see them: `{{ $node }}` is a simple
 * path, so the engine reads it without starting the sandbox.
 */
async function codeGlobals(ctx: StepContext): Promise<Record<string, unknown>> {
  const globals: Record<string, unknown> = {};
  for (const root of GLOBAL_ROOTS) {
    const value = await ctx.evaluate(`{{ ${root} }}`);
    if (value !== null && typeof value === 'object') globals[root] = value;
  }
  globals.$execution ??= { id: ctx.executionId };
  globals.$flow ??= { id: ctx.flowId };
  globals.$node ??= {};
  return globals;
}

/** The sandbox as the engine hands it to steps. */
export function sandboxServices(sandbox: Sandbox): Pick<StepServices, 'runCode'> {
  return { runCode: (input) => sandbox.runCode(input) };
}
