import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { StepError } from '../user-error';
import { isBlockedAddress, isLoopbackAddress } from './blocked-address';

/** An entry of FLOWMIND_HTTP_ALLOW_HOSTS: a host (name or IP) on one port, or on any port (null). */
export type AllowRule = { host: string; port: number | null };

export const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

const hostPortOf = (host: string, port: number) => `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;

/** The port a URL connects to: its own, else its scheme's. */
export const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/**
 * `host`, `host:port`, `[v6]` or `[v6]:port`; a bare IPv6 address means any port. Hosts are written
 * the way the URL parser writes them (lower case, IPv4 and IPv6 in canonical form), so `127.1`
 * matches a request to 127.0.0.1.
 */
export function parseAllowHost(entry: string): AllowRule {
  const text = entry.trim();
  const fail = () => new Error(`"${text}" is not a host or host:port`);
  const withPort = isIP(text) === 6 ? null : /^(.*):(\d{1,5})$/.exec(text);
  const host = withPort ? (withPort[1] as string) : text;
  const port = withPort ? Number(withPort[2]) : null;
  if (!host || /[/@?#\s]/.test(host) || (port !== null && (port < 1 || port > 65535))) throw fail();
  try {
    return { host: bareHost(new URL(`http://${isIP(host) === 6 ? `[${host}]` : host}/`).hostname), port };
  } catch {
    throw fail();
  }
}

const listPorts = (ports: number[]) =>
  ports.length === 1
    ? `port ${ports[0]}`
    : `ports ${ports.slice(0, -1).join(', ')} and ${ports[ports.length - 1] as number}`;

/**
 * A connection the policy refused. `message` starts with "Refused to connect to {host}" (what flows'
 * steps show); `reason` says the same on its own, for a form's field.
 */
export class RefusedAddressError extends StepError {
  readonly reason: string;

  constructor(
    target: string,
    hostPort: string,
    localPorts: number[] | null,
    /** The name or IP address asked for, and the address refused (the same for an IP). */
    readonly refused: { host: string; address: string },
  ) {
    const allow = `FLOWMIND_HTTP_ALLOW_HOSTS=${hostPort}`;
    const ports = localPorts && localPorts.length > 0 ? listPorts(localPorts) : null;
    super(
      ports
        ? `Refused to connect to ${target}: local model servers are allowed on ${ports} only. The server's operator can allow this one with ${allow}.`
        : `Refused to connect to ${target}: it is a private address. The server's operator can allow it with ${allow}.`,
    );
    this.reason = ports
      ? `Local model servers are allowed on ${ports} only. The server's operator can allow ${hostPort} with ${allow}.`
      : `${hostPort} is a private address. The server's operator can allow it with ${allow}.`;
  }
}

const LOOKUP_WAIT_MS = 5_000;

export type AddressPolicyOptions = {
  /** Everything goes (FLOWMIND_HTTP_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  /** FLOWMIND_HTTP_ALLOW_HOSTS entries: `host` (any port) or `host:port`. */
  allowHosts?: string[];
  /** Loopback ports allowed without an entry in allowHosts (local model servers, for AI providers only). */
  loopbackPorts?: number[];
};

/**
 * Which host, address and port a request may connect to. Allowing a host on one port leaves its
 * other ports refused, so allowing one local service does not open the app's own API beside it.
 */
export function addressPolicy({ allowPrivate = false, allowHosts = [], loopbackPorts = [] }: AddressPolicyOptions) {
  const rules = allowHosts.filter((h) => h.trim()).map(parseAllowHost);
  const allows = (host: string, port: number) =>
    rules.some((rule) => rule.host === bareHost(host) && (rule.port === null || rule.port === port));

  /** Whether connecting to this IP address (reached through `host`) on `port` is refused. */
  function refuses(host: string, address: string, port: number): boolean {
    if (allowPrivate || allows(host, port) || allows(address, port)) return false;
    if (loopbackPorts.includes(port) && isLoopbackAddress(address)) return false;
    return isBlockedAddress(address);
  }

  function refusal(host: string, address: string, port: number): RefusedAddressError {
    const name = bareHost(host);
    const target = isIP(name) ? name : `${host} (${address})`;
    const local = loopbackPorts.length > 0 && isLoopbackAddress(address) ? loopbackPorts : null;
    return new RefusedAddressError(target, hostPortOf(name, port), local, { host, address });
  }

  /**
   * A DNS lookup for connections to `port` that fails when any address of the name is refused, so
   * the check holds for the address actually connected to (no window for DNS rebinding between a
   * check and the connect).
   */
  function lookupFor(port: number): LookupFunction {
    return (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const bad = addresses.find((a) => refuses(hostname, a.address, port));
        if (bad) return callback(refusal(hostname, bad.address, port), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        const first = addresses[0];
        if (!first)
          return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        callback(null, first.address, first.family);
      });
    };
  }

  /**
   * Lookups only differ by port for the ports some rule names; every other port shares one
   * (`null`), so a caller can keep one connection pool per key.
   */
  const namedPorts = new Set([...rules.flatMap((r) => (r.port === null ? [] : [r.port])), ...loopbackPorts]);
  const portKey = (port: number) => (namedPorts.has(port) ? port : null);

  return {
    allowPrivate,
    portKey,
    lookupFor,
    /** The refusal told for the port actually asked for (a lookup shared by several ports knows only one). */
    refusalAt: (error: RefusedAddressError, port: number) => refusal(error.refused.host, error.refused.address, port),
    /** A literal IP is connected to without a DNS lookup, so the lookup hook never sees it: checked here. */
    checkLiteral(url: URL) {
      const host = bareHost(url.hostname);
      if (isIP(host) && refuses(host, host, portOf(url))) throw refusal(host, host, portOf(url));
    },
    /**
     * Why requests to this URL would be refused, found before any is sent (a name is looked up);
     * null when they would not be, or the name does not resolve (the request will say so).
     */
    async refusalOf(url: URL): Promise<RefusedAddressError | null> {
      const host = bareHost(url.hostname);
      const port = portOf(url);
      if (isIP(host)) return refuses(host, host, port) ? refusal(host, host, port) : null;
      // A resolver that hangs must not hold a save up: the lookup hook still checks each connection.
      const addresses = await new Promise<LookupAddress[]>((resolve) => {
        setTimeout(() => resolve([]), LOOKUP_WAIT_MS).unref();
        dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found));
      });
      const bad = addresses.find((a) => refuses(host, a.address, port));
      return bad ? refusal(host, bad.address, port) : null;
    },
  };
}

export type AddressPolicy = ReturnType<typeof addressPolicy>;
