import type { LanguageModel } from 'ai';

/**
 * The Vercel AI SDK and its providers, loaded on first use: together they hold about 20 MiB of a
 * server that never calls a model (and more with --enable-source-maps, whose maps come with them).
 * Modules that only pass models around import types, and call through these.
 */

let ai: Promise<typeof import('ai')> | undefined;
let anthropic: Promise<typeof import('@ai-sdk/anthropic')> | undefined;
let openAiCompatible: Promise<typeof import('@ai-sdk/openai-compatible')> | undefined;

/** The `ai` package (generateText, streamText…). */
export const loadAi = () => (ai ??= import('ai'));
const loadAnthropic = () => (anthropic ??= import('@ai-sdk/anthropic'));
const loadOpenAiCompatible = () => (openAiCompatible ??= import('@ai-sdk/openai-compatible'));

/** A callable model, as the SDK's generateText and streamText take it. */
type ModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;

/**
 * A model whose provider package is loaded on its first call. Made at once, like the providers'
 * own, so code that builds models stays synchronous; the SDK only calls what this defines.
 */
function deferredModel(provider: string, modelId: string, load: () => Promise<ModelV3>): ModelV3 {
  let loaded: Promise<ModelV3> | undefined;
  const model = () => {
    loaded ??= load();
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
  return {
    specificationVersion: 'v3',
    provider,
    modelId,
    // The SDK awaits this (a PromiseLike is allowed) before it downloads any URL in a prompt.
    get supportedUrls() {
      return model().then((m) => m.supportedUrls);
    },
    doGenerate: async (options) => (await model()).doGenerate(options),
    doStream: async (options) => (await model()).doStream(options),
  };
}

type AnthropicSettings = NonNullable<Parameters<typeof import('@ai-sdk/anthropic').createAnthropic>[0]>;
type OpenAiCompatibleSettings = Parameters<typeof import('@ai-sdk/openai-compatible').createOpenAICompatible>[0];

/** `createAnthropic(settings).languageModel(modelId)`, loaded on first call. */
export const anthropicModel = (settings: AnthropicSettings, modelId: string): ModelV3 =>
  deferredModel('anthropic.messages', modelId, async () =>
    (await loadAnthropic()).createAnthropic(settings).languageModel(modelId),
  );

/** `createOpenAICompatible(settings).chatModel(modelId)`, loaded on first call. */
export const openAiCompatibleChatModel = (settings: OpenAiCompatibleSettings, modelId: string): ModelV3 =>
  deferredModel(`${settings.name}.chat`, modelId, async () =>
    (await loadOpenAiCompatible()).createOpenAICompatible(settings).chatModel(modelId),
  );

/**
 * `<SdkError>.isInstance(error)` without the SDK: its errors carry a marker symbol per class
 * (`Symbol.for('vercel.ai.error.AI_APICallError')`), which is what its own check reads.
 */
export function isAiSdkError(error: unknown, name: `AI_${string}`): boolean {
  const marker = Symbol.for(`vercel.ai.error.${name}`);
  return error != null && typeof error === 'object' && (error as Record<symbol, unknown>)[marker] === true;
}
