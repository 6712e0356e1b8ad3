import {
  AiModelsResponse,
  AiProvider,
  AiProviderTestResult,
  CreateAiProvider,
  TestAiProvider,
  TryAiProvider,
  UpdateAiProvider,
  UpdateAiSettings,
} from '@flowmind/shared/ai';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/errors';
import type { RouteDoc } from '../http/openapi';
import type { SessionReader } from '../http/session';
import type { AiProviderService } from './ai-provider.service';

const Id = z.string().min(1).max(64);
const AccountQuery = z.object({ accountId: Id });
const ProviderParams = z.object({ providerId: Id });
const doc = (route: Omit<RouteDoc, 'tags'>) => ({ config: { doc: { tags: ['AI'], ...route } } });

export function registerAiProviderRoutes(
  app: FastifyInstance,
  { session, providers }: { session: SessionReader; providers: AiProviderService },
) {
  const userId = async (req: Parameters<SessionReader['requireUser']>[0]) => (await session.requireUser(req)).id;
  const providerId = (req: { params: unknown }) => parse(ProviderParams, req.params).providerId;

  app.get(
    '/api/ai/models',
    doc({
      summary: "An account's AI providers (its own and the server's), their models and the default",
      query: AccountQuery,
      response: AiModelsResponse,
    }),
    async (req) => providers.models({ ...parse(AccountQuery, req.query), userId: await userId(req) }),
  );
  app.post(
    '/api/ai/providers',
    doc({ summary: 'Add an AI provider to an account', body: CreateAiProvider, response: AiProvider, status: 201 }),
    async (req, reply) => {
      const created = await providers.create({ userId: await userId(req), input: parse(CreateAiProvider, req.body) });
      reply.status(201);
      return created;
    },
  );
  app.patch(
    '/api/ai/providers/:providerId',
    doc({
      summary: 'Change an AI provider (apiKey: a new key replaces, null removes, absent keeps)',
      params: ProviderParams,
      body: UpdateAiProvider,
      response: AiProvider,
    }),
    async (req) =>
      providers.update({
        providerId: providerId(req),
        userId: await userId(req),
        input: parse(UpdateAiProvider, req.body),
      }),
  );
  app.delete(
    '/api/ai/providers/:providerId',
    doc({ summary: 'Remove an AI provider', params: ProviderParams, status: 204 }),
    async (req, reply) => {
      await providers.remove({ providerId: providerId(req), userId: await userId(req) });
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/ai/providers/test',
    doc({
      summary: 'Try a provider as typed, before saving it (an endpoint the server refuses to call is a 400 at baseUrl)',
      body: TryAiProvider,
      response: AiProviderTestResult,
    }),
    async (req) => providers.tryDraft({ userId: await userId(req), input: parse(TryAiProvider, req.body) }),
  );
  app.post(
    '/api/ai/providers/:providerId/test',
    doc({
      summary: 'Send a one-line prompt through a provider and say how it went',
      params: ProviderParams,
      body: TestAiProvider,
      response: AiProviderTestResult,
    }),
    async (req) =>
      providers.test({ providerId: providerId(req), userId: await userId(req), ...parse(TestAiProvider, req.body) }),
  );
  app.put(
    '/api/ai/settings',
    doc({
      summary: "Set an account's default AI model (null: the first model listed)",
      query: AccountQuery,
      body: UpdateAiSettings,
      response: AiModelsResponse,
    }),
    async (req) =>
      providers.setDefault({
        ...parse(AccountQuery, req.query),
        userId: await userId(req),
        input: parse(UpdateAiSettings, req.body),
      }),
  );
}
