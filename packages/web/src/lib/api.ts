import type { ErrorCode } from '@flowmind/shared/errors';

/** An API failure with the server's code and, for input errors, the field that is wrong. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network';
  readonly status: number;
  readonly field?: string;
  constructor({
    message,
    code,
    status,
    field,
  }: {
    message: string;
    code: ErrorCode | 'network';
    status: number;
    field?: string;
  }) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The request outlives the page (a small save sent as the page is left); bodies up to 64 KB. */
  keepalive?: boolean;
};

const fallbackCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
};

/** The server's error body (or a bare status) as an ApiError. */
export function errorFromBody(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: ErrorCode; message?: string; field?: string } } | null)?.error;
  return new ApiError({
    status,
    code: error?.code ?? fallbackCodes[status] ?? 'internal',
    message: error?.message || `Request failed (${status})`,
    field: error?.field,
  });
}

/**
 * Sends a request the way every API call is sent (same-origin cookies; writes carry a JSON body,
 * reads ask for `accept`); a failure to reach the server becomes an ApiError. The caller reads the
 * body, and the status.
 */
export async function request(
  path: string,
  { method = 'GET', body, signal, keepalive, accept = 'application/json' }: RequestOptions & { accept?: string } = {},
): Promise<Response> {
  const isWrite = method !== 'GET';
  try {
    return await fetch(path, {
      method,
      signal,
      keepalive,
      credentials: 'same-origin',
      // Writes always carry a JSON body: the server treats JSON as the only accepted write format.
      headers: isWrite ? { 'content-type': 'application/json' } : { accept },
      body: isWrite ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'network', message: 'Could not reach the server. Check your connection.' });
  }
}

/** The one way the web app talks to the JSON API; a non-2xx answer becomes an ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options);
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) throw errorFromBody(response.status, parsed);
  return parsed as T;
}

export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
