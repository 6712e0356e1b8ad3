import type { ExecutionMode, SaveExecutions } from '@flowmind/shared/flows';
import type { ExecutionRepository, ExecutionRow, SaveStep } from './execution.repository';
import type { ExecutionWriter } from './writer';

/**
 * A flow's "Save executions" setting covers the runs its published triggers start. Runs started
 * from the editor (manual, test, rerun) are always kept, since the editor shows them; so are
 * sub-flow runs, whose saved row is what keeps the calling step from starting them twice after a
 * crash.
 */
const GOVERNED_MODES: ReadonlySet<ExecutionMode> = new Set(['webhook', 'schedule', 'email', 'table', 'integration']);

/** Whether a run that ended with `status` is kept. */
export function keepsRun(policy: SaveExecutions, mode: string, status: 'succeeded' | 'failed' | 'cancelled') {
  if (policy === 'all' || !GOVERNED_MODES.has(mode as ExecutionMode)) return true;
  return policy === 'failures' && status === 'failed';
}

/** Whether every run is kept whatever its end (then it is saved as it goes, as always). */
export function keepsEveryRun(policy: SaveExecutions, mode: string) {
  return policy === 'all' || !GOVERNED_MODES.has(mode as ExecutionMode);
}

type Finish = Parameters<ExecutionWriter['finish']>[0];

/**
 * How a run's state is written: `durable` as it goes (a claimed row already saved); `deferred`, a
 * new inline run of a flow that keeps every run, held until it first needs to be durable; `memory`,
 * a new inline run its flow may not keep, held until its end (or a wait).
 */
export type StoreMode = 'durable' | 'deferred' | 'memory';

/** A deferred run held this long is written anyway: it shows as running, and survives a crash. */
const DEFER_MS = 250;

/**
 * Where one run's state goes. A durable run writes through the writer as it goes (its row, steps,
 * response, end), and one whose flow does not keep it is deleted at its end instead of finished.
 *
 * A new inline run (a webhook answered by a Respond step) starts held: its row and steps wait here,
 * so a quick flow is written once, at its end, as one batch (the row inserted already ended, its
 * steps, its counts). A `deferred` one (its flow keeps every run) is written as soon as it must be
 * durable: before an effectful step acts (its fenced "started" mark needs the row), at a wait, or
 * after 250 ms. Its caller is answered without waiting for that while nothing of it is written (it
 * has not acted outside itself): a server that stops in between loses the record of a run that
 * changed nothing. Once written, or when the writer is behind, the caller waits (`whenDurable`).
 *
 * A `memory` run (its flow does not keep every run) writes nothing while it runs: at its end it is
 * written in one go only if kept (a failure under "only failures"); otherwise nothing of it ever
 * was. It becomes durable only when it must outlive the call: a wait step parks it. Until then it
 * lives in this process only: a server that stops mid-run loses it, as the setting says, and nobody
 * else can take it over, so its effectful steps need no "started" mark and its lease no heartbeat.
 */
export function runStore({
  writer,
  repo,
  execution,
  mode,
  policy,
  leaseMs,
}: {
  writer: ExecutionWriter;
  repo: ExecutionRepository;
  execution: ExecutionRow;
  mode: StoreMode;
  policy: SaveExecutions;
  leaseMs: number;
}) {
  let held = mode !== 'durable';
  const steps = new Map<string, SaveStep>();
  let response: unknown;
  let durable: Promise<void> | null = held ? null : Promise.resolve();
  const whenWritten: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  if (mode === 'deferred') {
    timer = setTimeout(() => {
      timer = null;
      if (held) flush();
    }, DEFER_MS);
    timer.unref();
  }

  /** The run's row as it is written: with its response so far and a fresh lease. */
  const heldRow = () => ({ ...execution, response: response ?? null, leaseUntil: new Date(Date.now() + leaseMs) });

  /** From now on the run is saved as it goes; `durable` settles once `written` has. */
  function release(written: Promise<unknown>) {
    held = false;
    steps.clear();
    durable = written.then(() => {});
    durable.catch(() => {});
  }

  /** Writes what was held, in one batch with what follows in the same tick. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const written: Promise<unknown>[] = [writer.insert(heldRow())];
    for (const step of steps.values()) written.push(writer.saveStep(step));
    release(Promise.all(written));
    for (const callback of whenWritten.splice(0)) callback();
    return durable as Promise<void>;
  }

  return {
    /**
     * Nothing of this run is written yet. (A method, not a getter: an object literal with a getter
     * defines it through the runtime each time one is made, a cost every webhook call paid.)
     */
    isHeld() {
      return held;
    },
    /** Called once a held run is written (to start its heartbeat, tell listeners). */
    onWritten(callback: () => void) {
      if (held) whenWritten.push(callback);
    },
    saveStep(step: SaveStep, options?: { fence?: string }): Promise<boolean> {
      if (held && options?.fence !== undefined && mode === 'deferred') flush();
      if (!held) return writer.saveStep(step, options);
      steps.set(`${step.nodeId}:${step.runIndex}`, step);
      return Promise.resolve(true);
    },
    setResponse(value: unknown): Promise<boolean> {
      if (!held) return writer.setResponse(execution.id, value);
      response = value;
      return Promise.resolve(true);
    },
    /**
     * Resolves once the row is written, writing it now if the run is deferred (a caller is answered
     * only then); a run in memory needs nothing written.
     */
    whenDurable(): Promise<void> {
      if (held && mode === 'deferred') return flush();
      return durable ?? Promise.resolve();
    },
    /** Writes everything held so far and saves as it goes from now on. */
    async makeDurable(): Promise<void> {
      await (held ? flush() : durable);
    },
    waitStep(step: SaveStep, owner: string, until: Date) {
      return repo.waitStep(step, owner, until);
    },
    /** Ends the run: saved with its end when kept, deleted (or never written) when not. */
    finish(end: Finish): Promise<boolean> {
      const keep = keepsRun(policy, execution.mode, end.status);
      if (held) {
        if (timer) clearTimeout(timer);
        timer = null;
        if (!keep) {
          steps.clear();
          return Promise.resolve(true);
        }
        // Row, steps and end go as one: the row is inserted already ended, its steps in it. Nothing
        // of it runs any more, so what `onWritten` starts (a heartbeat) is not needed.
        whenWritten.length = 0;
        const ended = writer.insertEnded(heldRow(), [...steps.values()], end);
        release(ended);
        return ended;
      }
      return keep ? writer.finish(end) : writer.discard({ id: end.id, owner: end.owner });
    },
  };
}

export type RunStore = ReturnType<typeof runStore>;
