import type { Flow } from '@flowmind/shared/flows';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { errorMessage } from '../../../lib/api';
import { alerts } from '../../../shell/alert-store';
import { liveQueryKey } from '../../live/use-live-query';
import { flowApi, flowLivePath } from '../flow-api';
import { useDraftSaver } from './use-draft-saver';
import { useGraphHistory } from './use-graph-history';

/**
 * The draft graph being edited, with undo, saved as it changes, and kept in step with the server: a newer revision
 * saved elsewhere replaces it when nothing here is waiting to be saved; after a conflict, `reload` takes the server's.
 */
export function useSyncedDraft(flow: Flow, initial: Flow) {
  const flowId = flow.id;
  const queryClient = useQueryClient();
  const history = useGraphHistory(initial.graph);
  const setFlowData = useCallback(
    (next: Flow) => queryClient.setQueryData(liveQueryKey(flowLivePath(flowId)), next),
    [queryClient, flowId],
  );
  const saver = useDraftSaver({
    flowId,
    graph: history.graph,
    editCount: history.editCount,
    initialRevision: initial.revision,
    onSaved: setFlowData,
  });

  const { revision: savedRevision, hasUnsaved, busy, markLoaded } = saver;
  const { reset } = history;
  useEffect(() => {
    if (saver.status === 'conflict') return;
    if (flow.revision > savedRevision() && !hasUnsaved() && !busy()) {
      reset(flow.graph);
      markLoaded(flow.revision);
    }
  }, [flow.revision, flow.graph, saver.status, savedRevision, hasUnsaved, busy, markLoaded, reset]);

  const reload = useCallback(async () => {
    try {
      const fresh = await flowApi.get(flowId);
      reset(fresh.graph);
      markLoaded(fresh.revision);
      setFlowData(fresh);
    } catch (failure) {
      alerts.error(errorMessage(failure, 'Could not reload the flow'));
    }
  }, [flowId, reset, markLoaded, setFlowData]);

  return { history, saver, reload, setFlowData };
}
