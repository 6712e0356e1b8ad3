import type { Item } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { flowRunStep } from './flow-run';
import type { StepServices } from './step';
import { testContext } from './test-context';

function recordingRunFlow() {
  const calls: { flowId: string; items: Item[]; wait: boolean; idempotencyKey?: string }[] = [];
  const runFlow: StepServices['runFlow'] = async (input) => {
    calls.push(input);
    return { executionId: 'exe_child', items: input.wait ? input.items.map((item) => ({ ...item, done: true })) : [] };
  };
  return { calls, runFlow };
}

describe('flow.run step', () => {
  const items = [{ a: 1 }, { a: 2 }];

  it('waits for the other flow and passes on its items', async () => {
    const { calls, runFlow } = recordingRunFlow();
    const result = await flowRunStep.run(
      testContext({ type: 'flow.run', params: { flowId: 'flw_child' }, items, services: { runFlow } }),
    );
    // The step run's key names the child execution, so a run again after a crash finds it.
    expect(calls).toEqual([{ flowId: 'flw_child', items, wait: true, idempotencyKey: 'exe_test:n1:0' }]);
    expect(result).toEqual({
      outputs: {
        main: [
          { a: 1, done: true },
          { a: 2, done: true },
        ],
      },
    });
  });

  it('without waiting gives the execution id', async () => {
    const { calls, runFlow } = recordingRunFlow();
    const result = await flowRunStep.run(
      testContext({ type: 'flow.run', params: { flowId: 'flw_child', wait: false }, items, services: { runFlow } }),
    );
    expect(calls[0]?.wait).toBe(false);
    expect(result).toEqual({ outputs: { main: [{ executionId: 'exe_child' }] } });
  });

  it('needs a flow', async () => {
    const { runFlow } = recordingRunFlow();
    await expect(
      flowRunStep.run(testContext({ type: 'flow.run', params: {}, items, services: { runFlow } })),
    ).rejects.toThrow('Flow is required');
  });
});
