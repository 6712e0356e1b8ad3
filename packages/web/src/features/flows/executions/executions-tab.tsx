import type { Execution, ExecutionStatus, Flow } from '@flowmind/shared/flows';
import { History, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { showActionToast } from '../../../components/ui/action-toasts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { NativeSelect } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { alerts } from '../../../shell/alert-store';
import { EXECUTION_STATUS_LABELS, executionHref } from './execution-format';
import { executionsApi } from './executions-api';
import { ExecutionsList, ExecutionsListSkeleton } from './executions-list';
import { useExecutions, useRefreshExecutions } from './use-executions';

const STATUS_FILTERS: (ExecutionStatus | null)[] = [
  null,
  'running',
  'waiting',
  'succeeded',
  'failed',
  'cancelled',
  'queued',
];

/** The account's executions with status and flow filters; live at the top, older pages on demand. */
export function ExecutionsTab({ accountId, flows }: { accountId: string | null; flows: Flow[] }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<ExecutionStatus | null>(null);
  const [flowId, setFlowId] = useState<string | null>(null);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const executions = useExecutions({ accountId, status, flowId });
  const refresh = useRefreshExecutions(accountId);

  // Flows in the list plus any only executions still name (e.g. a flow since moved to the trash).
  const flowOptions = useMemo(() => {
    const names = new Map(flows.map((flow) => [flow.id, flow.name]));
    for (const execution of executions.rows)
      if (!names.has(execution.flowId)) names.set(execution.flowId, execution.flowName);
    return [...names].sort((a, b) => a[1].localeCompare(b[1]));
  }, [flows, executions.rows]);

  async function act(execution: Execution, action: () => Promise<unknown>) {
    setPendingIds((ids) => new Set(ids).add(execution.id));
    try {
      await action();
    } catch (failure) {
      alerts.error(errorMessage(failure));
    } finally {
      setPendingIds((ids) => {
        const next = new Set(ids);
        next.delete(execution.id);
        return next;
      });
      refresh();
    }
  }

  const actions = {
    pendingIds,
    cancel: (execution: Execution) =>
      act(execution, async () => {
        await executionsApi.cancel(execution.id);
        alerts.success(`Execution of "${execution.flowName}" cancelled`);
      }),
    rerun: (execution: Execution) =>
      act(execution, async () => {
        const started = await executionsApi.rerun({ executionId: execution.id });
        showActionToast({
          message: `"${execution.flowName}" runs again`,
          actionLabel: 'Open',
          onAction: () => navigate(executionHref(started)),
        });
      }),
  };

  const filtered = status !== null || flowId !== null;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">Status</legend>
          {STATUS_FILTERS.map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
              className={cn(
                'h-7 rounded-full border px-3 text-xs transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                status === value
                  ? 'border-primary bg-primary-soft font-medium text-primary-soft-foreground'
                  : 'bg-background text-muted-foreground hover:bg-accent',
              )}
            >
              {value ? EXECUTION_STATUS_LABELS[value] : 'All'}
            </button>
          ))}
        </fieldset>
        <NativeSelect
          size="sm"
          aria-label="Flow"
          className="ml-auto w-full sm:w-56"
          value={flowId ?? ''}
          onChange={(event) => setFlowId(event.target.value || null)}
        >
          <option value="">All flows</option>
          {flowOptions.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>

      {executions.error ? (
        <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm">
          <p className="text-destructive">Could not load executions: {executions.error}</p>
          <Button className="mt-3" size="sm" variant="outline" onClick={() => void executions.refetch()}>
            Try again
          </Button>
        </div>
      ) : executions.isPending ? (
        <ExecutionsListSkeleton />
      ) : executions.rows.length > 0 ? (
        <ExecutionsList executions={executions.rows} actions={actions} />
      ) : filtered && !executions.canLoadMore ? (
        <EmptyState icon={SearchX} title="No executions match" description="Try another status or flow.">
          <Button
            variant="outline"
            onClick={() => {
              setStatus(null);
              setFlowId(null);
            }}
          >
            Show all
          </Button>
        </EmptyState>
      ) : !executions.canLoadMore ? (
        <EmptyState
          icon={History}
          title="No executions yet"
          description="Each time a flow runs — from a trigger, a test or a re-run — it shows here step by step."
        />
      ) : null}

      {executions.canLoadMore && !executions.error && !executions.isPending && (
        <div className="grid justify-items-center gap-2">
          {executions.rows.length === 0 && (
            <p className="text-muted-foreground text-sm">None of the latest executions match. Older ones may.</p>
          )}
          <Button variant="outline" pending={executions.loadingMore} onClick={() => void executions.loadMore()}>
            Load more
          </Button>
          {executions.loadMoreError && (
            <p role="alert" className="text-destructive text-sm">
              {executions.loadMoreError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
