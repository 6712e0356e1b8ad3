import type { AgentCategory, ExploreSort, LeaderboardPeriod, PublicAgent } from '@flowmind/shared/agents';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentsApi } from './agents-api';

export const accountAgentsKey = (accountId: string | null) => ['agents', accountId] as const;
export const publicAgentKey = (agentId: string) => ['explore', 'agent', agentId] as const;
const exploreKey = ['explore'] as const;

/** The active account's own agents. */
export function useAccountAgents(accountId: string | null) {
  return useQuery({
    queryKey: accountAgentsKey(accountId),
    queryFn: () => agentsApi.list(accountId as string),
    enabled: accountId !== null,
    select: (data) => data.agents,
  });
}

/** Published agents matching the filters, a page after another. */
export function useExplore({ q, category, sort }: { q: string; category: AgentCategory | null; sort: ExploreSort }) {
  return useInfiniteQuery({
    queryKey: [...exploreKey, 'list', { q, category, sort }],
    queryFn: ({ pageParam }) => agentsApi.explore({ q, category: category ?? undefined, sort, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** An agent as the gallery shows it (a published one, or one of the caller's accounts'). */
export function usePublicAgent(agentId: string | null) {
  return useQuery({
    queryKey: publicAgentKey(agentId ?? ''),
    queryFn: () => agentsApi.publicAgent(agentId as string),
    enabled: agentId !== null,
    retry: false,
  });
}

export function useLeaderboard(period: LeaderboardPeriod) {
  return useQuery({
    queryKey: ['leaderboard', period],
    queryFn: () => agentsApi.leaderboard(period),
    placeholderData: keepPreviousData,
  });
}

/** Like or unlike: the page shows it at once, then the server's count. */
export function useLikeAgent(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => agentsApi.like(agentId, liked),
    onSuccess: (result) => {
      queryClient.setQueryData<PublicAgent>(publicAgentKey(agentId), (current) =>
        current ? { ...current, likedByMe: result.liked, counts: { ...current.counts, likes: result.likes } } : current,
      );
      void queryClient.invalidateQueries({ queryKey: exploreKey, predicate: (q) => q.queryKey[1] === 'list' });
      void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
    },
  });
}

/** Copies a published agent into the active account. */
export function useUseAgent(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => agentsApi.use(agentId, accountId),
    onSuccess: (agent) => {
      void queryClient.invalidateQueries({ queryKey: accountAgentsKey(agent.accountId) });
      void queryClient.invalidateQueries({ queryKey: publicAgentKey(agentId) });
      void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
    },
  });
}

/** After a change to one of the account's agents: its list, and the gallery that may show it. */
export function useRefreshAgents(accountId: string | null) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: accountAgentsKey(accountId) });
    void queryClient.invalidateQueries({ queryKey: exploreKey });
  };
}
