import type { SaveStep } from './execution.repository';
import { LostClaim } from './run-signal';
import type { RunStore } from './run-store';

/**
 * A walk's step writes. Those not waited for are still watched: the walk hands them over at its
 * end, and a failed write fails the execution then.
 */
export function stepSaves(store: RunStore) {
  const unawaited: Promise<boolean>[] = [];
  return {
    unawaited,
    /** Writes a step; `wait` when the execution must not go on before it is written. */
    save(step: SaveStep, wait: boolean): Promise<boolean> {
      const written = store.saveStep(step);
      if (wait) return written;
      unawaited.push(written);
      written.catch(() => {});
      return Promise.resolve(true);
    },
  };
}

/**
 * Writes that an attempt of an effectful step starts and waits until it is committed: a worker
 * taking over after a crash then knows the step may have acted.
 */
export async function markStarted(store: RunStore, step: SaveStep, owner: string) {
  let held: boolean;
  try {
    held = await store.saveStep(step, { fence: owner });
  } catch {
    // The database's own words stay in the server log (the writer logs them).
    throw new Error('Flowmind could not save that this step started, so it did not run it');
  }
  // Another worker took the execution over meanwhile (this one was paused past its lease): it
  // runs the step, not this one.
  if (!held) throw new LostClaim('claim lost before an effectful step');
}
