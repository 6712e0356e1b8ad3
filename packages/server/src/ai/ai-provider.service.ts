import {
  type AiModelsResponse,
  type AiProvider,
  type AiProviderKind,
  type AiProviderTestResult,
  baseUrlProblem,
  type CreateAiProvider,
  type TryAiProvider,
  type UpdateAiProvider,
  type UpdateAiSettings,
} from '@flowmind/shared/ai';
import { AppError } from '@flowmind/shared/errors';
import type { AccountService } from '../accounts/account.service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { aiCallErrorMessage } from './ai-errors';
import {
  type AccountAiModels,
  type AiProviderSource,
  forgetAccountModels,
  modelRef,
  parseModelRef,
  type ResolvedModel,
} from './ai-models';
import { type AiProviderRow, aiProviderRepository } from './ai-provider.repository';
import { loadAi } from './ai-sdk';

const TEST_TIMEOUT_MS = 20_000;
const TEST_PROMPT = 'Reply with the single word OK.';

function toAiProvider(source: AiProviderSource): AiProvider {
  return {
    id: source.id,
    kind: source.kind,
    name: source.name,
    baseUrl: source.baseUrl,
    hasApiKey: source.hasApiKey,
    models: source.models,
    fromEnvironment: source.fromEnvironment,
    createdAt: source.createdAt.toISOString(),
    updatedAt: source.updatedAt.toISOString(),
  };
}

function rowToAiProvider(row: AiProviderRow): AiProvider {
  return {
    id: row.id,
    kind: row.kind as AiProvider['kind'],
    name: row.name,
    baseUrl: row.baseUrl,
    hasApiKey: row.apiKeySealed !== null,
    models: row.models,
    fromEnvironment: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Names once each, in the order given (the first is the provider's own default). */
const distinct = (models: string[]) => [...new Set(models)];

function checkBaseUrl(kind: AiProviderKind, baseUrl: string | null | undefined) {
  const problem = baseUrlProblem(kind, baseUrl);
  if (problem) throw new AppError('bad_request', problem, 'baseUrl');
}

/**
 * An account's AI providers and default model. Members read and test; owners and admins change
 * them (a key is the account's, shared by everyone in it).
 */
export function aiProviderService({
  db,
  accounts,
  models,
}: {
  db: Db;
  accounts: AccountService;
  models: AccountAiModels;
}) {
  const repo = aiProviderRepository(db);

  const notFound = () => new AppError('not_found', 'AI provider not found');

  /** An endpoint the server would refuse to call is not saved: the form says why, at the field. */
  async function checkEndpoint(kind: AiProviderKind, baseUrl: string | null | undefined) {
    checkBaseUrl(kind, baseUrl);
    const refusal = await models.endpointRefusal(kind, baseUrl);
    if (refusal) throw new AppError('bad_request', refusal, 'baseUrl');
  }

  /** The account of a provider, for an owner or admin of it; 404 for anyone outside it. */
  async function managedAccount(providerId: string, userId: string) {
    const accountId = await repo.accountForMember(providerId, userId);
    if (!accountId) throw notFound();
    await accounts.requireManager(accountId, userId);
    return accountId;
  }

  return {
    async models({ accountId, userId }: { accountId: string; userId: string }): Promise<AiModelsResponse> {
      await accounts.requireMember(accountId, userId);
      const { providers, storedDefault, defaultRef } = await models.catalog(accountId);
      return {
        providers: providers.map(toAiProvider),
        models: providers.flatMap((provider) =>
          provider.models.map((model) => {
            const ref = modelRef(provider.id, model);
            return { ref, model, providerId: provider.id, providerName: provider.name, isDefault: ref === defaultRef };
          }),
        ),
        defaultModel: storedDefault,
      };
    },

    async create({ userId, input }: { userId: string; input: CreateAiProvider }): Promise<AiProvider> {
      await accounts.requireManager(input.accountId, userId);
      await checkEndpoint(input.kind, input.baseUrl);
      const row = await repo.insert({
        id: newId('aip'),
        accountId: input.accountId,
        kind: input.kind,
        name: input.name,
        baseUrl: input.baseUrl || null,
        apiKeySealed: input.apiKey ? models.sealKey(input.apiKey) : null,
        models: distinct(input.models),
        createdBy: userId,
      });
      forgetAccountModels(input.accountId);
      return rowToAiProvider(row);
    },

    async update({
      providerId,
      userId,
      input,
    }: {
      providerId: string;
      userId: string;
      input: UpdateAiProvider;
    }): Promise<AiProvider> {
      const accountId = await managedAccount(providerId, userId);
      const current = await repo.get(accountId, providerId);
      if (!current) throw notFound();
      if (input.baseUrl !== undefined) await checkEndpoint(current.kind as AiProviderKind, input.baseUrl);
      const row = await repo.update(accountId, providerId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl || null } : {}),
        ...(input.apiKey !== undefined ? { apiKeySealed: input.apiKey ? models.sealKey(input.apiKey) : null } : {}),
        ...(input.models !== undefined ? { models: distinct(input.models) } : {}),
      });
      if (!row) throw notFound();
      forgetAccountModels(accountId);
      return rowToAiProvider(row);
    },

    async remove({ providerId, userId }: { providerId: string; userId: string }) {
      const accountId = await managedAccount(providerId, userId);
      const stored = await repo.defaultModel(accountId);
      if (!(await repo.remove(accountId, providerId))) throw notFound();
      forgetAccountModels(accountId);
      if (stored && parseModelRef(stored)?.providerId === providerId) await repo.setDefaultModel(accountId, null);
    },

    async setDefault({
      accountId,
      userId,
      input,
    }: {
      accountId: string;
      userId: string;
      input: UpdateAiSettings;
    }): Promise<AiModelsResponse> {
      await accounts.requireManager(accountId, userId);
      if (input.defaultModel !== null) {
        const { lookup } = await models.catalog(accountId);
        if (!lookup(input.defaultModel))
          throw new AppError(
            'bad_request',
            `The AI model "${input.defaultModel}" is not set up for this account`,
            'defaultModel',
          );
      }
      await repo.setDefaultModel(accountId, input.defaultModel);
      forgetAccountModels(accountId);
      return this.models({ accountId, userId });
    },

    /** Sends a one-line prompt to the provider's first model (or `model`) and says how it went. */
    async test({
      accountId,
      providerId,
      userId,
      model: wanted,
    }: {
      accountId: string;
      providerId: string;
      userId: string;
      model?: string;
    }): Promise<AiProviderTestResult> {
      await accounts.requireMember(accountId, userId);
      const { providers } = await models.catalog(accountId);
      const source = providers.find((p) => p.id === providerId);
      if (!source) throw notFound();
      const model = wanted ?? source.models[0];
      if (!model || !source.models.includes(model))
        throw new AppError('bad_request', `"${wanted}" is not one of this provider's models`, 'model');
      return tryModel(models.languageModel(source, model), model);
    },

    /**
     * Tries a provider as typed in its form, before it is saved: an endpoint the server refuses is
     * a 400 at `baseUrl` (as saving it would be); otherwise a one-line prompt says how it went.
     */
    async tryDraft({ userId, input }: { userId: string; input: TryAiProvider }): Promise<AiProviderTestResult> {
      await accounts.requireManager(input.accountId, userId);
      const saved = input.providerId ? await repo.get(input.accountId, input.providerId) : null;
      if (input.providerId && !saved) throw notFound();
      await checkEndpoint(input.kind, input.baseUrl);
      const draft = { kind: input.kind, baseUrl: input.baseUrl || null, apiKey: input.apiKey };
      return tryModel(models.draftModel(draft, saved, input.model), input.model);
    },
  };
}

async function tryModel(resolved: ResolvedModel, model: string): Promise<AiProviderTestResult> {
  try {
    const { generateText } = await loadAi();
    const result = await generateText({
      model: resolved.model,
      prompt: TEST_PROMPT,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    });
    const answer = result.text.trim().replace(/\s+/g, ' ').slice(0, 80);
    return { ok: true, message: `${model} answered: ${answer || '(an empty reply)'}` };
  } catch (error) {
    return { ok: false, message: testFailure(error, { model, host: resolved.host }) };
  }
}

function testFailure(error: unknown, { model, host }: { model: string; host: string }): string {
  const message = aiCallErrorMessage(error, { model, host });
  if (message) return message;
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return `No answer from ${host} within ${TEST_TIMEOUT_MS / 1000} seconds`;
  return (error as Error)?.message || String(error);
}

export type AiProviderService = ReturnType<typeof aiProviderService>;
