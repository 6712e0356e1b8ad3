import type { PinnedOutput, StepOutput, TestListenResult } from '@flowmind/shared/flow-test-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const flowPath = (flowId: string) => `/api/flows/${encodeURIComponent(flowId)}`;
export const pinsKey = (flowId: string) => ['flow-pins', flowId];

export const testDataApi = {
  pins: (flowId: string) => api<PinnedOutput[]>(`${flowPath(flowId)}/pins`),
  pin: ({ flowId, nodeId, output }: { flowId: string; nodeId: string; output: StepOutput }) =>
    api<PinnedOutput>(`${flowPath(flowId)}/pins/${encodeURIComponent(nodeId)}`, { method: 'PUT', body: { output } }),
  unpin: ({ flowId, nodeId }: { flowId: string; nodeId: string }) =>
    api<void>(`${flowPath(flowId)}/pins/${encodeURIComponent(nodeId)}`, { method: 'DELETE' }),
  /** Waits (up to 2 minutes) for one test call; aborting the request stops listening. */
  listen: ({ flowId, nodeId, signal }: { flowId: string; nodeId: string; signal: AbortSignal }) =>
    api<TestListenResult>(`${flowPath(flowId)}/test-listen`, { method: 'POST', body: { nodeId }, signal }),
};

/** The draft's pinned outputs by step id. */
export function usePins(flowId: string | null | undefined) {
  const query = useQuery({
    queryKey: pinsKey(flowId ?? ''),
    queryFn: () => testDataApi.pins(flowId as string),
    enabled: Boolean(flowId),
    staleTime: 30_000,
  });
  const byNode = new Map((query.data ?? []).map((pin) => [pin.nodeId, pin]));
  return { pins: byNode, isLoading: query.isLoading };
}

export function usePinActions(flowId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: pinsKey(flowId) });
  const pin = useMutation({
    mutationFn: ({ nodeId, output }: { nodeId: string; output: StepOutput }) =>
      testDataApi.pin({ flowId, nodeId, output }),
    onSuccess: refresh,
  });
  const unpin = useMutation({
    mutationFn: ({ nodeId }: { nodeId: string }) => testDataApi.unpin({ flowId, nodeId }),
    onSuccess: refresh,
  });
  return { pin, unpin, refresh };
}
