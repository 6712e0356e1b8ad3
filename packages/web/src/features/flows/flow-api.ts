import type {
  CreateFlow,
  Execution,
  ExecutionDetail,
  ExecutionPage,
  Flow,
  FlowExport,
  FlowGraph,
  FlowTemplate,
  FlowVersion,
  RunFlow,
  SaveExecutions,
} from '@flowmind/shared/flows';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLiveQuery } from '../live/use-live-query';

const flowPath = (flowId: string) => `/api/flows/${encodeURIComponent(flowId)}`;
const executionPath = (executionId: string) => `/api/executions/${encodeURIComponent(executionId)}`;

export const flowLivePath = (flowId: string) => `flows/${flowId}`;
export const executionLivePath = (executionId: string) => `executions/${executionId}`;

/** Every call the flows list and the flow editor make; the types come from the shared contract. */
export const flowApi = {
  list: ({ accountId, search, trash }: { accountId: string; search?: string; trash?: boolean }) => {
    const params = new URLSearchParams({ accountId });
    if (search) params.set('search', search);
    if (trash) params.set('trash', 'true');
    return api<Flow[]>(`/api/flows?${params}`);
  },
  create: (input: CreateFlow) => api<Flow>('/api/flows', { method: 'POST', body: input }),
  trash: (flowId: string) => api<void>(flowPath(flowId), { method: 'DELETE' }),
  restore: (flowId: string) => api<Flow>(`${flowPath(flowId)}/restore`, { method: 'POST' }),
  removeForever: (flowId: string) => api<void>(`${flowPath(flowId)}?permanent=true`, { method: 'DELETE' }),
  duplicate: (flowId: string) => api<Flow>(`${flowPath(flowId)}/duplicate`, { method: 'POST' }),
  exportFile: (flowId: string) => api<FlowExport>(`${flowPath(flowId)}/export`),
  templates: () => api<FlowTemplate[]>('/api/flow-templates'),
  get: (flowId: string) => api<Flow>(flowPath(flowId)),
  rename: ({ flowId, name }: { flowId: string; name: string }) =>
    api<Flow>(flowPath(flowId), { method: 'PATCH', body: { name } }),
  setActive: ({ flowId, active }: { flowId: string; active: boolean }) =>
    api<Flow>(flowPath(flowId), { method: 'PATCH', body: { active } }),
  setSaveExecutions: ({ flowId, saveExecutions }: { flowId: string; saveExecutions: SaveExecutions }) =>
    api<Flow>(flowPath(flowId), { method: 'PATCH', body: { saveExecutions } }),
  /** Saves the draft; a 409 means someone saved a newer revision first. */
  saveDraft: ({ flowId, graph, baseRevision }: { flowId: string; graph: FlowGraph; baseRevision: number }) =>
    api<Flow>(flowPath(flowId), { method: 'PATCH', body: { graph, baseRevision } }),
  /**
   * The same save as a request that outlives the page (tab closed, navigated away): the browser sends it even
   * after the document is gone, so there is no answer to read.
   */
  saveDraftOnExit: ({ flowId, graph, baseRevision }: { flowId: string; graph: FlowGraph; baseRevision: number }) => {
    void fetch(flowPath(flowId), {
      method: 'PATCH',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ graph, baseRevision }),
    }).catch(() => undefined);
  },
  publish: ({ flowId, message }: { flowId: string; message?: string }) =>
    api<Flow>(`${flowPath(flowId)}/publish`, { method: 'POST', body: { message } }),
  versions: (flowId: string) => api<FlowVersion[]>(`${flowPath(flowId)}/versions`),
  version: ({ flowId, versionId }: { flowId: string; versionId: string }) =>
    api<FlowVersion>(`${flowPath(flowId)}/versions/${encodeURIComponent(versionId)}`),
  restoreVersion: ({ flowId, versionId }: { flowId: string; versionId: string }) =>
    api<Flow>(`${flowPath(flowId)}/versions/${encodeURIComponent(versionId)}/restore`, { method: 'POST' }),
  exportUrl: (flowId: string) => `${flowPath(flowId)}/export`,
  /** Runs the saved draft (or, with nodeId, up to that step); answers the new execution at once. */
  run: ({ flowId, input }: { flowId: string; input: RunFlow }) =>
    api<ExecutionDetail>(`${flowPath(flowId)}/run`, { method: 'POST', body: input }),
  executions: ({ flowId, limit = 30 }: { flowId: string; limit?: number }) =>
    api<ExecutionPage>(`/api/executions?${new URLSearchParams({ flowId, limit: String(limit) })}`),
  execution: (executionId: string) => api<ExecutionDetail>(executionPath(executionId)),
  cancelExecution: (executionId: string) =>
    api<ExecutionDetail>(`${executionPath(executionId)}/cancel`, { method: 'POST' }),
  rerunExecution: ({ executionId, fromNodeId }: { executionId: string; fromNodeId?: string }) =>
    api<ExecutionDetail>(`${executionPath(executionId)}/rerun`, { method: 'POST', body: { fromNodeId } }),
};

/** The flow with its draft, kept live: someone else's save shows up as a new `revision`. */
export function useFlow(flowId: string) {
  return useLiveQuery<Flow | null>(flowLivePath(flowId), {
    fetch: () => flowApi.get(flowId),
    fromDocs: (docs) => (docs?.[0] as unknown as Flow | undefined) ?? null,
  });
}

export const flowVersionsKey = (flowId: string) => ['flow-versions', flowId];

export function useFlowVersions(flowId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: flowVersionsKey(flowId), queryFn: () => flowApi.versions(flowId), enabled });
}

export function useFlowVersion(flowId: string, versionId: string | null) {
  return useQuery({
    queryKey: ['flow-version', flowId, versionId],
    queryFn: () => flowApi.version({ flowId, versionId: versionId as string }),
    enabled: versionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const flowExecutionsLivePath = (flowId: string) => `flows/${flowId}/executions`;

const newestFirst = (a: Execution, b: Execution) => b.createdAt.localeCompare(a.createdAt);

/** This flow's recent executions, newest first, kept live (a run's status changes as it goes). */
export function useFlowExecutions(flowId: string, { enabled }: { enabled: boolean }) {
  return useLiveQuery<Execution[]>(enabled ? flowExecutionsLivePath(flowId) : null, {
    fetch: () => flowApi.executions({ flowId }).then((page) => page.executions),
    fromDocs: (docs) => [...(docs as unknown as Execution[])].sort(newestFirst),
    limit: 30,
  });
}

/** One execution with its steps, kept live while it runs (the document changes as each step finishes). */
export function useExecution(executionId: string | null) {
  return useLiveQuery<ExecutionDetail | null>(executionId ? executionLivePath(executionId) : null, {
    fetch: () => flowApi.execution(executionId as string),
    fromDocs: (docs) => (docs?.[0] as unknown as ExecutionDetail | undefined) ?? null,
  });
}
