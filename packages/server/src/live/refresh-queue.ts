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
  /** When its last run started (0: never), and the timer holding it back until its next may start. */
  startedAt: number;
  held: NodeJS.Timeout | null;
};

/**
 * Runs live queries with a bounded concurrency. Without a bound, one change to a topic that 300
 * subscriptions depend on started 300 queries at once, and the database (its pool runs ten queries
 * at a time) answered HTTP requests only after all of them. Marking a job that is already waiting does
 * nothing and marking a running one runs it once more, so a topic published many times while its
 * queries wait costs one run per subscription. A job runs at most once per `minIntervalMs`: a
 * change soon after a run waits out the rest of it, so a busy topic (an execution reporting each
 * step) costs a few runs a second, however many changes it makes, and a few messages per socket.
 */
export function createRefreshQueue({ concurrency, minIntervalMs }: { concurrency: number; minIntervalMs: number }) {
  /** Waiting jobs per owner; Map order is the rotation (an owner served moves to the back). */
  const waiting = new Map<string, Set<RefreshJob>>();
  let running = 0;
  let pumpScheduled = false;

  /**
   * Starts the next jobs from the event loop's check phase, not from the promise that just
   * settled: a query whose result comes back as a microtask would start the next at once, so jobs
   * started one from another could keep the loop from reaching the sockets (HTTP waited seconds).
   */
  function later() {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

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
      job.startedAt = Date.now();
      running += 1;
      job
        .run()
        .catch(() => {})
        .finally(() => {
          job.running = false;
          running -= 1;
          if (job.again) {
            job.again = false;
            mark(job);
          }
          later();
        });
    }
  }

  function mark(job: RefreshJob) {
    if (job.dead || job.queued || job.held) return;
    if (job.running) {
      job.again = true;
      return;
    }
    const wait = job.startedAt + minIntervalMs - Date.now();
    if (job.startedAt > 0 && wait > 0) {
      job.held = setTimeout(() => {
        job.held = null;
        mark(job);
      }, wait);
      job.held.unref();
      return;
    }
    enqueue(job);
    later();
  }

  return {
    mark,
    /** Drops a job that will not run again (it may still finish a run in progress). */
    drop(job: RefreshJob) {
      job.dead = true;
      if (job.held) clearTimeout(job.held);
      job.held = null;
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
