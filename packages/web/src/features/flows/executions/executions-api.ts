import type { Execution, ExecutionPage, ExecutionStatus } from '@flowmind/shared/flows';
import { api } from '../../../lib/api';

const executionPath = (executionId: string) => `/api/executions/${encodeURIComponent(executionId)}`;

export type ExecutionListQuery = {
  accountId: string;
  flowId?: string | null;
  status?: ExecutionStatus | null;
  limit?: number;
  cursor?: string | null;
};

/** The execution calls the Flows page makes (`ListExecutionsQuery`, `ExecutionPage`, `RerunExecution`). */
export const executionsApi = {
  list: ({ accountId, flowId, status, limit, cursor }: ExecutionListQuery) => {
    const params = new URLSearchParams({ accountId });
    if (flowId) params.set('flowId', flowId);
    if (status) params.set('status', status);
    if (limit) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    return api<ExecutionPage>(`/api/executions?${params}`);
  },
  cancel: (executionId: string) => api<Execution>(`${executionPath(executionId)}/cancel`, { method: 'POST' }),
  rerun: ({ executionId, fromNodeId }: { executionId: string; fromNodeId?: string }) =>
    api<Execution>(`${executionPath(executionId)}/rerun`, { method: 'POST', body: fromNodeId ? { fromNodeId } : {} }),
};
