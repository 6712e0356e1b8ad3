import { readBoolean, readText } from './params';
import type { StepDefinition } from './step';

/** Runs another flow of the account with these items; waiting, its items come back. */
export const flowRunStep: StepDefinition = {
  type: 'flow.run',
  sideEffects: true,
  async run(ctx) {
    const params = await ctx.params(0);
    const flowId = readText(params.flowId, 'Flow', { required: true }).trim();
    const wait = params.wait === undefined ? true : readBoolean(params.wait, 'Wait for it to finish');
    const result = await ctx.services.runFlow({ flowId, items: ctx.items, wait, idempotencyKey: ctx.idempotencyKey });
    return { outputs: { main: wait ? result.items : [{ executionId: result.executionId }] } };
  },
};
