import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { StepError } from '../steps/step';
import { isBlockedAddress } from './blocked-address';

export type GuardedFetchInit = RequestInit & { timeoutMs?: number };
export type GuardedFetch = (url: string, init?: GuardedFetchInit) => Promise<Response>;

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function refused(target: string): StepError {
  return new StepError(
    `Refused to connect to ${target}: private, loopback and link-local addresses are blocked (an admin can allow them with FLOWMIND_HTTP_ALLOW_PRIVATE=true)`,
  );
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * A DNS lookup that fails when any address of the name is blocked, so the check holds for the
 * address actually connected to (no window for DNS rebinding between a check and the connect).
 */
function guardedLookup(allowed: Set<string>): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowed.has(bare(hostname))) {
        const bad = addresses.find((a) => !allowed.has(a.address) && isBlockedAddress(a.address));
        if (bad) return callback(refused(`${hostname} (${bad.address})`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

function checkUrl(raw: string, { allowPrivate, allowed }: { allowPrivate: boolean; allowed: Set<string> }): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StepError(`"${raw}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new StepError(`Only http and https addresses can be requested, not ${url.protocol.replace(/:$/, '')}`);
  const host = bare(url.hostname);
  // A literal IP is connected to without a DNS lookup, so the lookup hook never sees it.
  if (!allowPrivate && isIP(host) && !allowed.has(host) && isBlockedAddress(host)) throw refused(host);
  return url;
}

/** The init for the next hop: 303 (and 301/302 after a POST) become a GET without a body, as browsers do. */
function redirectInit(init: RequestInit, status: number, from: URL, to: URL): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  const next: RequestInit = { ...init };
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    next.method = method === 'HEAD' ? 'HEAD' : 'GET';
    next.body = undefined;
  }
  if (from.origin !== to.origin) {
    const headers = new Headers(init.headers);
    headers.delete('authorization');
    headers.delete('cookie');
    next.headers = headers;
  }
  return next;
}

/**
 * fetch for flows: refuses private, loopback, link-local and other internal addresses (unless
 * allowed), checks every redirect hop again, and speaks only http and https.
 */
export function createGuardedFetch({
  allowPrivate = false,
  allowHosts = [] as string[],
}: {
  allowPrivate?: boolean;
  allowHosts?: string[];
} = {}): GuardedFetch {
  const allowed = new Set(allowHosts.map((h) => bare(h.trim())).filter(Boolean));
  const dispatcher = new Agent(allowPrivate ? {} : { connect: { lookup: guardedLookup(allowed) } });

  return async (rawUrl, { timeoutMs, ...init } = {}) => {
    const signals = [init.signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : null].filter(
      (s): s is AbortSignal => !!s,
    );
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    let url = checkUrl(rawUrl, { allowPrivate, allowed });
    let hopInit: RequestInit = init;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = (await undiciFetch(url, {
          ...(hopInit as object),
          signal,
          redirect: 'manual',
          dispatcher,
        })) as unknown as Response;
      } catch (error) {
        // undici wraps what the lookup hook threw in "fetch failed".
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof StepError) throw cause;
        throw error;
      }
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location) return response;
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new StepError(`Too many redirects (more than ${MAX_REDIRECTS}) from ${rawUrl}`);
      const next = checkUrl(new URL(location, url).href, { allowPrivate, allowed });
      hopInit = redirectInit(hopInit, response.status, url, next);
      url = next;
    }
  };
}

/** The server's guarded fetch as configured by FLOWMIND_HTTP_ALLOW_PRIVATE and FLOWMIND_HTTP_ALLOW_HOSTS. */
export function guardedFetchFromEnv(env: NodeJS.ProcessEnv = process.env): GuardedFetch {
  return createGuardedFetch(guardedFetchOptionsFromEnv(env));
}

export function guardedFetchOptionsFromEnv(env: NodeJS.ProcessEnv): { allowPrivate: boolean; allowHosts: string[] } {
  return {
    allowPrivate: /^(true|1|yes)$/i.test(env.FLOWMIND_HTTP_ALLOW_PRIVATE?.trim() ?? ''),
    allowHosts: (env.FLOWMIND_HTTP_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  };
}
