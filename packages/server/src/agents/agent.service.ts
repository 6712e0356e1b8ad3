import {
  AGENT_LIMITS,
  type Agent,
  type AgentList,
  agentToolScope,
  type CreateAgent,
  type UpdateAgent,
} from '@flowmind/shared/agents';
import { AppError } from '@flowmind/shared/errors';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type AgentRow, agentRepository, toAgent } from './agent.repository';

export const AGENT_NOT_FOUND = 'Agent not found';
export const TOOL_NOT_IN_ACCOUNT = 'A chosen flow, table or note is not in this account (or is in its trash)';
export const CONNECTION_NOT_IN_ACCOUNT = 'A chosen connection is not one of this account';

/** An account's own agents: make, change, copy, publish, delete. Every member may. */
export function agentService({ db, accounts }: { db: Db; accounts: AccountService }) {
  const repo = agentRepository(db);

  /** The agent, if the caller is a member of its account; for anyone else it does not exist. */
  async function ownAgent(agentId: string, userId: string): Promise<AgentRow> {
    const agent = await repo.byId(agentId);
    if (!agent) throw new AppError('not_found', AGENT_NOT_FOUND);
    try {
      await accounts.requireMember(agent.accountId, userId);
    } catch {
      throw new AppError('not_found', AGENT_NOT_FOUND);
    }
    return agent;
  }

  /** The agent's tools, each flow, table and note checked to be in the account (and not trashed). */
  async function checkedTools(accountId: string, tools: readonly string[]): Promise<string[]> {
    const scope = agentToolScope(tools);
    const wanted = scope.flows.size + scope.tables.size + scope.notes.size;
    if (wanted > 0) {
      const found = await repo.resources(accountId, {
        flows: [...scope.flows],
        tables: [...scope.tables],
        notes: [...scope.notes],
      });
      if (found.length !== wanted) throw new AppError('bad_request', TOOL_NOT_IN_ACCOUNT, 'tools');
    }
    if (scope.connections.size > 0) {
      const found = await repo.connections(accountId, [...scope.connections]);
      if (found.length !== scope.connections.size)
        throw new AppError('bad_request', CONNECTION_NOT_IN_ACCOUNT, 'tools');
    }
    return [...tools];
  }

  return {
    ownAgent,

    async list({ userId, accountId }: { userId: string; accountId: string }): Promise<AgentList> {
      await accounts.requireMember(accountId, userId);
      return { agents: (await repo.listForAccount(accountId)).map(toAgent) };
    },

    async create({ userId, input }: { userId: string; input: CreateAgent & { accountId: string } }): Promise<Agent> {
      await accounts.requireMember(input.accountId, userId);
      const row = await repo.insert({
        id: newId('agt'),
        accountId: input.accountId,
        createdBy: userId,
        name: input.name,
        avatar: input.avatar ?? '',
        color: input.color ?? 'violet',
        description: input.description ?? '',
        instructions: input.instructions ?? '',
        model: input.model ?? null,
        starterPrompts: input.starterPrompts ?? [],
        category: input.category ?? 'other',
        tools: await checkedTools(input.accountId, input.tools ?? []),
      });
      return toAgent(row);
    },

    async get({ agentId, userId }: { agentId: string; userId: string }): Promise<Agent> {
      return toAgent(await ownAgent(agentId, userId));
    },

    async update({ agentId, userId, input }: { agentId: string; userId: string; input: UpdateAgent }): Promise<Agent> {
      const agent = await ownAgent(agentId, userId);
      const { published, ...fields } = input;
      const values: Parameters<typeof repo.update>[2] = { ...fields };
      if (fields.tools) values.tools = await checkedTools(agent.accountId, fields.tools);
      if (published === true && !agent.publishedAt) values.publishedAt = new Date();
      if (published === false) values.publishedAt = null;
      return toAgent(await repo.update(agent.accountId, agent.id, values));
    },

    /** A copy in the same account, unpublished, made by the caller. */
    async duplicate({ agentId, userId }: { agentId: string; userId: string }): Promise<Agent> {
      const agent = await ownAgent(agentId, userId);
      const row = await repo.insert({
        ...agent,
        id: newId('agt'),
        createdBy: userId,
        name: `${agent.name} (copy)`.slice(0, AGENT_LIMITS.name),
        publishedAt: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      return toAgent(row);
    },

    async remove({ agentId, userId }: { agentId: string; userId: string }) {
      const agent = await ownAgent(agentId, userId);
      await repo.remove(agent.accountId, agent.id);
    },
  };
}

export type AgentService = ReturnType<typeof agentService>;
