import { describe, expect, it } from 'vitest';
import { waitFor } from '../../test/wait';
import { startTicker } from './ticker';

describe('startTicker', () => {
  it('ticks again after a failed tick, one at a time, logging the failure, and stops', async () => {
    const warned: string[] = [];
    let running = 0;
    let most = 0;
    let ticks = 0;
    const ticker = startTicker({
      intervalMs: 5,
      logger: { warn: (_context: unknown, message: string) => void warned.push(message) } as never,
      failed: 'tick failed',
      async tick() {
        running += 1;
        most = Math.max(most, running);
        ticks += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        if (ticks === 1) throw new Error('the database went away');
      },
    });
    await waitFor(
      async () => ticks,
      (count) => count >= 3,
    );
    ticker.stop();
    const atStop = ticks;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticks).toBeLessThanOrEqual(atStop + 1);
    expect(warned).toEqual(['tick failed']);
    expect(most).toBe(1);
  });
});
