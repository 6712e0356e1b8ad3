import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { aiProviderFromEnv } from '../flows/ai/ai-api';

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

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The server's own provider from its environment (OPENAI_BASE_URL, OPENAI_API_KEY, FLOWMIND_AI_MODEL). */
export function environmentAiModels(env: NodeJS.ProcessEnv): AiModels {
  return {
    async resolve(_accountId, ref) {
      const config = aiProviderFromEnv(env);
      if (!config) return null;
      const wanted = ref?.startsWith('env-openai:') ? ref.slice('env-openai:'.length) : config.model;
      const provider = createOpenAICompatible({
        name: config.name ?? 'openai',
        baseURL: config.baseUrl.replace(/\/+$/, ''),
        apiKey: config.apiKey,
        includeUsage: true,
      });
      return {
        model: provider.chatModel(wanted),
        ref: `env-openai:${wanted}`,
        label: wanted,
        host: hostOf(config.baseUrl),
      };
    },
  };
}
