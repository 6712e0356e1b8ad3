import {
  Agent,
  AgentList,
  CreateAgent,
  ExploreList,
  ExploreQuery,
  Leaderboard,
  LeaderboardQuery,
  LikeResult,
  PublicAgent,
  UpdateAgent,
  UseAgent,
} from '@flowmind/shared/agents';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { AgentService } from './agent.service';
import type { AgentGalleryService } from './agent-gallery.service';

const Id = z.string().min(1).max(64);
const AccountQuery = z.object({ accountId: Id });
const AgentParams = z.object({ agentId: Id });
const doc = <const S extends object>(route: S) => ({ tags: ['Agents'], ...route });

export function registerAgentRoutes(
  app: FastifyInstance,
  { session, agents, gallery }: { session: SessionReader; agents: AgentService; gallery: AgentGalleryService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/agents',
    doc({ summary: "An account's agents, last changed first", query: AccountQuery, response: AgentList }),
    async ({ user, query }) => {
      return agents.list({ userId: user.id, ...query });
    },
  );
  route.post(
    '/api/agents',
    doc({ summary: 'Make an agent', body: CreateAgent, response: Agent, status: 201 }),
    async ({ reply, user, body }) => {
      reply.status(201);
      return agents.create({ userId: user.id, input: body });
    },
  );
  route.get(
    '/api/agents/:agentId',
    doc({ summary: 'One of your accounts’ agents', params: AgentParams, response: Agent }),
    async ({ user, params }) => {
      return agents.get({ ...params, userId: user.id });
    },
  );
  route.patch(
    '/api/agents/:agentId',
    doc({ summary: 'Change an agent, or publish it', params: AgentParams, body: UpdateAgent, response: Agent }),
    async ({ user, params, body }) => {
      return agents.update({
        ...params,
        userId: user.id,
        input: body,
      });
    },
  );
  route.post(
    '/api/agents/:agentId/duplicate',
    doc({ summary: 'Copy an agent in its account', params: AgentParams, response: Agent, status: 201 }),
    async ({ reply, user, params }) => {
      reply.status(201);
      return agents.duplicate({ ...params, userId: user.id });
    },
  );
  route.delete(
    '/api/agents/:agentId',
    doc({ summary: 'Delete an agent (its chats stay, with the assistant)', params: AgentParams, status: 204 }),
    async ({ reply, user, params }) => {
      await agents.remove({ ...params, userId: user.id });
      return reply.status(204).send();
    },
  );

  route.get(
    '/api/explore/agents',
    doc({ summary: 'Published agents: search, category, popular or new', query: ExploreQuery, response: ExploreList }),
    async ({ user, query }) => {
      return gallery.list({ userId: user.id, query: query });
    },
  );
  route.get(
    '/api/explore/agents/:agentId',
    doc({
      summary: 'A published agent (or one of your accounts’), as the gallery shows it',
      params: AgentParams,
      response: PublicAgent,
    }),
    async ({ user, params }) => {
      return gallery.get({ ...params, userId: user.id });
    },
  );
  route.post(
    '/api/explore/agents/:agentId/like',
    doc({ summary: 'Like a published agent', params: AgentParams, response: LikeResult }),
    async ({ user, params }) => {
      return gallery.like({ ...params, userId: user.id, liked: true });
    },
  );
  route.delete(
    '/api/explore/agents/:agentId/like',
    doc({ summary: 'Take a like back', params: AgentParams, response: LikeResult }),
    async ({ user, params }) => {
      return gallery.like({ ...params, userId: user.id, liked: false });
    },
  );
  route.post(
    '/api/explore/agents/:agentId/use',
    doc({
      summary: 'Copy a published agent into one of your accounts',
      params: AgentParams,
      body: UseAgent,
      response: Agent,
      status: 201,
    }),
    async ({ reply, user, params, body }) => {
      reply.status(201);
      return gallery.use({ ...params, ...body, userId: user.id });
    },
  );
  route.get(
    '/api/leaderboard',
    doc({ summary: 'Agents and creators by popularity', query: LeaderboardQuery, response: Leaderboard }),
    ({ query }) => gallery.leaderboard(query),
  );
}
