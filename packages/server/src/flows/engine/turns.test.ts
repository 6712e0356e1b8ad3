import { describe, expect, it } from 'vitest';
import { createTurns } from './turns';

const setup = (limit = 2) => {
  const woken: string[] = [];
  const turns = createTurns({ limit, wakeExecution: (id) => woken.push(id) });
  return { turns, woken };
};

describe('turns of an account', () => {
  it('gives turns up to the limit, per account', () => {
    const { turns } = setup(2);
    expect([turns.tryTake('a'), turns.tryTake('a'), turns.tryTake('a')]).toEqual([true, true, false]);
    expect(turns.tryTake('b')).toBe(true);
    expect(turns.running('a')).toBe(2);
  });

  it('hands a released turn to the calls waiting, in arrival order, and counts it for them', async () => {
    const { turns } = setup(1);
    turns.tryTake('a');
    const order: number[] = [];
    const first = turns.waitFor('a', 5000).then((ok) => order.push(1) && ok);
    const second = turns.waitFor('a', 5000).then((ok) => order.push(2) && ok);
    await Promise.resolve();
    expect(turns.running('a')).toBe(1);
    turns.release('a');
    expect(await first).toBe(true);
    expect(turns.running('a')).toBe(1);
    turns.release('a');
    expect(await second).toBe(true);
    expect(order).toEqual([1, 2]);
  });

  it('keeps new arrivals behind those waiting, even when a turn is free', async () => {
    const { turns } = setup(1);
    turns.tryTake('a');
    const waiting = turns.waitFor('a', 5000);
    turns.release('a');
    // The free turn went to the one waiting, not to a newcomer.
    expect(turns.tryTake('a')).toBe(false);
    expect(await waiting).toBe(true);
  });

  it('gives up after the wait and leaves the line', async () => {
    const { turns } = setup(1);
    turns.tryTake('a');
    expect(await turns.waitFor('a', 10)).toBe(false);
    turns.release('a');
    expect(turns.running('a')).toBe(0);
    expect(turns.tryTake('a')).toBe(true);
  });

  it('wakes queued executions in turn, a woken one refused again keeping the front', () => {
    const { turns, woken } = setup(1);
    turns.tryTake('a');
    turns.queueExecution('a', 'exe1', false);
    turns.queueExecution('a', 'exe2', false);
    turns.queueExecution('a', 'exe1', false); // already in line: not twice
    turns.release('a');
    expect(woken).toEqual(['exe1']);
    turns.queueExecution('a', 'exe1', true);
    turns.wakeNext('a');
    expect(woken).toEqual(['exe1', 'exe1']);
    turns.wakeNext('a');
    expect(woken).toEqual(['exe1', 'exe1', 'exe2']);
  });

  it('hands out nothing once stopped', () => {
    let stopped = false;
    const woken: string[] = [];
    const turns = createTurns({ limit: 1, wakeExecution: (id) => woken.push(id), isStopped: () => stopped });
    turns.tryTake('a');
    turns.queueExecution('a', 'exe1', false);
    stopped = true;
    turns.release('a');
    expect(woken).toEqual([]);
  });
});
