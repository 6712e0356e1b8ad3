import { useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { Workflow } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { FlowEditor } from '../../features/flows/editor/flow-editor';
import { flowLivePath, useFlow } from '../../features/flows/flow-api';
import { liveQueryKey } from '../../features/live/use-live-query';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { ApiError, errorMessage } from '../../lib/api';

/** `/flows/{id}` (layout none): the flow editor draws its own full-screen chrome. */
export function FlowEditorPage() {
  const flowId = useParams().id as string;
  usePageHeader({ title: 'Flow editor' });
  return <LoadFlow key={flowId} flowId={flowId} />;
}

/** `/flows/{id}`: loads the flow, then the editor (or says it is gone). */
function LoadFlow({ flowId }: { flowId: string }) {
  const flow = useFlow(flowId);
  const queryClient = useQueryClient();
  // The last edits leave with the page (a request the cache never sees the answer to): the next visit reads afresh
  // instead of starting from a draft that is one save behind.
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: liveQueryKey(flowLivePath(flowId)), exact: true }),
    [queryClient, flowId],
  );
  if (flow.error instanceof ApiError && flow.error.status === 404) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-surface p-4">
        <EmptyState
          icon={Workflow}
          title="Flow not found"
          description="It may have been deleted, or it belongs to an account you are not in."
          className="w-full max-w-lg"
        >
          <ButtonLink to="/flows">Back to Flows</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (!flow.data) {
    return (
      <div className="flex h-dvh flex-col bg-surface">
        <div className="h-12 border-b bg-background" />
        <div className="flex flex-1 items-center justify-center text-muted-foreground text-sm">
          {flow.error ? errorMessage(flow.error, 'Could not load the flow') : 'Loading the flow…'}
        </div>
      </div>
    );
  }
  return (
    <ReactFlowProvider>
      <FlowEditor flow={flow.data} />
    </ReactFlowProvider>
  );
}
