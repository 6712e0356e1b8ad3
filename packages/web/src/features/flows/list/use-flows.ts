import type { Flow } from '@flowmind/shared/flows';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { liveQueryKey, useLiveQuery } from '../../live/use-live-query';
import { flowApi } from '../flow-api';

export const flowsLivePath = (accountId: string) => `accounts/${accountId}/flows`;
export const flowsTrashLivePath = (accountId: string) => `accounts/${accountId}/flows-trash`;

/** Most recently changed first, as the server lists them. */
const byLastChange = (a: Flow, b: Flow) => b.updatedAt.localeCompare(a.updatedAt);

/** The account's flows (not in the trash), kept live. */
export function useFlows(accountId: string | null) {
  return useLiveQuery<Flow[]>(accountId ? flowsLivePath(accountId) : null, {
    fetch: () => flowApi.list({ accountId: accountId as string }).then((flows) => [...flows].sort(byLastChange)),
    fromDocs: (docs) => (docs as unknown as Flow[]).filter((flow) => !flow.deletedAt).sort(byLastChange),
  });
}

/** Flows in the trash, kept live while the Trash tab is open. */
export function useTrashedFlows(accountId: string | null, { enabled }: { enabled: boolean }) {
  return useLiveQuery<Flow[]>(enabled && accountId ? flowsTrashLivePath(accountId) : null, {
    fetch: () => flowApi.list({ accountId: accountId as string, trash: true }),
    fromDocs: (docs) => docs as unknown as Flow[],
  });
}

/** After a write, read the lists again at once rather than wait for the live snapshot. */
export function useRefreshFlows(accountId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (!accountId) return;
    void queryClient.invalidateQueries({ queryKey: liveQueryKey(flowsLivePath(accountId)) });
    void queryClient.invalidateQueries({ queryKey: liveQueryKey(flowsTrashLivePath(accountId)) });
  }, [accountId, queryClient]);
}

export function useFlowTemplates({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: ['flow-templates'], queryFn: flowApi.templates, enabled, staleTime: 5 * 60_000 });
}
