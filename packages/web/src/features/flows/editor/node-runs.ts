import type { ExecutionDetail, ExecutionStep, StepStatus } from '@flowmind/shared/flows';

/** How one step fared in an execution, for its card on the canvas. */
export type NodeRun = {
  status: StepStatus;
  /** Items that left on each output handle, summed over every time the step ran (loops run steps again). */
  counts: Record<string, number>;
  runs: number;
  durationMs: number | null;
  error: string | null;
  /** The step's latest run. */
  step: ExecutionStep;
};

export function nodeRuns(execution: ExecutionDetail | null | undefined): Map<string, NodeRun> {
  const runs = new Map<string, NodeRun>();
  if (!execution) return runs;
  const ordered = [...execution.steps].sort(
    (a, b) => a.runIndex - b.runIndex || a.startedAt.localeCompare(b.startedAt),
  );
  for (const step of ordered) {
    const previous = runs.get(step.nodeId);
    const counts = { ...(previous?.counts ?? {}) };
    for (const [handle, items] of Object.entries(step.output ?? {}))
      counts[handle] = (counts[handle] ?? 0) + items.length;
    runs.set(step.nodeId, {
      status: step.status,
      counts,
      runs: (previous?.runs ?? 0) + 1,
      durationMs: (previous?.durationMs ?? 0) + (step.durationMs ?? 0) || step.durationMs,
      error: step.error,
      step,
    });
  }
  // A long execution's detail holds only each step's last run: its totals come from the server.
  for (const summary of execution.nodes ?? []) {
    const run = runs.get(summary.nodeId);
    if (run) Object.assign(run, { counts: summary.counts, runs: summary.runs, durationMs: summary.durationMs });
  }
  return runs;
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export const itemsLabel = (count: number) => `${count} item${count === 1 ? '' : 's'}`;
