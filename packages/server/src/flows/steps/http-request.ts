import { effectiveSettings } from '@flowmind/shared/flow-steps';
import type { Item } from '@flowmind/shared/flows';
import type { RequestAuth } from '../../integrations/credentials';
import { decodeText, readBody } from './read-body';
import { redactError, redactSecrets } from './redact';
import { requestFailure, statusFailure } from './request-errors';
import { type StepContext, type StepDefinition, StepError } from './step';

type Params = Record<string, unknown>;

/** The largest response body the step reads. */
export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

/** A keyValue param as [key, value] pairs; rows without a key are skipped. */
export function keyValuePairs(value: unknown): [string, string][] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row) => {
    const { key, value: v } = (row ?? {}) as { key?: unknown; value?: unknown };
    const name = String(key ?? '').trim();
    if (!name) return [];
    return [[name, v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)]];
  });
}

/** `a.b.0.c` in a parsed JSON body; undefined when any part is missing. */
export function valueAtPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function parseUrl(raw: unknown): URL {
  const text = String(raw ?? '').trim();
  if (!text) throw new StepError('The URL is empty');
  try {
    return new URL(text);
  } catch {
    throw new StepError(`"${text}" is not a valid URL (it needs to start with https:// or http://)`);
  }
}

function jsonBody(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value ?? null);
  try {
    return JSON.stringify(JSON.parse(value));
  } catch (error) {
    throw new StepError(`The JSON body is not valid JSON: ${(error as Error).message}`);
  }
}

function buildRequest(p: Params): { url: URL; init: RequestInit } {
  const url = parseUrl(p.url);
  for (const [key, value] of keyValuePairs(p.query)) url.searchParams.append(key, value);
  const method = String(p.method || 'GET').toUpperCase();
  const headers = new Headers();
  for (const [key, value] of keyValuePairs(p.headers)) {
    try {
      headers.append(key, value);
    } catch {
      throw new StepError(`"${key}" is not a valid header name, or its value holds a line break`);
    }
  }
  if (p.auth === 'bearer') headers.set('authorization', `Bearer ${String(p.token ?? '')}`);
  if (p.auth === 'basic')
    headers.set(
      'authorization',
      `Basic ${Buffer.from(`${String(p.username ?? '')}:${String(p.password ?? '')}`).toString('base64')}`,
    );
  const bodyType = String(p.bodyType || 'none');
  if (bodyType !== 'none' && (method === 'GET' || method === 'HEAD'))
    throw new StepError(`A ${method} request cannot have a body: choose another method, or set Body to None`);
  let body: string | undefined;
  const contentType = (type: string) => {
    if (!headers.has('content-type')) headers.set('content-type', type);
  };
  if (bodyType === 'json') {
    body = jsonBody(p.jsonBody);
    contentType('application/json');
  } else if (bodyType === 'form') {
    body = new URLSearchParams(keyValuePairs(p.formBody)).toString();
    contentType('application/x-www-form-urlencoded');
  } else if (bodyType === 'text') {
    body = String(p.textBody ?? '');
    contentType('text/plain; charset=utf-8');
  }
  return { url, init: { method, headers, body } };
}

function parseBody(text: string, contentType: string, mode: string): unknown {
  const looksJson = /[/+]json\b/i.test(contentType);
  if (mode === 'text' || (mode === 'auto' && !looksJson)) return text;
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    if (mode === 'auto') return text;
    throw new StepError(`The response is not valid JSON: ${text.trim().slice(0, 100)}`);
  }
}

type Page = { status: number; headers: Record<string, string>; body: unknown };

/** A connection's signature, for requests to the origin of the step's URL only. */
type Signer = { auth: RequestAuth; origin: string };

/**
 * The request as sent: signed when it goes to the signer's origin (a next page elsewhere is not).
 * Only the wire URL carries a query key; logs and errors name the unsigned one.
 */
function signed(
  url: URL,
  init: RequestInit,
  signer: Signer | null,
): { wire: URL; init: RequestInit; sensitiveHeaders?: string[] } {
  if (!signer || url.origin !== signer.origin) return { wire: url, init };
  const wire = new URL(url);
  for (const [key, value] of signer.auth.query) wire.searchParams.set(key, value);
  const headers = new Headers(init.headers);
  for (const [key, value] of Object.entries(signer.auth.headers)) headers.set(key, value);
  return { wire, init: { ...init, headers }, sensitiveHeaders: Object.keys(signer.auth.headers) };
}

async function send(ctx: StepContext, p: Params, url: URL, init: RequestInit, signer: Signer | null): Promise<Page> {
  const { timeoutMs } = effectiveSettings(ctx.node);
  let response: Response;
  let text: string;
  try {
    const request = signed(url, init, signer);
    response = await ctx.services.fetch(request.wire.href, {
      ...request.init,
      sensitiveHeaders: request.sensitiveHeaders,
      signal: ctx.signal,
      timeoutMs,
    });
    text = decodeText(await readBody(response, MAX_RESPONSE_BYTES), response.headers.get('content-type') ?? '');
  } catch (error) {
    throw requestFailure(error, { url: url.href, timeoutMs, signal: ctx.signal });
  }
  ctx.log('info', `${init.method} ${url.origin}${url.pathname} → ${response.status}`);
  if (!response.ok && p.failOnStatus !== false) throw statusFailure(response, text);
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body: parseBody(text, response.headers.get('content-type') ?? '', String(p.response || 'auto')),
  };
}

const asItem = (value: unknown): Item =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Item) : { value };

/** Results of every page, one item each; a page with no results (or an error status) ends it. */
async function paginate(
  ctx: StepContext,
  p: Params,
  first: URL,
  init: RequestInit,
  signer: Signer | null,
): Promise<Item[]> {
  const mode = p.pagination;
  const itemsPath = String(p.itemsPath ?? '').trim();
  const nextUrlPath = String(p.nextUrlPath ?? '').trim();
  const pageParam = String(p.pageParam || 'page').trim();
  if (mode === 'next_url' && !nextUrlPath)
    throw new StepError('Set "Next URL path" to where each page gives the address of the next one');
  const maxPages = Math.max(1, Math.floor(Number(p.maxPages) || 10));
  const out: Item[] = [];
  let url = first;
  for (let page = 1; page <= maxPages; page++) {
    if (mode === 'page_param') url.searchParams.set(pageParam, String(page));
    const answer = await send(ctx, p, url, init, signer);
    if (answer.status >= 400) {
      out.push(answer);
      break;
    }
    const results = itemsPath ? valueAtPath(answer.body, itemsPath) : answer.body;
    if (results === undefined || results === null) break;
    if (!Array.isArray(results))
      throw new StepError(
        itemsPath
          ? `"${itemsPath}" in the response is not a list of results`
          : 'The response is not a list: set "Items path" to where the results are',
      );
    if (results.length === 0) break;
    out.push(...results.map(asItem));
    if (mode === 'next_url') {
      const next = valueAtPath(answer.body, nextUrlPath);
      if (typeof next !== 'string' || next.trim() === '') break;
      url = new URL(next, url);
    } else {
      url = new URL(url);
    }
  }
  return out;
}

export const httpRequestStep: StepDefinition = {
  type: 'http.request',
  sideEffects: true,
  async run(ctx) {
    const out: Item[] = [];
    // One look-up per connection and run: an OAuth token is refreshed at most once here.
    const auths = new Map<string, Promise<RequestAuth>>();
    const secrets = new Set<string>();
    try {
      for (let i = 0; i < ctx.items.length; i++) {
        const p = await ctx.params(i);
        const { url, init } = buildRequest(p);
        // Writes carry an idempotency key that stays the same when a retry or a resumed execution sends them again.
        const headers = init.headers as Headers;
        if (!['GET', 'HEAD', 'OPTIONS'].includes(String(init.method)) && !headers.has('idempotency-key'))
          headers.set('idempotency-key', `${ctx.idempotencyKey}:${i}`);
        const credential = String(p.credential ?? '').trim();
        let signer: Signer | null = null;
        if (credential) {
          if (!auths.has(credential)) auths.set(credential, ctx.services.connections.requestAuth(credential));
          const auth = await (auths.get(credential) as Promise<RequestAuth>);
          for (const secret of auth.secrets) secrets.add(secret);
          signer = { auth, origin: url.origin };
        }
        if (p.pagination === 'next_url' || p.pagination === 'page_param')
          out.push(...(await paginate(ctx, p, url, init, signer)));
        else out.push(await send(ctx, p, url, init, signer));
      }
    } catch (error) {
      throw redactError(error, secrets);
    }
    // A service that echoes the key back must not put it in the saved output.
    return { outputs: { main: secrets.size > 0 ? redactSecrets(out, secrets) : out } };
  },
};
