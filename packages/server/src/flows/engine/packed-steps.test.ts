import { describe, expect, it } from 'vitest';
import type { SaveStep } from './execution.repository';
import { packSteps } from './packed-steps';

const at = new Date('2026-11-28T10:00:00Z');
const step = (nodeId: string, input: SaveStep['input'], output: SaveStep['output']) => ({
  id: `stp_${nodeId}`,
  step: {
    executionId: 'exe_1',
    accountId: 'acc_1',
    nodeId,
    nodeName: nodeId,
    nodeType: 'set',
    runIndex: 0,
    status: 'succeeded' as const,
    input,
    output,
    logs: [],
    error: null,
    attempts: 1,
    startedAt: at,
    finishedAt: at,
  },
});

describe('packed steps', () => {
  it('writes items once where they first appear and refers to them after', () => {
    const trigger = [{ body: { a: 1 } }];
    const summed = [{ sum: 1 }];
    const packed = packSteps(trigger, [
      step('hook', {}, { main: trigger }),
      step('sum', { main: trigger }, { main: summed }),
      step('answer', { main: summed }, { main: summed }),
    ]);
    expect(packed.map((s) => [s.input, s.output])).toEqual([
      [{}, { main: { trigger: true } }],
      [{ main: { trigger: true } }, { main: summed }],
      [{ main: { step: 1, side: 'output', handle: 'main' } }, { main: { step: 1, side: 'output', handle: 'main' } }],
    ]);
    expect(packed[0]).toMatchObject({ id: 'stp_hook', nodeId: 'hook', runIndex: 0, status: 'succeeded' });
    expect(packed[0]).not.toHaveProperty('executionId');
    expect(packed[0]).not.toHaveProperty('accountId');
  });

  it('writes equal items that are not the same again, and refers to an input a step passed on', () => {
    const items = [{ n: 1 }];
    const packed = packSteps(null, [
      step('a', {}, { true: items, false: [] }),
      step('b', { main: [{ n: 1 }] }, { main: [{ n: 1 }] }),
      step('c', { left: [{ n: 2 }] }, { main: [{ n: 2 }] }),
    ]);
    expect(packed.map((s) => [s.input, s.output])).toEqual([
      [{}, { true: items, false: [] }],
      [{ main: [{ n: 1 }] }, { main: [{ n: 1 }] }],
      [{ left: [{ n: 2 }] }, { main: [{ n: 2 }] }],
    ]);
    const passed = [{ n: 3 }];
    const [, waited] = packSteps(null, [step('a', {}, null), step('wait', { main: passed }, { main: passed })]);
    expect(waited?.output).toEqual({ main: { step: 1, side: 'input', handle: 'main' } });
  });
});
