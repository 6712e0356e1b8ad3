import type { Execution } from '@flowmind/shared/flows';
import { Ban, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { relativeTime } from '../../../lib/relative-time';
import { modeIcon } from '../list/trigger-icon';
import { canCancel, EXECUTION_MODE_LABELS, executionDuration, executionHref } from './execution-format';
import { ExecutionStatusBadge } from './execution-status';
import { useNow } from './use-now';

export type ExecutionActions = {
  cancel: (execution: Execution) => void;
  rerun: (execution: Execution) => void;
  /** Ids with a cancel or re-run under way. */
  pendingIds: ReadonlySet<string>;
};

const COLUMNS = {
  status: 'lg:w-28 lg:shrink-0',
  mode: 'lg:w-28 lg:shrink-0',
  started: 'lg:w-32 lg:shrink-0',
  duration: 'lg:w-24 lg:shrink-0',
  actions: 'lg:w-[4.5rem] lg:shrink-0',
};

export function ExecutionsListSkeleton() {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading executions">
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} className="h-16 rounded-xl lg:h-12" />
      ))}
    </div>
  );
}

/** Executions as rows (a table from lg up, cards below); a row opens the execution in the editor. */
export function ExecutionsList({ executions, actions }: { executions: Execution[]; actions: ExecutionActions }) {
  // A running execution's duration counts up each second; otherwise only the relative times need refreshing.
  const now = useNow(executions.some((execution) => execution.status === 'running') ? 1000 : 30_000);
  return (
    <div className="overflow-hidden rounded-xl border bg-background">
      <div
        aria-hidden="true"
        className="hidden items-center gap-3 border-b bg-surface px-4 py-2 font-medium text-muted-foreground text-xs lg:flex"
      >
        <span className={COLUMNS.status}>Status</span>
        <span className="min-w-0 flex-1">Flow</span>
        <span className={COLUMNS.mode}>Mode</span>
        <span className={COLUMNS.started}>Started</span>
        <span className={COLUMNS.duration}>Duration</span>
        <span className={COLUMNS.actions} />
      </div>
      <ul className="divide-y" aria-label="Executions">
        {executions.map((execution) => (
          <ExecutionRow key={execution.id} execution={execution} actions={actions} now={now} />
        ))}
      </ul>
    </div>
  );
}

function ExecutionRow({ execution, actions, now }: { execution: Execution; actions: ExecutionActions; now: number }) {
  const ModeIcon = modeIcon(execution.mode);
  const started = execution.startedAt ?? execution.createdAt;
  const pending = actions.pendingIds.has(execution.id);
  return (
    <li
      className="relative flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2.5 hover:bg-surface sm:px-4 lg:flex-nowrap"
      data-testid="execution-row"
    >
      <span className={`order-first ${COLUMNS.status}`}>
        <ExecutionStatusBadge status={execution.status} />
      </span>
      <div className="order-2 min-w-0 flex-1 basis-40 lg:order-none lg:basis-0">
        <Link
          to={executionHref(execution)}
          className="block truncate font-medium text-sm after:absolute after:inset-0 hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {execution.flowName}
        </Link>
        {execution.status === 'failed' && execution.error && (
          <p className="truncate text-destructive text-xs" title={execution.error.message}>
            {execution.error.nodeName ? `${execution.error.nodeName}: ` : ''}
            {execution.error.message}
          </p>
        )}
        {execution.status === 'waiting' && execution.resumeAt && (
          <p className="truncate text-muted-foreground text-xs">resumes {relativeTime(execution.resumeAt, now)}</p>
        )}
      </div>
      <div className="order-last flex w-full flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs lg:contents">
        <span className={`inline-flex items-center gap-1.5 ${COLUMNS.mode}`}>
          <ModeIcon className="size-3.5 shrink-0" aria-hidden="true" />
          {EXECUTION_MODE_LABELS[execution.mode]}
          {execution.version !== null ? ` · v${execution.version}` : ''}
        </span>
        <span className={COLUMNS.started} title={new Date(started).toLocaleString()}>
          {relativeTime(started, now)}
        </span>
        <span className={COLUMNS.duration}>{executionDuration(execution, now)}</span>
      </div>
      <span className={`relative z-10 order-3 flex justify-end gap-1 lg:order-none ${COLUMNS.actions}`}>
        {canCancel(execution.status) && (
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={`Cancel execution of ${execution.flowName}`}
            title="Cancel"
            disabled={pending}
            onClick={() => actions.cancel(execution)}
          >
            <Ban aria-hidden="true" />
          </Button>
        )}
        <Button
          size="icon-sm"
          variant="ghost"
          aria-label={`Re-run execution of ${execution.flowName}`}
          title="Re-run"
          disabled={pending}
          onClick={() => actions.rerun(execution)}
        >
          <RotateCcw aria-hidden="true" />
        </Button>
      </span>
    </li>
  );
}
