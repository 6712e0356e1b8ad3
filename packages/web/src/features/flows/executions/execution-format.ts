import type { Execution, ExecutionMode, ExecutionStatus } from '@flowmind/shared/flows';

export const EXECUTION_STATUS_LABELS: Record<ExecutionStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  waiting: 'Waiting',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const EXECUTION_MODE_LABELS: Record<ExecutionMode, string> = {
  manual: 'Manual',
  test: 'Test run',
  webhook: 'Webhook',
  schedule: 'Schedule',
  email: 'Email',
  table: 'Table record',
  integration: 'Integration',
  subflow: 'Sub-flow',
  rerun: 'Re-run',
};

/** "850 ms", "2.4 s", "1 min 5 s", "2 h 3 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = Math.round(seconds - minutes * 60);
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes - hours * 60;
  return restMinutes ? `${hours} h ${restMinutes} min` : `${hours} h`;
}

/** How long an execution took, or has been going so far ("12 s so far"); empty before it starts. */
export function executionDuration(execution: Execution, now = Date.now()): string {
  if (execution.durationMs !== null) return formatDuration(execution.durationMs);
  if (!execution.startedAt) return '';
  const end = execution.finishedAt ? new Date(execution.finishedAt).getTime() : now;
  const elapsed = formatDuration(end - new Date(execution.startedAt).getTime());
  return elapsed && !execution.finishedAt ? `${elapsed} so far` : elapsed;
}

export const canCancel = (status: ExecutionStatus) =>
  status === 'queued' || status === 'running' || status === 'waiting';

/** Newest first; ties (same millisecond) by id so the order never flickers. */
export function byNewest(a: Execution, b: Execution): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

/**
 * The rows to show: the live window (fresher, so it wins for an execution in both) joined with older pages
 * read over HTTP, filtered and newest first. Both are newest-first prefixes of the same history, so the join
 * has no gaps.
 */
export function mergeExecutions({
  live,
  older,
  status,
  flowId,
}: {
  live: readonly Execution[];
  older: readonly Execution[];
  status: ExecutionStatus | null;
  flowId: string | null;
}): Execution[] {
  const byId = new Map<string, Execution>();
  for (const execution of older) byId.set(execution.id, execution);
  for (const execution of live) byId.set(execution.id, execution);
  return [...byId.values()]
    .filter((execution) => (!status || execution.status === status) && (!flowId || execution.flowId === flowId))
    .sort(byNewest);
}

/** The editor opens an execution from its query string. */
export const executionHref = (execution: Pick<Execution, 'id' | 'flowId'>) =>
  `/flows/${encodeURIComponent(execution.flowId)}?execution=${encodeURIComponent(execution.id)}`;
