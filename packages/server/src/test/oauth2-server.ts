import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * The browser's part at an oidc-provider server (its dev sign-in and consent pages): follows
 * redirects, keeps cookies, signs in as `user` and consents; gives where it sends the user back.
 */
export async function playConsent(authorizeUrl: string, redirectUri: string, user = 'grace') {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    return res;
  };
  let url = authorizeUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`The OAuth server showed an unexpected page: ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login: user, password: 'x' } : {}) });
    const posted = await send(new URL(action, url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    url = new URL(posted.headers.get('location') ?? '', url).toString();
  }
  throw new Error('The OAuth server did not send the browser back');
}

/**
 * A real OAuth 2.0 / OpenID Connect server (oidc-provider) for one confidential client: PKCE
 * required, refresh tokens issued (offline_access) and rotated. `consent(authorizeUrl)` plays the
 * browser through its sign-in and consent pages and returns where it sends the user back.
 */
export async function startOAuth2Server({
  clientId,
  clientSecret,
  redirectUri,
  accountName = 'Grace Hopper',
}: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accountName?: string;
}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile'],
    claims: { openid: ['sub'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, name: accountName }) }),
    // A refresh token for every code grant that asked offline_access, whatever the prompt.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    rotateRefreshToken: true,
    // The name in the ID token itself, which is all a client reads of it at the token endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, revocation: { enabled: true } },
  });
  server.on('request', provider.callback());

  const consent = (authorizeUrl: string, user = 'grace') => playConsent(authorizeUrl, redirectUri, user);

  return {
    issuer,
    env: {
      OAUTH2_CLIENT_ID: clientId,
      OAUTH2_CLIENT_SECRET: clientSecret,
      OAUTH2_AUTHORIZE_URL: `${issuer}/auth`,
      OAUTH2_TOKEN_URL: `${issuer}/token`,
      OAUTH2_SCOPES: 'openid profile offline_access',
    },
    consent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OAuth2Server = Awaited<ReturnType<typeof startOAuth2Server>>;
