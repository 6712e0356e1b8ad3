import type { CreateFlow, Flow, FlowExport, FlowTemplate } from '@flowmind/shared/flows';
import { api } from '../../../lib/api';

const flowPath = (flowId: string) => `/api/flows/${encodeURIComponent(flowId)}`;

/** The calls the Flows list makes; the types come from the shared contract. */
export const flowsApi = {
  list: ({ accountId, search, trash }: { accountId: string; search?: string; trash?: boolean }) => {
    const params = new URLSearchParams({ accountId });
    if (search) params.set('search', search);
    if (trash) params.set('trash', 'true');
    return api<Flow[]>(`/api/flows?${params}`);
  },
  create: (input: CreateFlow) => api<Flow>('/api/flows', { method: 'POST', body: input }),
  rename: ({ flowId, name }: { flowId: string; name: string }) =>
    api<Flow>(flowPath(flowId), { method: 'PATCH', body: { name } }),
  setActive: ({ flowId, active }: { flowId: string; active: boolean }) =>
    api<Flow>(flowPath(flowId), { method: 'PATCH', body: { active } }),
  trash: (flowId: string) => api<void>(flowPath(flowId), { method: 'DELETE' }),
  restore: (flowId: string) => api<Flow>(`${flowPath(flowId)}/restore`, { method: 'POST' }),
  removeForever: (flowId: string) => api<void>(`${flowPath(flowId)}?permanent=true`, { method: 'DELETE' }),
  duplicate: (flowId: string) => api<Flow>(`${flowPath(flowId)}/duplicate`, { method: 'POST' }),
  exportFile: (flowId: string) => api<FlowExport>(`${flowPath(flowId)}/export`),
  templates: () => api<FlowTemplate[]>('/api/flow-templates'),
};
