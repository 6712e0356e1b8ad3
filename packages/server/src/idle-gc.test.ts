import { describe, expect, it } from 'vitest';
import { collectWhenIdle } from './idle-gc';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('collectWhenIdle', () => {
  it('collects once per quiet spell: again only after the event loop was busy', async () => {
    let collections = 0;
    const idle = collectWhenIdle({ checkMs: 50, collect: () => collections++ });
    try {
      await sleep(300);
      expect(collections).toBe(1);
      // Busy for a whole check interval, then quiet again.
      const until = performance.now() + 120;
      while (performance.now() < until) {}
      await sleep(300);
      expect(collections).toBe(2);
    } finally {
      idle.stop();
    }
  });

  it('runs V8’s full collection without --expose-gc', async () => {
    const before = (globalThis as { gc?: unknown }).gc;
    const idle = collectWhenIdle({ checkMs: 20 });
    await sleep(100);
    idle.stop();
    // Nothing is left exposed that was not.
    expect((globalThis as { gc?: unknown }).gc).toBe(before);
  });
});
