import type {
  Agent,
  AgentList,
  CreateAgent,
  ExploreList,
  ExploreQuery,
  Leaderboard,
  LeaderboardPeriod,
  LikeResult,
  PublicAgent,
  UpdateAgent,
} from '@flowmind/shared/agents';
import { api } from '../../lib/api';

const agentPath = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}`;
const galleryPath = (agentId: string) => `/api/explore/agents/${encodeURIComponent(agentId)}`;

/** Every call custom agents, the gallery and the leaderboard make; types from the shared contract. */
export const agentsApi = {
  list: (accountId: string) => api<AgentList>(`/api/agents?${new URLSearchParams({ accountId })}`),
  create: (input: CreateAgent) => api<Agent>('/api/agents', { method: 'POST', body: input }),
  update: (agentId: string, patch: UpdateAgent) => api<Agent>(agentPath(agentId), { method: 'PATCH', body: patch }),
  duplicate: (agentId: string) => api<Agent>(`${agentPath(agentId)}/duplicate`, { method: 'POST' }),
  remove: (agentId: string) => api<void>(agentPath(agentId), { method: 'DELETE' }),

  explore: ({ q, category, sort, offset }: ExploreQuery) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (category) params.set('category', category);
    if (sort) params.set('sort', sort);
    if (offset) params.set('offset', String(offset));
    return api<ExploreList>(`/api/explore/agents?${params}`);
  },
  publicAgent: (agentId: string) => api<PublicAgent>(galleryPath(agentId)),
  like: (agentId: string, liked: boolean) =>
    api<LikeResult>(`${galleryPath(agentId)}/like`, { method: liked ? 'POST' : 'DELETE' }),
  use: (agentId: string, accountId: string) =>
    api<Agent>(`${galleryPath(agentId)}/use`, { method: 'POST', body: { accountId } }),
  leaderboard: (period: LeaderboardPeriod) => api<Leaderboard>(`/api/leaderboard?${new URLSearchParams({ period })}`),
};
