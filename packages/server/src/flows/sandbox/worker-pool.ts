import { Worker } from 'node:worker_threads';
import type { StepLog } from '@flowmind/shared/flows';
import { sandboxWorkerUrl } from '../../paths';
import type { CodeRequest, ExpressionRequest, WorkerReply, WorkerSetup } from './worker-protocol';

type Done = Extract<WorkerReply, { type: 'code-done' | 'expression-done' }>;

/** Why a job ended without an answer from its worker. */
export type StopReason = 'timeout' | 'crashed' | 'aborted' | 'closed';

export class JobStopped extends Error {
  constructor(
    readonly reason: StopReason,
    /** Wall-clock time the job held a worker. */
    readonly ms: number,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

export type Job = {
  kind: 'code' | 'expression';
  /** The account whose code it is (code jobs): one account may not take every code worker. */
  tenant?: string;
  /** The request as it is sent to this worker (an expression sends what this worker lacks). */
  prepare(slot: WorkerSlot): Omit<CodeRequest, 'id'> | Omit<ExpressionRequest, 'id'>;
  /** After this long on a worker, the worker is killed. */
  hardMs: number;
  /** Runs on this worker when it is free (where the job's expression session lives). */
  prefer?: WorkerSlot;
  signal?: AbortSignal;
  onLog?: (level: StepLog['level'], message: string) => void;
};

type Pending = Job & {
  resolve(done: Done): void;
  reject(error: JobStopped): void;
  onAbort(): void;
  started?: number;
};

/**
 * A job stopped this close to its hard limit keeps its worker until it ends by itself: a new
 * worker costs more than the wait.
 */
const LET_FINISH_MS = 2_000;

/**
 * A worker with nothing to do for this long ends: each holds its own V8 isolate and QuickJS
 * instances (15 to 20 MiB), and a new one starts in a fraction of a second when work comes.
 */
export const WORKER_IDLE_MS = 30_000;

/** One worker thread; a new slot replaces it once it is killed or dies. */
export class WorkerSlot {
  ready = false;
  dead = false;
  job: (Pending & { id: number }) | null = null;
  timer: NodeJS.Timeout | undefined;
  /** Ends the worker once it has been idle for the pool's idle time. */
  idleTimer: NodeJS.Timeout | undefined;
  constructor(readonly worker: Worker) {}
  send(message: CodeRequest | ExpressionRequest | { type: 'end-session'; session: number }) {
    if (!this.dead) this.worker.postMessage(message);
  }
}

/**
 * Worker threads that run sandbox jobs one at a time each, so a spinning script costs a worker and
 * never the thread that serves HTTP. Workers start when jobs come (up to `size`, with one spare
 * while any is busy) and end after `idleMs` without a job, so an idle server holds none. A job that overruns its hard limit
 * has its worker terminated; the others keep theirs. Code jobs may hold all workers but one, so
 * expressions always find a worker within about a second, and one account's code all code workers
 * but one, so another account's code step never waits behind a tenant's runaway scripts.
 */
export function createWorkerPool({
  size,
  setup,
  idleMs = WORKER_IDLE_MS,
}: {
  size: number;
  setup: WorkerSetup;
  /** How long a worker without a job lives on. */
  idleMs?: number;
}) {
  const slots: WorkerSlot[] = [];
  const queue: Pending[] = [];
  let codeRunning = 0;
  /** Code jobs running per account. */
  const tenantRunning = new Map<string, number>();
  let nextId = 1;
  let closed = false;
  const codeSlots = Math.max(1, size - 1);
  const tenantSlots = Math.max(1, codeSlots - 1);
  const countTenant = (job: Pending, change: 1 | -1) => {
    if (job.kind !== 'code' || job.tenant === undefined) return;
    const running = (tenantRunning.get(job.tenant) ?? 0) + change;
    if (running > 0) tenantRunning.set(job.tenant, running);
    else tenantRunning.delete(job.tenant);
  };

  const spawn = (): WorkerSlot => {
    const slot = new WorkerSlot(
      new Worker(sandboxWorkerUrl, {
        workerData: setup,
        name: 'flowmind-sandbox',
        // The main thread's stack size: native recursion in QuickJS (JSON of a deeply nested
        // object) then overflows the host's stack as it does there, which the sandbox reports as
        // too deep recursion, instead of running on in a deeper stack until its deadline.
        resourceLimits: { stackSizeMb: 1 },
      }),
    );
    // Idle workers do not keep the process alive; a running job does, through its timer.
    slot.worker.unref();
    slot.worker.on('message', (reply: WorkerReply) => onReply(slot, reply));
    slot.worker.on('error', (error) => lose(slot, 'crashed', error.message));
    slot.worker.on('exit', (code) => lose(slot, 'crashed', `the worker exited with code ${code}`));
    return slot;
  };

  /**
   * Starts workers, up to `size`, for the jobs that could run now but find none free, and one
   * spare while any worker is busy, so that a job arriving meanwhile does not wait for a start.
   */
  const startWorkers = () => {
    if (closed) return;
    let codeRoom = codeSlots - codeRunning;
    let wanted = slots.some((slot) => slot.job) ? 1 : 0;
    for (const job of queue) {
      if (job.kind === 'expression') wanted++;
      else if (codeRoom > 0 && eligible(job)) {
        wanted++;
        codeRoom--;
      }
    }
    // Workers without a job: starting, or ready and idle.
    wanted -= slots.filter((slot) => !slot.job).length;
    for (; wanted > 0 && slots.length < size; wanted--) slots.push(spawn());
  };

  /** Ends a worker that has had no job for `idleMs`. */
  const retire = (slot: WorkerSlot) => {
    if (slot.job || slot.dead) return;
    slot.dead = true;
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    void slot.worker.terminate();
  };

  const onReply = (slot: WorkerSlot, reply: WorkerReply) => {
    if (reply.type === 'ready') {
      slot.ready = true;
      pump();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    if (reply.type === 'log') {
      job.onLog?.(reply.level, reply.message);
      return;
    }
    finish(slot);
    job.resolve(reply);
    pump();
  };

  /** Frees the slot of its job (the job is settled by the caller). */
  const finish = (slot: WorkerSlot) => {
    const job = slot.job;
    if (!job) return;
    clearTimeout(slot.timer);
    job.signal?.removeEventListener('abort', job.onAbort);
    if (job.kind === 'code') codeRunning--;
    countTenant(job, -1);
    slot.job = null;
  };

  /** The worker is gone (killed or died): its job ends, a new worker takes its place. */
  const lose = (slot: WorkerSlot, reason: StopReason, detail?: string) => {
    if (slot.dead) return;
    slot.dead = true;
    const job = slot.job;
    finish(slot);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    if (job) job.reject(new JobStopped(reason, performance.now() - (job.started ?? performance.now()), detail));
    if (!slot.ready && reason === 'crashed' && !slots.some((other) => other.ready)) {
      // No worker could start (a broken install): fail what waits rather than respawn in a loop.
      for (const waiting of queue.splice(0)) waiting.reject(new JobStopped('crashed', 0, detail));
      return;
    }
    // A new worker starts if jobs wait for one.
    if (!closed) pump();
  };

  const run = (slot: WorkerSlot, job: Pending) => {
    const id = nextId++;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.job = Object.assign(job, { id, started: performance.now() });
    if (job.kind === 'code') codeRunning++;
    countTenant(job, 1);
    slot.timer = setTimeout(() => lose(slot, 'timeout'), job.hardMs);
    try {
      slot.send({ ...job.prepare(slot), id } as CodeRequest | ExpressionRequest);
    } catch (error) {
      // Data that cannot be copied to a worker (it never started on it).
      finish(slot);
      job.reject(new JobStopped('crashed', 0, error instanceof Error ? error.message : String(error)));
      queueMicrotask(pump);
    }
  };

  const eligible = (job: Pending) =>
    job.kind === 'expression' ||
    (codeRunning < codeSlots && (job.tenant === undefined || (tenantRunning.get(job.tenant) ?? 0) < tenantSlots));

  function pump() {
    for (const slot of [...slots]) {
      if (!slot.ready || slot.job) continue;
      let index = queue.findIndex((job) => job.prefer === slot && eligible(job));
      if (index < 0) index = queue.findIndex(eligible);
      if (index < 0) break;
      const [job] = queue.splice(index, 1);
      run(slot, job!);
    }
    startWorkers();
    for (const slot of slots)
      if (slot.ready && !slot.job && !slot.idleTimer) {
        slot.idleTimer = setTimeout(() => retire(slot), idleMs);
        slot.idleTimer.unref();
      }
  }

  return {
    size,
    submit(job: Job): Promise<Done> {
      if (closed) return Promise.reject(new JobStopped('closed', 0));
      if (job.signal?.aborted) return Promise.reject(new JobStopped('aborted', 0));
      return new Promise<Done>((resolve, reject) => {
        const pending: Pending = {
          ...job,
          resolve,
          reject,
          onAbort() {
            const waiting = queue.indexOf(pending);
            if (waiting >= 0) {
              queue.splice(waiting, 1);
              reject(new JobStopped('aborted', 0));
              return;
            }
            const slot = slots.find((s) => s.job === pending);
            if (!slot) return;
            const elapsed = performance.now() - (pending.started ?? 0);
            if (pending.hardMs - elapsed > LET_FINISH_MS) lose(slot, 'aborted');
            // Its answer, when it comes, frees the worker and is ignored: the promise is settled.
            else reject(new JobStopped('aborted', elapsed));
          },
        };
        job.signal?.addEventListener('abort', pending.onAbort, { once: true });
        queue.push(pending);
        pump();
      });
    },
    /** Frees a session's VM in the workers that hold one. */
    endSession(session: number, where: Iterable<WorkerSlot>) {
      for (const slot of where) slot.send({ type: 'end-session', session });
    },
    /** Workers alive now, started or starting (tests kill one to see it replaced). */
    workers: () => slots.map((slot) => slot.worker),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new JobStopped('closed', 0));
      const gone = slots.splice(0);
      for (const slot of gone) lose(slot, 'closed');
      await Promise.all(gone.map((slot) => slot.worker.terminate()));
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
