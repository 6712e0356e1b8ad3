import { type ExecutionDetail, FINISHED_STATUSES } from '@flowmind/shared/flows';
import { AlertTriangle, ExternalLink, Loader2, Square, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { alerts } from '../../../shell/alert-store';
import { flowApi } from '../flow-api';
import { STATUS_TONE } from './executions-list';
import { formatDuration } from './node-runs';

/** Ticks while an execution runs, so its duration counts up. */
function useElapsed(execution: ExecutionDetail | null): number | null {
  const [now, setNow] = useState(Date.now());
  const finished = !execution || FINISHED_STATUSES.includes(execution.status);
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [finished]);
  if (!execution) return null;
  if (execution.durationMs !== null) return execution.durationMs;
  if (!execution.startedAt) return null;
  return Math.max(0, now - new Date(execution.startedAt).getTime());
}

/** The bar under the canvas while a run is followed: status, time, the error in words, Cancel. */
export function RunBar({
  execution,
  loading,
  error,
  onCancel,
  onOpen,
  onDismiss,
  onFocusNode,
}: {
  execution: ExecutionDetail | null;
  loading: boolean;
  error?: string | null;
  onCancel?: () => void;
  onOpen?: () => void;
  onDismiss?: () => void;
  onFocusNode: (nodeId: string) => void;
}) {
  const elapsed = useElapsed(execution);
  const finished = execution ? FINISHED_STATUSES.includes(execution.status) : false;
  return (
    <div
      role="status"
      aria-label="Run"
      className="pointer-events-auto flex w-full max-w-xl flex-wrap items-center gap-2 rounded-xl border bg-popover px-3 py-2 shadow-lg"
    >
      {!execution && error ? (
        <span className="flex flex-1 items-center gap-2 text-destructive text-sm">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" /> {error}
          {onDismiss && (
            <button
              type="button"
              onClick={onDismiss}
              aria-label="Close run"
              className="ml-auto rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </span>
      ) : !execution ? (
        <span className="flex items-center gap-2 text-muted-foreground text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {loading ? 'Starting the run…' : 'Loading…'}
        </span>
      ) : (
        <>
          <span
            data-testid="run-status"
            className={cn('rounded-full px-2 py-0.5 font-medium text-xs', STATUS_TONE[execution.status])}
          >
            {!finished && <Loader2 className="mr-1 inline size-3 animate-spin" aria-hidden="true" />}
            {execution.status}
          </span>
          <span className="text-muted-foreground text-xs">{formatDuration(elapsed)}</span>
          <span className="text-muted-foreground text-xs">{stepsRan(execution)}</span>
          <span className="ml-auto flex items-center gap-1">
            {!finished && onCancel && (
              <Button variant="outline" size="sm" onClick={onCancel}>
                <Square /> Cancel
              </Button>
            )}
            {onOpen && (
              <Button variant="ghost" size="sm" onClick={onOpen}>
                <ExternalLink /> Details
              </Button>
            )}
            {onDismiss && (
              <button
                type="button"
                onClick={onDismiss}
                aria-label="Close run"
                className="rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </span>
          {execution.error && (
            <button
              type="button"
              onClick={() => execution.error?.nodeId && onFocusNode(execution.error.nodeId)}
              className="flex w-full items-start gap-1.5 text-left text-destructive text-xs"
            >
              <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              <span>
                {execution.error.nodeName && <strong>{execution.error.nodeName}: </strong>}
                {execution.error.message}
              </span>
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** "4 steps ran", and how many times in all when loops ran some of them again. */
function stepsRan(execution: ExecutionDetail): string {
  const steps = execution.nodes?.length || new Set(execution.steps.map((step) => step.nodeId)).size;
  const runs = execution.stepsTotal ?? execution.steps.length;
  const text = `${steps} step${steps === 1 ? '' : 's'} ran`;
  return runs > steps ? `${text} (${runs.toLocaleString()} runs)` : text;
}

/** The run bar as the editor places it, under the canvas: Cancel asks the server, a failed load says so. */
export function EditorRunBar({
  execution,
  loading,
  loadError,
  onOpen,
  onDismiss,
  onFocusNode,
}: {
  execution: ExecutionDetail | null;
  loading: boolean;
  loadError: unknown;
  onOpen?: () => void;
  onDismiss: () => void;
  onFocusNode: (nodeId: string) => void;
}) {
  return (
    <div className="pointer-events-none absolute inset-x-3 bottom-3 z-10 flex justify-center sm:bottom-4">
      <RunBar
        execution={execution}
        loading={loading}
        error={loadError && !execution ? errorMessage(loadError, 'Could not load this execution') : null}
        onCancel={
          execution
            ? () =>
                void flowApi
                  .cancelExecution(execution.id)
                  .catch((failure) => alerts.error(errorMessage(failure, 'Could not cancel')))
            : undefined
        }
        onOpen={onOpen}
        onDismiss={onDismiss}
        onFocusNode={onFocusNode}
      />
    </div>
  );
}
