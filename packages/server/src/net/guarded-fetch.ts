import type { Agent } from 'undici';
import { StepError } from '../user-error';
import {
  type AddressPolicy,
  type AddressPolicyOptions,
  addressPolicy,
  portOf,
  RefusedAddressError,
} from './address-policy';

export type GuardedFetchInit = RequestInit & {
  timeoutMs?: number;
  /** Headers carrying a credential (an API key): dropped, like Authorization, when a redirect leaves the origin. */
  sensitiveHeaders?: string[];
};
export type GuardedFetch = (url: string, init?: GuardedFetchInit) => Promise<Response>;

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StepError(`"${raw}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new StepError(`Only http and https addresses can be requested, not ${url.protocol.replace(/:$/, '')}`);
  return url;
}

function checkUrl(raw: string, policy: AddressPolicy): URL {
  const url = parseHttpUrl(raw);
  if (!policy.allowPrivate) policy.checkLiteral(url);
  return url;
}

/** The init for the next hop: 303 (and 301/302 after a POST) become a GET without a body, as browsers do. */
function redirectInit(
  init: RequestInit,
  status: number,
  from: URL,
  to: URL,
  sensitiveHeaders: string[] = [],
): RequestInit {
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
    for (const name of sensitiveHeaders) headers.delete(name);
    next.headers = headers;
  }
  return next;
}

type Undici = typeof import('undici');
let undiciModule: Promise<Undici> | undefined;
/** undici (about 13 MiB loaded, apart from the copy inside Node's own fetch) comes with the first request. */
const loadUndici = () => {
  undiciModule ??= import('undici');
  return undiciModule;
};

/**
 * fetch for flows: refuses private, loopback, link-local and other internal addresses (unless
 * allowed, per host or per host and port), checks every redirect hop again (its port too), and
 * speaks only http and https.
 */
export function createGuardedFetch(options: AddressPolicyOptions = {}): GuardedFetch {
  const policy = addressPolicy(options);
  let open: Agent | null = null;
  // The lookup hook does not see the port, so each port the rules name gets its own agent (and pool).
  const agents = new Map<number | null, Agent>();
  const agentFor = ({ Agent }: Undici, url: URL) => {
    if (policy.allowPrivate) {
      open ??= new Agent();
      return open;
    }
    const key = policy.portKey(portOf(url));
    let agent = agents.get(key);
    if (!agent) {
      agent = new Agent({ connect: { lookup: policy.lookupFor(portOf(url)) } });
      agents.set(key, agent);
    }
    return agent;
  };

  return async (rawUrl, { timeoutMs, sensitiveHeaders, ...init } = {}) => {
    const signals = [init.signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : null].filter(
      (s): s is AbortSignal => !!s,
    );
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    let url = checkUrl(rawUrl, policy);
    let hopInit: RequestInit = init;
    const undici = await loadUndici();
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = (await undici.fetch(url, {
          ...(hopInit as object),
          signal,
          redirect: 'manual',
          dispatcher: agentFor(undici, url),
        })) as unknown as Response;
      } catch (error) {
        // undici wraps what the lookup hook threw in "fetch failed".
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof RefusedAddressError) throw policy.refusalAt(cause, portOf(url));
        if (cause instanceof StepError) throw cause;
        throw error;
      }
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location) return response;
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new StepError(`Too many redirects (more than ${MAX_REDIRECTS}) from ${rawUrl}`);
      const next = checkUrl(new URL(location, url).href, policy);
      hopInit = redirectInit(hopInit, response.status, url, next, sensitiveHeaders);
      url = next;
    }
  };
}
