/**
 * What a Respond step may send back. A webhook's answer is served from Flowmind's own address, so
 * headers that would act on the visitor's browser for that address (cookies, the page's security
 * policy, credentialed CORS, clearing site data, redirects elsewhere) are refused: a flow author
 * must never be able to act as whoever opens their hook URL. The server also serves every hook
 * response in a sandbox without the app's origin (`hookResponseSecurityHeaders`).
 */

const REFUSED: Record<string, string> = {
  'set-cookie': 'Respond steps may not set cookies',
  'set-cookie2': 'Respond steps may not set cookies',
  'content-security-policy': 'Respond steps may not change the security policy',
  'content-security-policy-report-only': 'Respond steps may not change the security policy',
  'x-content-type-options': 'Respond steps may not change the security policy',
  'access-control-allow-credentials': 'Respond steps may not allow credentialed cross-site requests',
  'clear-site-data': 'Respond steps may not clear site data',
  'strict-transport-security': 'Respond steps may not change the security policy',
  'service-worker-allowed': 'Respond steps may not change the security policy',
  'cross-origin-opener-policy': 'Respond steps may not change the security policy',
  'cross-origin-embedder-policy': 'Respond steps may not change the security policy',
  'cross-origin-resource-policy': 'Respond steps may not change the security policy',
  refresh: 'Use a Location header to redirect',
};

/** A redirect target on this server: a path, not another site (`//host` is another site). */
function isLocalLocation(value: string): boolean {
  const target = value.trim();
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}

/** Why a Respond step may not send this header, or null when it may. */
export function responseHeaderProblem(
  name: string,
  value: string,
  { allowExternalRedirect }: { allowExternalRedirect: boolean },
): string | null {
  const key = name.trim().toLowerCase();
  const refused = REFUSED[key];
  if (refused) return `${refused} (${name.trim()})`;
  if (key === 'location' && !allowExternalRedirect && !isLocalLocation(value))
    return 'Location may only be a path on this server (like /thanks) unless “Allow redirects to other sites” is on';
  return null;
}

/**
 * Headers on every response under /api/hooks/: the page runs in a sandbox with an opaque origin
 * (no `allow-same-origin`), so a script in it cannot read Flowmind's cookies or call its API as
 * the visitor; forms, scripts and popups still work for pages a flow serves.
 */
export const hookResponseSecurityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': 'sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
