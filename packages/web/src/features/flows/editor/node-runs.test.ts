import type { ExecutionDetail, ExecutionStep } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { formatDuration, nodeRuns } from './node-runs';

const stepRun = (over: Partial<ExecutionStep>): ExecutionStep => ({
  id: 's',
  nodeId: 'a',
  nodeName: 'A',
  nodeType: 'code',
  runIndex: 0,
  status: 'succeeded',
  input: {},
  output: { main: [{}] },
  logs: [],
  error: null,
  attempts: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  durationMs: 10,
  ...over,
});

const execution = (steps: ExecutionStep[]) => ({ steps }) as unknown as ExecutionDetail;

describe('nodeRuns', () => {
  it('sums items per output over a step’s runs and keeps the latest status', () => {
    const runs = nodeRuns(
      execution([
        stepRun({ runIndex: 1, status: 'failed', output: null, error: 'boom', durationMs: 5 }),
        stepRun({ runIndex: 0, output: { loop: [{}, {}], done: [] } }),
        stepRun({ nodeId: 'b', output: { true: [{}], false: [{}, {}, {}] } }),
      ]),
    );
    expect(runs.get('a')).toMatchObject({ status: 'failed', runs: 2, counts: { loop: 2, done: 0 }, error: 'boom' });
    expect(runs.get('a')?.durationMs).toBe(15);
    expect(runs.get('b')?.counts).toEqual({ true: 1, false: 3 });
    expect(nodeRuns(null).size).toBe(0);
  });

  it('takes a long execution’s totals from the server’s summaries (its detail holds only last runs)', () => {
    const runs = nodeRuns({
      steps: [stepRun({ runIndex: 499, output: { main: [{}] } })],
      nodes: [{ nodeId: 'a', runs: 500, counts: { main: 500 }, durationMs: 2500 }],
    } as unknown as ExecutionDetail);
    expect(runs.get('a')).toMatchObject({ status: 'succeeded', runs: 500, counts: { main: 500 }, durationMs: 2500 });
    expect(runs.get('a')?.step.runIndex).toBe(499);
  });

  it.each([
    [null, ''],
    [450, '450 ms'],
    [1500, '1.5 s'],
    [42_000, '42 s'],
    [125_000, '2 min 5 s'],
  ])('formats %s ms as "%s"', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
