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
import { routesFor } from '../http/define-route';
import type { SessionReader } from '../http/session';
import type { AiProviderService } from './ai-provider.service';

const Id = z.string().min(1).max(64);
const AccountQuery = z.object({ accountId: Id });
const ProviderParams = z.object({ providerId: Id });
const doc = <const S extends object>(route: S) => ({ tags: ['AI'], ...route });

export function registerAiProviderRoutes(
  app: FastifyInstance,
  { session, providers }: { session: SessionReader; providers: AiProviderService },
) {
  const route = routesFor(app, session);
  route.get(
    '/api/ai/models',
    doc({
      summary: "An account's AI providers (its own and the server's), their models and the default",
      query: AccountQuery,
      response: AiModelsResponse,
    }),
    ({ user, query }) => providers.models({ ...query, userId: user.id }),
  );
  route.post(
    '/api/ai/providers',
    doc({ summary: 'Add an AI provider to an account', body: CreateAiProvider, response: AiProvider, status: 201 }),
    ({ user, body }) => providers.create({ userId: user.id, input: body }),
  );
  route.patch(
    '/api/ai/providers/:providerId',
    doc({
      summary: 'Change an AI provider (apiKey: a new key replaces, null removes, absent keeps)',
      params: ProviderParams,
      body: UpdateAiProvider,
      response: AiProvider,
    }),
    ({ user, params, body }) => providers.update({ providerId: params.providerId, userId: user.id, input: body }),
  );
  route.delete(
    '/api/ai/providers/:providerId',
    doc({ summary: 'Remove an AI provider', params: ProviderParams, status: 204 }),
    async ({ user, params, reply }) => {
      await providers.remove({ providerId: params.providerId, userId: user.id });
      return reply.status(204).send();
    },
  );
  route.post(
    '/api/ai/providers/test',
    doc({
      summary: 'Try a provider as typed, before saving it (an endpoint the server refuses to call is a 400 at baseUrl)',
      body: TryAiProvider,
      response: AiProviderTestResult,
    }),
    ({ user, body }) => providers.tryDraft({ userId: user.id, input: body }),
  );
  route.post(
    '/api/ai/providers/:providerId/test',
    doc({
      summary: 'Send a one-line prompt through a provider and say how it went',
      params: ProviderParams,
      body: TestAiProvider,
      response: AiProviderTestResult,
    }),
    ({ user, params, body }) => providers.test({ providerId: params.providerId, userId: user.id, ...body }),
  );
  route.put(
    '/api/ai/settings',
    doc({
      summary: "Set an account's default AI model (null: the first model listed)",
      query: AccountQuery,
      body: UpdateAiSettings,
      response: AiModelsResponse,
    }),
    ({ user, query, body }) => providers.setDefault({ ...query, userId: user.id, input: body }),
  );
}
