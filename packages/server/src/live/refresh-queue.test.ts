import { describe, expect, it } from 'vitest';
import { createRefreshQueue, type RefreshJob } from './refresh-queue';

/** A job whose runs are recorded and finish only when the test lets them. */
function job(owner: string, name: string, log: string[], open: Map<string, () => void>): RefreshJob {
  return {
    owner,
    dead: false,
    queued: false,
    running: false,
    again: false,
    startedAt: 0,
    held: null,
    run: () =>
      new Promise<void>((resolve) => {
        log.push(name);
        open.set(name, resolve);
      }),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function finish(open: Map<string, () => void>, name: string) {
  open.get(name)?.();
  open.delete(name);
  await settle();
  await settle();
}

describe('refresh queue', () => {
  it('runs at most `concurrency` jobs at once, and users in turn', async () => {
    const queue = createRefreshQueue({ concurrency: 1, minIntervalMs: 0 });
    const log: string[] = [];
    const open = new Map<string, () => void>();
    const busy = ['a1', 'a2', 'a3'].map((name) => job('a', name, log, open));
    const quiet = job('b', 'b1', log, open);
    for (const j of busy) queue.mark(j);
    queue.mark(quiet);
    await settle();
    expect(log).toEqual(['a1']);
    await finish(open, 'a1');
    // The other user's one job comes before the first user's second.
    expect(log).toEqual(['a1', 'b1']);
    await finish(open, 'b1');
    await finish(open, 'a2');
    await finish(open, 'a3');
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('runs a job marked many times while waiting once, and once more if marked while running', async () => {
    const queue = createRefreshQueue({ concurrency: 1, minIntervalMs: 0 });
    const log: string[] = [];
    const open = new Map<string, () => void>();
    const blocker = job('a', 'blocker', log, open);
    const often = job('b', 'often', log, open);
    queue.mark(blocker);
    await settle();
    for (let i = 0; i < 50; i++) queue.mark(often);
    await finish(open, 'blocker');
    expect(log).toEqual(['blocker', 'often']);
    for (let i = 0; i < 50; i++) queue.mark(often);
    await finish(open, 'often');
    await finish(open, 'often');
    expect(log).toEqual(['blocker', 'often', 'often']);
  });

  it('never runs a dropped job again', async () => {
    const queue = createRefreshQueue({ concurrency: 1, minIntervalMs: 0 });
    const log: string[] = [];
    const open = new Map<string, () => void>();
    const blocker = job('a', 'blocker', log, open);
    const gone = job('b', 'gone', log, open);
    queue.mark(blocker);
    await settle();
    queue.mark(gone);
    queue.drop(gone);
    queue.mark(gone);
    await finish(open, 'blocker');
    expect(log).toEqual(['blocker']);
    expect(queue.waiting).toBe(0);
  });
});
