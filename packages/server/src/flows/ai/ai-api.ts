import type { jsonSchema, LanguageModel, NoObjectGeneratedError } from 'ai';
import { z } from 'zod';
import { aiCallErrorMessage, hostOf } from '../../ai/ai-errors';
import type { ResolvedModel } from '../../ai/ai-models';
import { isAiSdkError, loadAi, openAiCompatibleChatModel } from '../../ai/ai-sdk';
import type { AiProviderConfig } from '../../config';
import { type AiApi, StepError } from '../steps/step';

export const NO_AI_MODEL =
  'No AI model is configured. Add one in Settings → AI models, or set OPENAI_BASE_URL and OPENAI_API_KEY on the server.';

/** The SDK's errors in words for the user; a cancelled call keeps its own reason. */
export function aiFailure(
  error: unknown,
  { model, baseUrl, signal }: { model: string; baseUrl: string; signal: AbortSignal },
) {
  if (signal.aborted) return signal.reason instanceof Error ? signal.reason : (error as Error);
  const message = aiCallErrorMessage(error, { model, host: hostOf(baseUrl) });
  if (message) return new StepError(message);
  if (isAiSdkError(error, 'AI_NoObjectGeneratedError')) {
    const noObject = error as NoObjectGeneratedError;
    const answer = (noObject.text ?? '').slice(0, 200);
    const reason = mismatchReason(error);
    return new StepError(
      reason
        ? `The AI model's answer does not match the JSON schema (${reason}): ${answer}`
        : `The AI model's answer is not JSON: ${answer || noObject.message}`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Where an answer breaks the schema, in words ("score: Invalid input: expected number"). */
class SchemaMismatch extends Error {}

/**
 * The user's JSON schema for the model, with a validator (zod built from the same schema) so an
 * answer that does not match fails instead of passing through.
 */
function validatingSchema(schema: Record<string, unknown>, toSchema: typeof jsonSchema) {
  let validator: z.ZodType;
  try {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new StepError(`The JSON schema cannot be used: ${(error as Error).message}`);
  }
  return toSchema(schema, {
    validate(value) {
      const result = validator.safeParse(value);
      if (result.success) return { success: true, value: result.data };
      const issues = result.error.issues.map((i) => `${i.path.join('.') || 'the answer'}: ${i.message}`);
      return { success: false, error: new SchemaMismatch(issues.join('; ')) };
    },
  });
}

function mismatchReason(error: unknown): string | null {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) if (e instanceof SchemaMismatch) return e.message;
  return null;
}

/**
 * Prompts through the Vercel AI SDK. The account's model (from `resolveModel`: its default's provider,
 * its own or the server's) wins over the env settings. Retries are left to the step's retry setting.
 */
export function createAiApi({
  server = null,
  accountId = '',
  resolveModel,
}: {
  /** The server's OpenAI-compatible provider (config.ai.openai), used when the account resolves no model. */
  server?: AiProviderConfig | null;
  accountId?: string;
  /**
   * The account's model for the step (`AccountAiModels.flowModel`: OpenAI-compatible or
   * Anthropic, the step's model name on the default's provider); null falls back to the rest.
   */
  resolveModel?: (accountId: string, requested?: string | null) => Promise<ResolvedModel | null>;
}): AiApi {
  return {
    async generate({ prompt, system, model: requested, schema, signal }) {
      const resolved = resolveModel ? await resolveModel(accountId, requested) : null;
      if (resolved) return run(resolved.model, resolved.label, resolved.host, { prompt, system, schema, signal });
      const config = server;
      if (!config) throw new StepError(NO_AI_MODEL);
      const model = requested?.trim() || config.model;
      const languageModel = openAiCompatibleChatModel(
        {
          name: config.name ?? 'openai',
          baseURL: config.baseUrl.replace(/\/+$/, ''),
          apiKey: config.apiKey,
          // Sends the schema as response_format json_schema (OpenAI and most compatible servers).
          supportsStructuredOutputs: true,
        },
        model,
      );
      return run(languageModel, model, config.baseUrl, { prompt, system, schema, signal });
    },
  };
}

type AiRequest = Parameters<AiApi['generate']>[0];

/** One prompt, answered as text or as JSON matching `schema`; failures in words (`aiFailure`). */
async function run(
  languageModel: LanguageModel,
  model: string,
  where: string,
  { prompt, system, schema, signal }: Pick<AiRequest, 'prompt' | 'system' | 'schema' | 'signal'>,
) {
  const common = { model: languageModel, prompt, system: system || undefined, abortSignal: signal, maxRetries: 0 };
  try {
    // The SDK comes with the first prompt (it is large, and many servers never send one).
    const { generateText, jsonSchema, Output } = await loadAi();
    if (schema) {
      const output = Output.object({ schema: validatingSchema(schema, jsonSchema) });
      const result = await generateText({ ...common, output });
      return { object: result.output, text: result.text, model };
    }
    const result = await generateText(common);
    return { text: result.text, model };
  } catch (error) {
    throw aiFailure(error, { model, baseUrl: where, signal });
  }
}
