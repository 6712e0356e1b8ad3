import type { ExecutionMode, SaveExecutions } from '@flowmind/shared/flows';
import type { ExecutionRepository, ExecutionRow, SaveStep } from './execution.repository';
import type { ExecutionWriter } from './writer';

/**
 * A flow's "Save executions" setting covers the runs its published triggers start. Runs started
 * from the editor (manual, test, rerun) are always kept, since the editor shows them; so are
 * sub-flow runs, whose saved row is what keeps the calling step from starting them twice after a
 * crash.
 */
const GOVERNED_MODES: ReadonlySet<ExecutionMode> = new Set(['webhook', 'schedule', 'email', 'table']);

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
 * Where one run's state goes. A durable run writes through the writer as it goes (its row, steps,
 * response, end), and one whose flow does not keep it is deleted at its end instead of finished.
 *
 * An in-memory run (a webhook answered inline, of a flow that does not keep every run) writes
 * nothing while it runs: its row and steps are held here. At its end they are written in one go
 * only if the flow keeps it (a failure under "only failures"); otherwise nothing of it was ever
 * written. It becomes durable (everything held written, then saved as it goes) when it must
 * outlive this call: a wait step parks it. Until then it lives in this process only: a server that
 * stops mid-run loses it, as the setting says, and nobody else can take it over, so its effectful
 * steps need no "started" mark and its lease no heartbeat.
 */
export function runStore({
  writer,
  repo,
  execution,
  inMemory,
  policy,
  leaseMs,
  onDurable,
}: {
  writer: ExecutionWriter;
  repo: ExecutionRepository;
  execution: ExecutionRow;
  inMemory: boolean;
  policy: SaveExecutions;
  leaseMs: number;
  /** Called once an in-memory run has become durable (to start its heartbeat). */
  onDurable?: () => void;
}) {
  let memory = inMemory;
  const steps = new Map<string, SaveStep>();
  let response: unknown;

  /** Writes what was held, in one batch with what follows in the same tick. */
  function flush(): Promise<unknown>[] {
    memory = false;
    const row = { ...execution, response: response ?? null, leaseUntil: new Date(Date.now() + leaseMs) };
    const written: Promise<unknown>[] = [writer.insert(row)];
    for (const step of steps.values()) written.push(writer.saveStep(step));
    steps.clear();
    return written;
  }

  return {
    /** Nothing of this run is written yet. */
    get inMemory() {
      return memory;
    },
    saveStep(step: SaveStep, options?: { fence?: string }): Promise<boolean> {
      if (!memory) return writer.saveStep(step, options);
      steps.set(`${step.nodeId}:${step.runIndex}`, step);
      return Promise.resolve(true);
    },
    setResponse(value: unknown): Promise<boolean> {
      if (!memory) return writer.setResponse(execution.id, value);
      response = value;
      return Promise.resolve(true);
    },
    /** Writes everything held so far and saves as it goes from now on. */
    async makeDurable(): Promise<void> {
      if (!memory) return;
      await Promise.all(flush());
      onDurable?.();
    },
    waitStep(step: SaveStep, owner: string, until: Date) {
      return repo.waitStep(step, owner, until);
    },
    /** Ends the run: saved with its end when kept, deleted (or never written) when not. */
    finish(end: Finish): Promise<boolean> {
      const keep = keepsRun(policy, execution.mode, end.status);
      if (memory) {
        if (!keep) {
          steps.clear();
          return Promise.resolve(true);
        }
        // Row, steps and end go in one batch: the row is inserted already ended.
        const written = flush();
        const ended = writer.finish(end);
        return Promise.all(written).then(() => ended);
      }
      return keep ? writer.finish(end) : writer.discard({ id: end.id, owner: end.owner });
    },
  };
}

export type RunStore = ReturnType<typeof runStore>;
