import type { Execution } from '@flowmind/shared/flows';
import { describe, expect, it } from 'vitest';
import { executionDuration, executionHref, formatDuration, mergeExecutions } from './execution-format';

const execution = (id: string, createdAt: string, patch: Partial<Execution> = {}): Execution => ({
  id,
  accountId: 'acc',
  flowId: 'flw_1',
  flowName: 'Flow',
  version: 1,
  status: 'succeeded',
  mode: 'manual',
  error: null,
  createdAt: createdAt,
  startedAt: createdAt,
  finishedAt: createdAt,
  durationMs: 10,
  resumeAt: null,
  parentExecutionId: null,
  ...patch,
});

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [2400, '2.4 s'],
    [42_000, '42 s'],
    [65_000, '1 min 5 s'],
    [120_000, '2 min'],
    [2 * 3600_000 + 3 * 60_000, '2 h 3 min'],
    [3600_000, '1 h'],
    [-1, ''],
  ])('%d ms reads "%s"', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('executionDuration', () => {
  it('uses the saved duration, the time so far while running, and nothing before the start', () => {
    expect(executionDuration(execution('a', '2026-01-01T00:00:00.000Z', { durationMs: 1500 }))).toBe('1.5 s');
    const running = execution('b', '2026-01-01T00:00:00.000Z', {
      status: 'running',
      finishedAt: null,
      durationMs: null,
    });
    expect(executionDuration(running, Date.parse('2026-01-01T00:00:30.000Z'))).toBe('30 s so far');
    expect(executionDuration({ ...running, startedAt: null, status: 'queued' })).toBe('');
  });
});

describe('mergeExecutions', () => {
  const live = [
    execution('e3', '2026-01-03T00:00:00.000Z', { status: 'running' }),
    execution('e2', '2026-01-02T00:00:00.000Z', { status: 'failed', flowId: 'flw_2' }),
  ];
  const older = [
    execution('e2', '2026-01-02T00:00:00.000Z', { status: 'queued', flowId: 'flw_2' }),
    execution('e1', '2026-01-01T00:00:00.000Z'),
  ];

  it('joins the live window and older pages newest first, the live copy winning', () => {
    const rows = mergeExecutions({ live, older, status: null, flowId: null });
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['e3', 'running'],
      ['e2', 'failed'],
      ['e1', 'succeeded'],
    ]);
  });

  it('filters by status and flow', () => {
    expect(mergeExecutions({ live, older, status: 'failed', flowId: null }).map((r) => r.id)).toEqual(['e2']);
    expect(mergeExecutions({ live, older, status: null, flowId: 'flw_1' }).map((r) => r.id)).toEqual(['e3', 'e1']);
    expect(mergeExecutions({ live, older, status: 'queued', flowId: null })).toEqual([]);
  });
});

it('links an execution to the editor', () => {
  expect(executionHref({ id: 'exe 1', flowId: 'flw_1' })).toBe('/flows/flw_1?execution=exe%201');
});
