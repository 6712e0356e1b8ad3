import {
  AGENT_ACTION_LABELS,
  type Agent,
  type AgentAction,
  agentToolKey,
  agentToolScope,
  type ExploreList,
  type ExploreQuery,
  type Leaderboard,
  type LeaderboardPeriod,
  type LikeResult,
  type PublicAgent,
  popularity,
} from '@flowmind/shared/agents';
import { AppError } from '@flowmind/shared/errors';
import {
  CREDENTIAL_KINDS,
  type CredentialKind,
  INTEGRATION_PROVIDERS,
  type IntegrationProviderId,
} from '@flowmind/shared/integrations';
import type { z } from 'zod';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import {
  type AgentEventKind,
  type AgentResource,
  type AgentRow,
  agentRepository,
  toAgent,
  utcDay,
} from './agent.repository';
import { AGENT_NOT_FOUND } from './agent.service';

const LEADERBOARD_SIZE = 20;

/** What answers in a chat with an agent run with (see `forAnswer`). */
export type AgentAnswerSetup = {
  system: string | null;
  model: string | null;
  /** The agent's tools that still reach something (see shared `AgentTool`). */
  tools: string[];
  /** The connections it was given that are still its account's: their actions become its tools. */
  connections: AgentConnection[];
};

/** A connection an agent was given, as its chat's tools are built from it. */
export type AgentConnection = { id: string; provider: string; name: string; status: string };

const KIND_LABELS: Record<AgentResource['kind'], string> = { flow: 'Flow', table: 'Table', note: 'Note' };

/** A connection's kind in words: "Slack", "MCP server". */
function connectionKind(provider: string): string {
  if (provider in INTEGRATION_PROVIDERS) return INTEGRATION_PROVIDERS[provider as IntegrationProviderId].label;
  if (provider in CREDENTIAL_KINDS) return CREDENTIAL_KINDS[provider as CredentialKind].label;
  return provider;
}

/** The agent's tools in its prompt, so the model knows what it may reach without listing first. */
function describeTools(
  resources: readonly AgentResource[],
  actions: readonly AgentAction[],
  connections: readonly AgentConnection[],
): string {
  if (resources.length === 0 && actions.length === 0 && connections.length === 0)
    return 'You have no access to the workspace in this chat: you cannot read or change flows, tables or notes.';
  const lines = ['In the workspace you may use only these (use their ids with your tools):'];
  for (const resource of resources)
    lines.push(`- ${KIND_LABELS[resource.kind]} "${resource.name || 'Untitled'}" (id ${resource.id})`);
  for (const action of actions) lines.push(`- You may ${AGENT_ACTION_LABELS[action].toLowerCase()}.`);
  for (const connection of connections)
    lines.push(
      `- The ${connectionKind(connection.provider)} connection "${connection.name}", through your tools for it${
        connection.status === 'connected' ? '' : ' (it needs reconnecting in Integrations first)'
      }.`,
    );
  return lines.join('\n');
}
const PERIOD_DAYS: Record<LeaderboardPeriod, number | null> = { week: 7, month: 30, all: null };

/** The first UTC day a period counts: the last 7 or 30 days, today included; null for all time. */
export function periodStart(period: LeaderboardPeriod, now = new Date()): string | null {
  const days = PERIOD_DAYS[period];
  if (days === null) return null;
  return utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
}

/**
 * The public side of agents: the gallery, likes, copying an agent into one's account, chatting
 * with a published agent, and the leaderboard. What counts towards popularity is written here,
 * once per person, agent, kind and day (the table's unique key), never for the agent's creator.
 */
export function agentGalleryService({ db, accounts }: { db: Db; accounts: AccountService }) {
  const repo = agentRepository(db);

  async function isMember(accountId: string, userId: string) {
    try {
      await accounts.requireMember(accountId, userId);
      return true;
    } catch {
      return false;
    }
  }

  /** A published agent; an unpublished one only for members of its account. */
  async function visibleAgent(agentId: string, userId: string): Promise<AgentRow> {
    const agent = await repo.byId(agentId);
    if (!agent || (!agent.publishedAt && !(await isMember(agent.accountId, userId))))
      throw new AppError('not_found', AGENT_NOT_FOUND);
    return agent;
  }

  async function publishedAgent(agentId: string): Promise<AgentRow> {
    const agent = await repo.byId(agentId);
    if (!agent?.publishedAt) throw new AppError('not_found', AGENT_NOT_FOUND);
    return agent;
  }

  /**
   * The instructions a copy made with "Use" inherits: those of the agent it was copied from (and
   * of that one's original, for a copy of a copy), as long as each is still published; its creator
   * can withdraw them by unpublishing. Read only here, for an answer, and never returned.
   */
  async function originalInstructions(agent: AgentRow, depth = 0): Promise<string> {
    if (!agent.basedOnAgentId || depth >= 5) return '';
    const original = await repo.byId(agent.basedOnAgentId);
    if (!original?.publishedAt) return '';
    return [await originalInstructions(original, depth + 1), original.instructions].filter(Boolean).join('\n\n');
  }

  async function count(agent: AgentRow, userId: string, kind: AgentEventKind) {
    if (agent.createdBy === userId) return;
    await repo.recordEvent({ agentId: agent.id, userId, kind, day: utcDay() });
  }

  return {
    async list({ userId, query }: { userId: string; query: z.output<typeof ExploreQuery> }): Promise<ExploreList> {
      const agents = await repo.listPublished({
        userId,
        q: query.q || undefined,
        category: query.category,
        sort: query.sort,
        offset: query.offset,
        limit: query.limit + 1,
      });
      const page = agents.slice(0, query.limit);
      return { agents: page, nextOffset: agents.length > query.limit ? query.offset + query.limit : null };
    },

    async get({ agentId, userId }: { agentId: string; userId: string }): Promise<PublicAgent> {
      await visibleAgent(agentId, userId);
      const view = await repo.publicView(agentId, userId);
      if (!view) throw new AppError('not_found', AGENT_NOT_FOUND);
      return view;
    },

    async like({ agentId, userId, liked }: { agentId: string; userId: string; liked: boolean }): Promise<LikeResult> {
      const agent = await publishedAgent(agentId);
      if (liked) {
        await repo.like(agent.id, userId);
        await count(agent, userId, 'like');
      } else {
        await repo.unlike(agent.id, userId);
      }
      return { liked, likes: await repo.likeCount(agent.id) };
    },

    /**
     * Copies a published agent into one of the caller's accounts: how it looks and what it offers,
     * none of the creator's choices that belong to their account (model, tools). Its instructions
     * are not copied: the copy points at the original, whose instructions its answers read on the
     * server while the original stays published, so they remain the creator's secret.
     */
    async use({ agentId, userId, accountId }: { agentId: string; userId: string; accountId: string }): Promise<Agent> {
      const agent = await publishedAgent(agentId);
      await accounts.requireMember(accountId, userId);
      const copy = await repo.insert({
        id: newId('agt'),
        accountId,
        createdBy: userId,
        name: agent.name,
        avatar: agent.avatar,
        color: agent.color,
        description: agent.description,
        instructions: '',
        model: null,
        starterPrompts: agent.starterPrompts,
        category: agent.category,
        tools: [],
        basedOnAgentId: agent.id,
      });
      await count(agent, userId, 'use');
      return toAgent(copy);
    },

    /**
     * A new chat with an agent in `accountId` (already checked to be the caller's): allowed for the
     * account's own agents and for published ones. It counts as a conversation once answered.
     */
    async startChat({ agentId, accountId }: { agentId: string; accountId: string }) {
      const agent = await repo.byId(agentId);
      if (!agent || (agent.accountId !== accountId && !agent.publishedAt))
        throw new AppError('not_found', AGENT_NOT_FOUND, 'agentId');
    },

    /** The agent answered in a chat of `userId`'s: a conversation on the leaderboard (none without an answer). */
    async countAnswered({ agentId, userId }: { agentId: string; userId: string }) {
      const agent = await repo.byId(agentId);
      if (agent) await count(agent, userId, 'chat');
    },

    /**
     * What an answer in a chat with the agent runs with: its instructions, and in the agent's own
     * account its model and its tools (the flows, tables, notes and connections chosen for it, named
     * in its prompt). In another account the chatting account's model answers and the agent has no
     * tools: what it was given belongs to its creator, and its connections act as the creator's. Null when the agent is gone, or no longer published
     * for a chat in another account.
     */
    async forAnswer({ agentId, accountId }: { agentId: string; accountId: string }): Promise<AgentAnswerSetup | null> {
      const agent = await repo.byId(agentId);
      if (!agent) return null;
      const own = agent.accountId === accountId;
      if (!own && !agent.publishedAt) return null;
      const scope = agentToolScope(agent.tools);
      const resources = !own
        ? []
        : await repo.resources(agent.accountId, {
            flows: [...scope.flows],
            tables: [...scope.tables],
            notes: [...scope.notes],
          });
      const actions = own ? [...scope.actions] : [];
      // A connection acts as its account (the creator's Slack, their MCP server): never in another's chat.
      const connections = own ? await repo.connections(agent.accountId, [...scope.connections]) : [];
      const tools = [
        ...resources.map((resource) => agentToolKey(resource.kind, resource.id)),
        ...actions.map((action) => `action:${action}`),
        ...connections.map((connection) => `connection:${connection.id}`),
      ];
      const system = [
        await originalInstructions(agent),
        agent.instructions,
        describeTools(resources, actions, connections),
      ]
        .filter(Boolean)
        .join('\n\n');
      return { system, model: own ? agent.model : null, tools, connections };
    },

    async leaderboard({ period }: { period: LeaderboardPeriod }): Promise<Leaderboard> {
      const since = periodStart(period);
      const [agents, creators] = await Promise.all([
        repo.topAgents(since, LEADERBOARD_SIZE),
        repo.topCreators(since, LEADERBOARD_SIZE),
      ]);
      return {
        period,
        agents: agents.map((row, index) => {
          const counts = { chats: row.chats, likes: row.likes, uses: row.uses };
          return {
            rank: index + 1,
            agent: {
              id: row.id,
              name: row.name,
              avatar: row.avatar,
              color: row.color as PublicAgent['color'],
              category: row.category as PublicAgent['category'],
              creatorName: row.creatorName ?? 'A former member',
            },
            counts,
            score: popularity(counts),
          };
        }),
        creators: creators.map((row, index) => {
          const counts = { chats: row.chats, likes: row.likes, uses: row.uses };
          return { rank: index + 1, name: row.name, agents: row.agents, counts, score: popularity(counts) };
        }),
      };
    },
  };
}

export type AgentGalleryService = ReturnType<typeof agentGalleryService>;
