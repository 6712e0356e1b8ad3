/** Something to run again after a change: a live subscription's query. */
export type RefreshJob = {
  /** Whose turn it takes: users are served in rotation, so one user's many jobs cannot hold back the others'. */
  owner: string;
  run(): Promise<void>;
  /** Set once the job must never run again (unsubscribed, socket closed). */
  dead: boolean;
  queued: boolean;
  running: boolean;
  /** Marked while running: run once more afterwards, since the change may have come too late for this run. */
  again: boolean;
};

/**
 * Runs live queries with a bounded concurrency. Without a bound, one change to a topic that 300
 * subscriptions depend on started 300 queries at once, and the database (PGlite runs one query at
 * a time) answered HTTP requests only after all of them. Marking a job that is already waiting does
 * nothing and marking a running one runs it once more, so a topic published many times while its
 * queries wait costs one run per subscription.
 */
export function createRefreshQueue({ concurrency }: { concurrency: number }) {
  /** Waiting jobs per owner; Map order is the rotation (an owner served moves to the back). */
  const waiting = new Map<string, Set<RefreshJob>>();
  let running = 0;

  function enqueue(job: RefreshJob) {
    job.queued = true;
    let line = waiting.get(job.owner);
    if (!line) {
      line = new Set();
      waiting.set(job.owner, line);
    }
    line.add(job);
  }

  function take(): RefreshJob | null {
    for (const [owner, line] of waiting) {
      waiting.delete(owner);
      const [job] = line;
      if (!job) continue;
      line.delete(job);
      if (line.size > 0) waiting.set(owner, line);
      return job;
    }
    return null;
  }

  function pump() {
    while (running < concurrency) {
      const job = take();
      if (!job) return;
      job.queued = false;
      if (job.dead) continue;
      job.running = true;
      running += 1;
      job
        .run()
        .catch(() => {})
        .finally(() => {
          job.running = false;
          running -= 1;
          if (job.again && !job.dead) {
            job.again = false;
            enqueue(job);
          }
          pump();
        });
    }
  }

  return {
    mark(job: RefreshJob) {
      if (job.dead || job.queued) return;
      if (job.running) {
        job.again = true;
        return;
      }
      enqueue(job);
      pump();
    },
    /** Drops a job that will not run again (it may still finish a run in progress). */
    drop(job: RefreshJob) {
      job.dead = true;
      if (!job.queued) return;
      const line = waiting.get(job.owner);
      line?.delete(job);
      if (line && line.size === 0) waiting.delete(job.owner);
      job.queued = false;
    },
    get waiting() {
      let count = 0;
      for (const line of waiting.values()) count += line.size;
      return count;
    },
  };
}

export type RefreshQueue = ReturnType<typeof createRefreshQueue>;
