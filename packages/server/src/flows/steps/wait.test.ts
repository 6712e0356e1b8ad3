import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testContext } from './test-context';
import { waitStep } from './wait';

const items = [{ id: 1 }];
const run = (params: Record<string, unknown>) => waitStep.run(testContext({ type: 'wait', params, items }));
const NOW = new Date('2026-11-23T12:00:00Z');

describe('wait step', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a duration in its unit', async () => {
    expect(await run({ mode: 'duration', amount: 90, unit: 'seconds' })).toEqual({
      waitUntil: new Date('2026-11-23T12:01:30Z'),
    });
    expect(await run({ amount: '2', unit: 'days' })).toEqual({ waitUntil: new Date('2026-11-25T12:00:00Z') });
    expect(await run({})).toEqual({ waitUntil: new Date('2026-11-23T12:01:00Z') });
  });

  it('goes on at once for a zero duration or a time already past', async () => {
    expect(await run({ mode: 'duration', amount: 0, unit: 'hours' })).toEqual({ outputs: { main: items } });
    expect(await run({ mode: 'until', until: '2026-11-23T11:59:59Z' })).toEqual({ outputs: { main: items } });
  });

  it('waits until a time in any form Date reads', async () => {
    expect(await run({ mode: 'until', until: '2026-12-01T09:00:00+01:00' })).toEqual({
      waitUntil: new Date('2026-12-01T08:00:00Z'),
    });
    expect(await run({ mode: 'until', until: 'December 24, 2026 10:00 UTC' })).toEqual({
      waitUntil: new Date('2026-12-24T10:00:00Z'),
    });
  });

  it('names what is wrong', async () => {
    await expect(run({ mode: 'until', until: 'next tuesday' })).rejects.toThrow(
      'Wait until: "next tuesday" is not a date',
    );
    await expect(run({ mode: 'until', until: '' })).rejects.toThrow('Until is required');
    await expect(run({ mode: 'duration', amount: -1 })).rejects.toThrow('Amount must be at least 0');
    await expect(run({ mode: 'duration', amount: 'soon' })).rejects.toThrow('Amount must be a number');
  });
});
