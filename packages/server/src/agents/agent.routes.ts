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
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { AgentService } from './agent.service';
import type { AgentGalleryService } from './agent-gallery.service';

const Id = z.string().min(1).max(64);
const AccountQuery = z.object({ accountId: Id });
const AgentParams = z.object({ agentId: Id });
const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['Agents'], ...route } } });

export function registerAgentRoutes(
  app: FastifyInstance,
  { session, agents, gallery }: { session: SessionReader; agents: AgentService; gallery: AgentGalleryService },
) {
  app.get(
    '/api/agents',
    doc({ summary: "An account's agents, last changed first", query: AccountQuery, response: AgentList }),
    async (req) => {
      const user = await session.requireUser(req);
      return agents.list({ userId: user.id, ...parse(AccountQuery, req.query) });
    },
  );
  app.post(
    '/api/agents',
    doc({ summary: 'Make an agent', body: CreateAgent, response: Agent, status: 201 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      reply.status(201);
      return agents.create({ userId: user.id, input: parse(CreateAgent, req.body) });
    },
  );
  app.get(
    '/api/agents/:agentId',
    doc({ summary: 'One of your accounts’ agents', params: AgentParams, response: Agent }),
    async (req) => {
      const user = await session.requireUser(req);
      return agents.get({ ...parse(AgentParams, req.params), userId: user.id });
    },
  );
  app.patch(
    '/api/agents/:agentId',
    doc({ summary: 'Change an agent, or publish it', params: AgentParams, body: UpdateAgent, response: Agent }),
    async (req) => {
      const user = await session.requireUser(req);
      return agents.update({
        ...parse(AgentParams, req.params),
        userId: user.id,
        input: parse(UpdateAgent, req.body),
      });
    },
  );
  app.post(
    '/api/agents/:agentId/duplicate',
    doc({ summary: 'Copy an agent in its account', params: AgentParams, response: Agent, status: 201 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      reply.status(201);
      return agents.duplicate({ ...parse(AgentParams, req.params), userId: user.id });
    },
  );
  app.delete(
    '/api/agents/:agentId',
    doc({ summary: 'Delete an agent (its chats stay, with the assistant)', params: AgentParams, status: 204 }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      await agents.remove({ ...parse(AgentParams, req.params), userId: user.id });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/explore/agents',
    doc({ summary: 'Published agents: search, category, popular or new', query: ExploreQuery, response: ExploreList }),
    async (req) => {
      const user = await session.requireUser(req);
      return gallery.list({ userId: user.id, query: parse(ExploreQuery, req.query) });
    },
  );
  app.get(
    '/api/explore/agents/:agentId',
    doc({
      summary: 'A published agent (or one of your accounts’), as the gallery shows it',
      params: AgentParams,
      response: PublicAgent,
    }),
    async (req) => {
      const user = await session.requireUser(req);
      return gallery.get({ ...parse(AgentParams, req.params), userId: user.id });
    },
  );
  app.post(
    '/api/explore/agents/:agentId/like',
    doc({ summary: 'Like a published agent', params: AgentParams, response: LikeResult }),
    async (req) => {
      const user = await session.requireUser(req);
      return gallery.like({ ...parse(AgentParams, req.params), userId: user.id, liked: true });
    },
  );
  app.delete(
    '/api/explore/agents/:agentId/like',
    doc({ summary: 'Take a like back', params: AgentParams, response: LikeResult }),
    async (req) => {
      const user = await session.requireUser(req);
      return gallery.like({ ...parse(AgentParams, req.params), userId: user.id, liked: false });
    },
  );
  app.post(
    '/api/explore/agents/:agentId/use',
    doc({
      summary: 'Copy a published agent into one of your accounts',
      params: AgentParams,
      body: UseAgent,
      response: Agent,
      status: 201,
    }),
    async (req, reply) => {
      const user = await session.requireUser(req);
      reply.status(201);
      return gallery.use({ ...parse(AgentParams, req.params), ...parse(UseAgent, req.body), userId: user.id });
    },
  );
  app.get(
    '/api/leaderboard',
    doc({ summary: 'Agents and creators by popularity', query: LeaderboardQuery, response: Leaderboard }),
    async (req) => {
      await session.requireUser(req);
      return gallery.leaderboard(parse(LeaderboardQuery, req.query));
    },
  );
}
