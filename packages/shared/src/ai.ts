import { z } from 'zod';

/**
 * AI providers and models contract (REST under /api/ai). An account keeps its own providers: any
 * endpoint speaking the OpenAI chat completions API (OpenAI, Ollama, vLLM, LM Studio, OpenRouter)
 * or Anthropic. API keys go in and never come back: a provider says only whether it has one.
 * The server may also offer providers from its environment (OPENAI_BASE_URL / OPENAI_API_KEY,
 * ANTHROPIC_API_KEY), listed read-only beside the account's.
 *
 * A model is named by a ref: `{providerId}:{model}` for an account's provider, `env-openai:{model}`
 * or `env-anthropic:{model}` for the server's.
 */

export const AiProviderKind = z.enum(['openai-compatible', 'anthropic']);
export type AiProviderKind = z.infer<typeof AiProviderKind>;

export const AI_LIMITS = { name: 80, baseUrl: 500, apiKey: 500, model: 200, models: 50 } as const;

const ModelName = z.string().trim().min(1, 'Enter a model name').max(AI_LIMITS.model);

export const AiProvider = z.object({
  id: z.string(),
  kind: AiProviderKind,
  name: z.string(),
  /** For openai-compatible providers; null for Anthropic's own endpoint. */
  baseUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  models: z.array(z.string()),
  /** Set by the server's environment, not editable in the app. */
  fromEnvironment: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiProvider = z.infer<typeof AiProvider>;

export const CreateAiProvider = z.object({
  accountId: z.string().min(1),
  kind: AiProviderKind,
  name: z.string().trim().min(1, 'Enter a name').max(AI_LIMITS.name),
  baseUrl: z.string().trim().max(AI_LIMITS.baseUrl).url('Enter a URL such as https://api.openai.com/v1').optional(),
  apiKey: z.string().trim().max(AI_LIMITS.apiKey).optional(),
  models: z.array(ModelName).min(1, 'Add at least one model').max(AI_LIMITS.models),
});
export type CreateAiProvider = z.infer<typeof CreateAiProvider>;

/**
 * `apiKey`: a new key replaces the old; null removes it; absent keeps it. `baseUrl` null: Anthropic's
 * own endpoint again (an OpenAI-compatible provider always needs one).
 */
export const UpdateAiProvider = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(AI_LIMITS.name).optional(),
  baseUrl: z
    .string()
    .trim()
    .max(AI_LIMITS.baseUrl)
    .url('Enter a URL such as https://api.openai.com/v1')
    .nullable()
    .optional(),
  apiKey: z.string().trim().max(AI_LIMITS.apiKey).nullable().optional(),
  models: z.array(ModelName).min(1, 'Add at least one model').max(AI_LIMITS.models).optional(),
});
export type UpdateAiProvider = z.infer<typeof UpdateAiProvider>;

/** A model someone can pick: in the chat's model picker and in settings. */
export const AiModelOption = z.object({
  ref: z.string(),
  model: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  isDefault: z.boolean(),
});
export type AiModelOption = z.infer<typeof AiModelOption>;

export const AiModelsResponse = z.object({
  providers: z.array(AiProvider),
  models: z.array(AiModelOption),
  /** The account's default model ref, or null (then the first model listed is used). */
  defaultModel: z.string().nullable(),
});
export type AiModelsResponse = z.infer<typeof AiModelsResponse>;

export const UpdateAiSettings = z.object({ defaultModel: z.string().min(1).max(300).nullable() });
export type UpdateAiSettings = z.infer<typeof UpdateAiSettings>;

/** Try a provider (the account's own, or the server's) in an account: its first model unless `model` names one. */
export const TestAiProvider = z.object({ accountId: z.string().min(1), model: ModelName.optional() });
export type TestAiProvider = z.infer<typeof TestAiProvider>;

/**
 * Try a provider as typed in its form, before it is saved (owners and admins). `providerId`: the
 * provider being edited, whose saved key is used while `apiKey` is absent (null: no key).
 */
export const TryAiProvider = z.object({
  accountId: z.string().min(1),
  kind: AiProviderKind,
  baseUrl: CreateAiProvider.shape.baseUrl,
  apiKey: z.string().trim().max(AI_LIMITS.apiKey).nullable().optional(),
  providerId: z.string().min(1).max(64).optional(),
  model: ModelName,
});
export type TryAiProvider = z.infer<typeof TryAiProvider>;

/** The result of trying a provider: a one-word prompt through it. */
export const AiProviderTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type AiProviderTestResult = z.infer<typeof AiProviderTestResult>;

/**
 * What is wrong with a provider's base URL beyond its shape, or null: an OpenAI-compatible provider
 * needs one, and only http(s) is spoken (zod's url() also takes `localhost:11434` as scheme + path).
 */
export function baseUrlProblem(kind: AiProviderKind, baseUrl: string | null | undefined): string | null {
  if (!baseUrl?.trim())
    return kind === 'openai-compatible' ? 'Enter the base URL, such as https://api.openai.com/v1' : null;
  if (!/^https?:\/\//i.test(baseUrl.trim())) return 'The base URL must start with http:// or https://';
  return null;
}

export const NO_AI_PROVIDER_MESSAGE = 'No AI model is set up for this account yet.';
