import type { APICallError } from 'ai';
import { isAiSdkError } from './ai-sdk';

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The provider's own error text (OpenAI and Anthropic both answer `{ error: { message } }`). */
function apiMessage(body: string | undefined, fallback: string): string {
  try {
    const message = (JSON.parse(body ?? '') as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string' && message) return message;
  } catch {}
  return (body?.trim() || fallback).slice(0, 300);
}

/**
 * A failed call to a provider in words for people: unreachable host, refused key, unknown model,
 * rate limit, other statuses. Null when the error is not a provider call's.
 */
export function aiCallErrorMessage(error: unknown, { model, host }: { model: string; host: string }): string | null {
  if (!isAiSdkError(error, 'AI_APICallError')) return null;
  const call = error as APICallError;
  if (call.statusCode === undefined) {
    const cause = call.cause as { code?: string; cause?: { code?: string }; message?: string } | undefined;
    const reason = cause?.code ?? cause?.cause?.code ?? cause?.message ?? call.message;
    return `Could not reach the AI provider at ${host}: ${reason}`;
  }
  const message = apiMessage(call.responseBody, call.message);
  if (call.statusCode === 401 || call.statusCode === 403)
    return `The AI provider at ${host} refused the API key (${call.statusCode}): ${message}`;
  if (call.statusCode === 404) return `The AI model "${model}" was not found at ${host}: ${message}`;
  if (call.statusCode === 429) return `The AI provider at ${host} is rate limiting requests: ${message}`;
  return `The AI provider at ${host} answered ${call.statusCode}: ${message}`;
}
