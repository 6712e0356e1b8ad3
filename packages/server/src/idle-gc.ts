import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = () => void;

/** V8's `gc()`, whether or not node runs with --expose-gc. */
function fullGc(): Collect {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return exposed;
  // A context made while the flag is on has `gc` among its globals; the flag is then put back.
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as Collect;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/**
 * One full garbage collection each time the process goes quiet. V8 collects when allocation asks
 * for it, so a server that goes idle after a burst of work keeps the burst's garbage (tens of MiB
 * in the old generation) and its young generation at the size the burst grew it to (32 MiB) until
 * work comes again. A full collection while nothing waits returns both; it takes tens of
 * milliseconds, once per quiet spell: checked every `checkMs`, a spell is a check interval in
 * which the event loop was busy less than `idleUtilization` of the time (timers and polling keep
 * an idle server's loop busy a few percent on a loaded machine; a server at work is far above).
 */
export function collectWhenIdle({
  checkMs = 10_000,
  idleUtilization = 0.1,
  collect = fullGc(),
}: {
  checkMs?: number;
  idleUtilization?: number;
  collect?: Collect;
} = {}): { stop(): void } {
  let last = performance.eventLoopUtilization();
  let collected = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (busy >= idleUtilization) {
      collected = false;
      return;
    }
    if (collected) return;
    collected = true;
    collect();
  }, checkMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
