import type { ExpressionPreview, Flow } from '@flowmind/shared/flows';
import type { Field, Table } from '@flowmind/shared/tables';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { tablesApi } from '../../tables/tables-api';

/** The account's tables for the table pickers. */
export function useAccountTables(accountId: string) {
  return useQuery<Table[]>({
    queryKey: ['node-panel', 'tables', accountId],
    queryFn: () => tablesApi.list({ accountId }),
    staleTime: 30_000,
  });
}

/** A table's fields for the field pickers. */
export function useTableFields(tableId: string | null) {
  return useQuery<Field[]>({
    queryKey: ['node-panel', 'table-fields', tableId],
    queryFn: () => tablesApi.fields(tableId as string),
    enabled: Boolean(tableId),
    staleTime: 30_000,
  });
}

/** The account's other flows, for the run-flow step. */
export function useOtherFlows({ accountId, flowId }: { accountId: string; flowId: string }) {
  return useQuery<Flow[]>({
    queryKey: ['node-panel', 'flows', accountId],
    queryFn: () => api<Flow[]>(`/api/flows?${new URLSearchParams({ accountId })}`),
    select: (flows) => flows.filter((flow) => flow.id !== flowId),
    staleTime: 30_000,
  });
}

/**
 * The value of a template for the step's first input item, evaluated by the server against the last run
 * (300 ms after typing stops). Null when there is nothing to show, including while the endpoint is absent.
 */
export function useExpressionPreview({
  flowId,
  nodeId,
  template,
  executionId,
  executionStatus,
}: {
  flowId: string;
  nodeId: string;
  template: string;
  executionId?: string;
  executionStatus?: string;
}) {
  const debounced = useDebouncedValue(template, 300);
  const enabled = debounced.includes('{{');
  return useQuery<ExpressionPreview | null>({
    queryKey: ['node-panel', 'preview', flowId, nodeId, executionId ?? null, executionStatus ?? null, debounced],
    queryFn: async ({ signal }) => {
      try {
        return await api<ExpressionPreview>(`/api/flows/${encodeURIComponent(flowId)}/preview-expression`, {
          method: 'POST',
          body: { template: debounced, nodeId, itemIndex: 0, executionId },
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}
