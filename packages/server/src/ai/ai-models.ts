import type { AiProviderKind } from '@flowmind/shared/ai';
import { AppError } from '@flowmind/shared/errors';
import type { LanguageModel } from 'ai';
import type { AiServerConfig } from '../config';
import type { Db } from '../db/client';
import { addressPolicy } from '../net/address-policy';
import { createGuardedFetch, parseHttpUrl } from '../net/guarded-fetch';
import { hostOf } from './ai-errors';
import { type AiProviderRow, aiProviderRepository } from './ai-provider.repository';
import { anthropicModel, openAiCompatibleChatModel } from './ai-sdk';
import { createSecretBox, type SecretBox } from './secret-box';

/** A model ready to call, and how to name it. */
export type ResolvedModel = {
  model: LanguageModel;
  /** The model's ref (see shared/ai.ts): stored on the messages it writes. */
  ref: string;
  /** The model's name for people ("gpt-4o-mini"). */
  label: string;
  /** Where requests go, for error messages ("api.openai.com"). */
  host: string;
};

/** Which model answers for an account. */
export type AiModels = {
  /**
   * The model named by `ref`, or the account's default when `ref` is null; null when the account
   * has no model at all (no provider of its own and none from the server's environment).
   */
  resolve(accountId: string, ref?: string | null): Promise<ResolvedModel | null>;
};

const NO_SERVER_AI: AiServerConfig = { openai: null, anthropic: null };

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';

/** A provider a model can come from: one of the account's rows, or the server's environment. */
export type AiProviderSource = {
  id: string;
  kind: AiProviderKind;
  name: string;
  /** Null: Anthropic's own endpoint. */
  baseUrl: string | null;
  models: string[];
  fromEnvironment: boolean;
  hasApiKey: boolean;
  /** The key in clear; read only when a model is built, never sent to a browser. */
  apiKey(): string | undefined;
  createdAt: Date;
  updatedAt: Date;
};

/** What an account can pick from: its own providers first, then the server's. */
export type AiCatalog = {
  providers: AiProviderSource[];
  /** ai_settings.default_model when it still names a listed model. */
  storedDefault: string | null;
  /** The model used when none is named: the stored default, else the first listed; null when there is none. */
  defaultRef: string | null;
  /** The provider and model a ref names, when it is one listed here. */
  lookup(ref: string): { source: AiProviderSource; model: string } | null;
};

/** `{providerId}:{model}`; the model may hold colons itself (Ollama's `llama3.2:1b`), provider ids never do. */
export function parseModelRef(ref: string): { providerId: string; model: string } | null {
  const colon = ref.indexOf(':');
  if (colon <= 0 || colon === ref.length - 1) return null;
  return { providerId: ref.slice(0, colon), model: ref.slice(colon + 1) };
}

export const modelRef = (providerId: string, model: string) => `${providerId}:${model}`;

/**
 * The server's providers: OpenAI-compatible from OPENAI_BASE_URL / OPENAI_API_KEY (model
 * FLOWMIND_AI_MODEL), Anthropic from ANTHROPIC_API_KEY (models FLOWMIND_ANTHROPIC_MODELS,
 * endpoint ANTHROPIC_BASE_URL). They are the admin's, so their requests are not guarded.
 */
export function environmentProviders(ai: AiServerConfig, since = new Date()): AiProviderSource[] {
  const sources: AiProviderSource[] = [];
  const { openai, anthropic } = ai;
  if (openai) {
    const host = hostOf(openai.baseUrl);
    sources.push({
      id: 'env-openai',
      kind: 'openai-compatible',
      name: host === 'api.openai.com' ? 'OpenAI' : host,
      baseUrl: openai.baseUrl,
      models: [openai.model],
      fromEnvironment: true,
      hasApiKey: Boolean(openai.apiKey),
      apiKey: () => openai.apiKey,
      createdAt: since,
      updatedAt: since,
    });
  }
  if (anthropic) {
    sources.push({
      id: 'env-anthropic',
      kind: 'anthropic',
      name: 'Anthropic',
      baseUrl: anthropic.baseUrl,
      models: anthropic.models,
      fromEnvironment: true,
      hasApiKey: true,
      apiKey: () => anthropic.apiKey,
      createdAt: since,
      updatedAt: since,
    });
  }
  return sources;
}

export const aiKeyBox = (secret: string): SecretBox => createSecretBox({ secret, purpose: 'ai-provider-key' });

/**
 * How long `resolve` reuses an account's models before reading its providers again. A change made
 * in this process takes effect at once (`forgetAccountModels`); one made by another server process
 * (on PostgreSQL) is seen here within this long.
 */
export const RESOLVED_MODELS_MS = 5_000;
const RESOLVED_MODELS_ACCOUNTS = 10_000;

/**
 * Each account's count of changes to its providers or AI settings made in this process. Every
 * resolver here (the app's, a test's) compares it with the count its kept models were
 * made under, so one `forgetAccountModels` reaches them all.
 */
const accountChanges = new Map<string, number>();

/** Call after an account's providers or AI settings change: this process stops using the models it resolved before. */
export function forgetAccountModels(accountId: string) {
  accountChanges.set(accountId, (accountChanges.get(accountId) ?? 0) + 1);
}

function accountSource(row: AiProviderRow, keys: SecretBox): AiProviderSource {
  return {
    id: row.id,
    kind: row.kind as AiProviderKind,
    name: row.name,
    baseUrl: row.baseUrl,
    models: row.models,
    fromEnvironment: false,
    hasApiKey: row.apiKeySealed !== null,
    apiKey: () => (row.apiKeySealed === null ? undefined : keys.open(row.apiKeySealed)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Models of an account's own providers (keys opened with the server secret) and of the server's
 * environment. Requests to an account's provider go through the guarded fetch, so an account
 * cannot point the server at internal addresses unless the admin allows private ones.
 */
export function accountAiModels({
  db,
  secret,
  ai = NO_SERVER_AI,
  allowPrivateHttp = false,
  allowHosts = [],
  localPorts = [],
  keepMs = RESOLVED_MODELS_MS,
  now = Date.now,
}: {
  db: Db;
  secret: string;
  /** The server's own providers (config.ai); none unless given. */
  ai?: AiServerConfig;
  allowPrivateHttp?: boolean;
  allowHosts?: string[];
  /** Loopback ports an account's provider may use without an allowHosts entry (FLOWMIND_AI_LOCAL_PORTS). */
  localPorts?: number[];
  /** How long a resolved model is reused (RESOLVED_MODELS_MS); 0 reads the providers on every call. */
  keepMs?: number;
  /** The clock `keepMs` is measured on (a test moves it instead of sleeping). */
  now?: () => number;
}) {
  const repo = aiProviderRepository(db);
  const keys = aiKeyBox(secret);
  const network = { allowPrivate: allowPrivateHttp, allowHosts, loopbackPorts: localPorts };
  const guarded = createGuardedFetch(network);
  const policy = addressPolicy(network);
  const guardedFetch: typeof globalThis.fetch = (input, init) =>
    guarded(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init);
  const serverProviders = environmentProviders(ai);

  async function catalog(accountId: string): Promise<AiCatalog> {
    const [rows, stored] = await Promise.all([repo.list(accountId), repo.defaultModel(accountId)]);
    const providers = [...rows.map((row) => accountSource(row, keys)), ...serverProviders];
    const lookup = (ref: string) => {
      const parsed = parseModelRef(ref);
      const source = parsed && providers.find((p) => p.id === parsed.providerId);
      return parsed && source?.models.includes(parsed.model) ? { source, model: parsed.model } : null;
    };
    const storedDefault = stored && lookup(stored) ? stored : null;
    const first = providers.find((p) => p.models.length > 0);
    const firstRef = first ? modelRef(first.id, first.models[0] as string) : null;
    return { providers, storedDefault, defaultRef: storedDefault ?? firstRef, lookup };
  }

  /** A callable model of a provider. `structuredOutputs` sends JSON schemas as OpenAI's response_format. */
  function languageModel(
    source: AiProviderSource,
    model: string,
    { structuredOutputs = false }: { structuredOutputs?: boolean } = {},
  ): ResolvedModel {
    const fetch = source.fromEnvironment ? undefined : guardedFetch;
    const ref = modelRef(source.id, model);
    if (source.kind === 'anthropic') {
      const baseURL = source.baseUrl?.replace(/\/+$/, '') || ANTHROPIC_BASE_URL;
      // The key is always passed, even empty: without one the SDK would read the server's ANTHROPIC_API_KEY.
      const callable = anthropicModel({ baseURL, apiKey: source.apiKey() ?? '', fetch }, model);
      return { model: callable, ref, label: model, host: hostOf(baseURL) };
    }
    const baseURL = (source.baseUrl ?? '').replace(/\/+$/, '');
    const callable = openAiCompatibleChatModel(
      {
        name: 'openai',
        baseURL,
        apiKey: source.apiKey(),
        includeUsage: true,
        supportsStructuredOutputs: structuredOutputs,
        fetch,
      },
      model,
    );
    return { model: callable, ref, label: model, host: hostOf(baseURL) };
  }

  /**
   * A server provider's model by name, listed or not: the admin's endpoint decides which models it
   * serves (an unknown one fails when called), as the environment-only resolver always allowed.
   */
  const serverModel = (ref: string) => {
    const parsed = parseModelRef(ref);
    const source = parsed && serverProviders.find((p) => p.id === parsed.providerId);
    return parsed && source ? { source, model: parsed.model } : null;
  };

  const notOffered = (ref: string) =>
    new AppError('bad_request', `The AI model "${ref}" is not set up for this account`, 'model');

  async function resolveAfresh(accountId: string, ref: string | null): Promise<ResolvedModel | null> {
    const { defaultRef, lookup } = await catalog(accountId);
    if (!defaultRef) return null;
    const wanted = ref || defaultRef;
    const found = lookup(wanted) ?? serverModel(wanted);
    if (!found) throw notOffered(wanted);
    return languageModel(found.source, found.model);
  }

  /**
   * Models resolved per account and ref ('' for the default), reused for `keepMs`: each answer
   * would otherwise read the providers and settings, open the key and build the SDK client (whose
   * response schemas are made, and compiled by zod, once per client).
   */
  const kept = new Map<string, { until: number; changes: number; byRef: Map<string, Promise<ResolvedModel | null>> }>();

  function keptFor(accountId: string) {
    const changes = accountChanges.get(accountId) ?? 0;
    const entry = kept.get(accountId);
    if (entry && entry.until > now() && entry.changes === changes) return entry;
    kept.delete(accountId);
    if (kept.size >= RESOLVED_MODELS_ACCOUNTS) kept.delete(kept.keys().next().value as string);
    const fresh = { until: now() + keepMs, changes, byRef: new Map<string, Promise<ResolvedModel | null>>() };
    kept.set(accountId, fresh);
    return fresh;
  }

  return {
    catalog,
    languageModel,
    /**
     * Why the server would refuse to send an account's provider requests to this base URL (a
     * sentence for the form's field), or null; a name is looked up to see where it points.
     */
    async endpointRefusal(kind: AiProviderKind, baseUrl: string | null | undefined): Promise<string | null> {
      let url: URL;
      try {
        url = parseHttpUrl(baseUrl?.trim() || (kind === 'anthropic' ? ANTHROPIC_BASE_URL : ''));
      } catch {
        return null;
      }
      return (await policy.refusalOf(url))?.reason ?? null;
    },
    /**
     * A model of a provider as typed in a form, not saved yet; `saved` (the provider being edited)
     * lends its stored key when `apiKey` is undefined (null: no key).
     */
    draftModel(
      draft: { kind: AiProviderKind; baseUrl: string | null; apiKey: string | null | undefined },
      saved: AiProviderRow | null,
      model: string,
    ): ResolvedModel {
      const stored = saved ? accountSource(saved, keys) : null;
      const now = new Date();
      return languageModel(
        {
          id: saved?.id ?? 'draft',
          kind: draft.kind,
          name: saved?.name ?? 'draft',
          baseUrl: draft.baseUrl,
          models: [model],
          fromEnvironment: false,
          hasApiKey: draft.apiKey !== undefined ? Boolean(draft.apiKey) : Boolean(stored?.hasApiKey),
          apiKey: () => (draft.apiKey !== undefined ? draft.apiKey || undefined : stored?.apiKey()),
          createdAt: now,
          updatedAt: now,
        },
        model,
      );
    },
    /** Seals a key for ai_providers.api_key_sealed. */
    sealKey: (apiKey: string) => keys.seal(apiKey),

    resolve(accountId: string, ref?: string | null): Promise<ResolvedModel | null> {
      if (keepMs <= 0) return resolveAfresh(accountId, ref ?? null);
      const { byRef } = keptFor(accountId);
      const key = ref ?? '';
      const known = byRef.get(key);
      if (known) return known;
      const resolving = resolveAfresh(accountId, ref ?? null);
      byRef.set(key, resolving);
      // A ref the account does not offer is not kept: the error is thrown again, and a fix seen at once.
      resolving.catch(() => {
        if (byRef.get(key) === resolving) byRef.delete(key);
      });
      return resolving;
    },

    /**
     * The flows AI step's model: the account's default model's provider (its own or the server's,
     * OpenAI-compatible or Anthropic), with the step's model name when it gives one. JSON schemas
     * go as OpenAI's response_format. Null when the account has no model at all.
     */
    async flowModel(accountId: string, requested?: string | null): Promise<ResolvedModel | null> {
      const { defaultRef, lookup } = await catalog(accountId);
      const found = defaultRef ? (lookup(defaultRef) ?? serverModel(defaultRef)) : null;
      if (!found) return null;
      return languageModel(found.source, requested?.trim() || found.model, { structuredOutputs: true });
    },
  } satisfies AiModels & Record<string, unknown>;
}

export type AccountAiModels = ReturnType<typeof accountAiModels>;
