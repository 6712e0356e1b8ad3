import { STATUS_CODES } from 'node:http';
import { StepError } from './step';

/** "30 s", "1.5 s" */
export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * What a failed request means to the user: refused by the address rules (already a StepError),
 * timed out, or the host could not be reached. A cancelled execution keeps its own reason.
 */
export function requestFailure(
  error: unknown,
  { url, timeoutMs, signal }: { url: string; timeoutMs: number; signal: AbortSignal },
): Error {
  if (error instanceof StepError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError') return new StepError(`The request timed out after ${seconds(timeoutMs)}`);
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if ((reason as { name?: string } | null)?.name === 'TimeoutError')
      return new StepError(`The request timed out after ${seconds(timeoutMs)}`);
    return reason instanceof Error ? reason : (error as Error);
  }
  const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
  const reason = cause?.code ?? cause?.errors?.find((e) => e.code)?.code ?? cause?.message ?? (error as Error).message;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {}
  return new StepError(`Could not reach ${host}: ${reason}`);
}

/** "The server answered 404 Not Found: <the start of the body>" */
export function statusFailure(response: Response, bodyText: string, who = 'The server'): StepError {
  const statusText = response.statusText || STATUS_CODES[response.status] || '';
  const start = bodyText.trim().slice(0, 300);
  return new StepError(
    `${who} answered ${response.status}${statusText ? ` ${statusText}` : ''}${start ? `: ${start}` : ''}`,
  );
}
