import { FINISHED_STATUSES, type FlowVersion } from '@flowmind/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { alerts } from '../../../shell/alert-store';
import { liveQueryKey } from '../../live/use-live-query';
import { executionLivePath, flowApi, useExecution } from '../flow-api';

/**
 * The run the editor follows: one it started, or the execution open in the address; with neither, the flow's
 * last run, whose data the step panel still reads (autocomplete, Data tab).
 */
export function useEditorRun({
  flowId,
  lastExecutionId,
  executionViewId,
  setParams,
  setViewingVersion,
  flush,
}: {
  flowId: string;
  lastExecutionId: string | null;
  /** The execution open in the address (`?execution=`). */
  executionViewId: string | null;
  setParams: SetURLSearchParams;
  setViewingVersion: (version: FlowVersion | null) => void;
  /** Sends the unsaved draft, so the run is of what is on screen. */
  flush: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const [runStarting, setRunStarting] = useState(false);
  const followedId = executionViewId ?? runId;
  const executionQuery = useExecution(followedId);
  const execution = executionQuery.data?.id === followedId ? executionQuery.data : null;
  const lastRunId = followedId ? null : lastExecutionId;
  const lastRunQuery = useExecution(lastRunId);
  const lastRun = lastRunId && lastRunQuery.data?.id === lastRunId ? lastRunQuery.data : null;
  const runFinished = execution ? FINISHED_STATUSES.includes(execution.status) : false;

  const startRun = useCallback(
    async (nodeId?: string) => {
      setRunStarting(true);
      try {
        await flush();
        const started = await flowApi.run({ flowId, input: nodeId ? { nodeId } : {} });
        // The answer is the execution as it starts; the live document takes over from there.
        queryClient.setQueryData(liveQueryKey(executionLivePath(started.id)), started);
        if (executionViewId) setParams({}, { replace: true });
        setViewingVersion(null);
        setRunId(started.id);
      } catch (failure) {
        alerts.error(errorMessage(failure, 'Could not start the run'));
      } finally {
        setRunStarting(false);
      }
    },
    [flush, flowId, executionViewId, setParams, queryClient, setViewingVersion],
  );

  return {
    runId,
    dismissRun: () => setRunId(null),
    runStarting,
    followedId,
    executionQuery,
    execution,
    runFinished,
    lastRun,
    startRun,
  };
}
