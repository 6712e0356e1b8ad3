import { Loader2 } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { relativeTime } from '../../../lib/relative-time';
import { useFlowExecutions } from '../flow-api';
import { formatDuration } from './node-runs';
import { SidePanel } from './side-panel';

export const STATUS_TONE: Record<string, string> = {
  queued: 'bg-muted text-muted-foreground',
  running: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
  waiting: 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  succeeded: 'bg-success-soft text-success',
  failed: 'bg-destructive-soft text-destructive',
  cancelled: 'bg-muted text-muted-foreground',
};

/** This flow's recent executions; picking one shows it on the canvas. */
export function ExecutionsList({
  flowId,
  currentId,
  onOpen,
  onClose,
}: {
  flowId: string;
  currentId: string | null;
  onOpen: (executionId: string) => void;
  onClose: () => void;
}) {
  const executions = useFlowExecutions(flowId, { enabled: true });
  return (
    <SidePanel label="Executions" title="Executions" onClose={onClose}>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {executions.isPending && <Skeleton className="h-12 w-full" />}
        {executions.error && <p className="p-2 text-destructive text-sm">Could not load the executions.</p>}
        {executions.data?.length === 0 && (
          <p className="py-8 text-center text-muted-foreground text-sm">
            No executions yet. Press Run to test the flow.
          </p>
        )}
        <ul className="grid gap-1">
          {executions.data?.map((execution) => (
            <li key={execution.id}>
              <button
                type="button"
                onClick={() => onOpen(execution.id)}
                className={cn(
                  'flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left hover:bg-accent',
                  execution.id === currentId && 'bg-accent',
                )}
              >
                <span className={cn('rounded-full px-2 py-0.5 font-medium text-[11px]', STATUS_TONE[execution.status])}>
                  {execution.status === 'running' && (
                    <Loader2 className="mr-1 inline size-3 animate-spin" aria-hidden="true" />
                  )}
                  {execution.status}
                </span>
                <span className="min-w-0 flex-1 truncate text-sm">
                  {execution.version === null ? 'Test run' : `v${execution.version}`} · {execution.mode}
                </span>
                <span className="shrink-0 text-muted-foreground text-xs">
                  {relativeTime(execution.createdAt)}
                  {execution.durationMs !== null && ` · ${formatDuration(execution.durationMs)}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </SidePanel>
  );
}
