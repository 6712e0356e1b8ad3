import { APICallError } from 'ai';

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
  if (!APICallError.isInstance(error)) return null;
  if (error.statusCode === undefined) {
    const cause = error.cause as { code?: string; cause?: { code?: string }; message?: string } | undefined;
    const reason = cause?.code ?? cause?.cause?.code ?? cause?.message ?? error.message;
    return `Could not reach the AI provider at ${host}: ${reason}`;
  }
  const message = apiMessage(error.responseBody, error.message);
  if (error.statusCode === 401 || error.statusCode === 403)
    return `The AI provider at ${host} refused the API key (${error.statusCode}): ${message}`;
  if (error.statusCode === 404) return `The AI model "${model}" was not found at ${host}: ${message}`;
  if (error.statusCode === 429) return `The AI provider at ${host} is rate limiting requests: ${message}`;
  return `The AI provider at ${host} answered ${error.statusCode}: ${message}`;
}
