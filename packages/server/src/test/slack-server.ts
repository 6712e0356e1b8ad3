import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A token request as it arrived, for tests to check what the client sent. */
export type SlackTokenRequest = { form: Record<string, string>; authorization: string | undefined };

/**
 * A real HTTP server speaking Slack's OAuth v2 protocol: the consent page
 * (`/oauth/v2/authorize`, which consents at once, or denies when `consent` is 'deny', and
 * redirects back with code and state as Slack does) and `oauth.v2.access` with client
 * authentication (HTTP Basic or form fields), PKCE checked when a challenge was sent, the
 * authorization_code and refresh_token grants, rotating refresh tokens (a used one is refused with
 * `invalid_refresh_token`), `auth.revoke`, and Slack's `{ ok: false, error }` answers.
 */
export async function startSlackServer({
  clientId,
  clientSecret,
  teamName = 'Acme',
  teamId = 'T0ACME',
  expiresIn = 43_200,
}: {
  clientId: string;
  clientSecret: string;
  teamName?: string;
  teamId?: string;
  expiresIn?: number;
}) {
  const codes = new Map<string, { challenge: string | null; redirectUri: string; scope: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const tokenRequests: SlackTokenRequest[] = [];
  const revoked: string[] = [];
  const state = { consent: 'allow' as 'allow' | 'deny', teamName, expiresIn };

  const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return Object.fromEntries(new URLSearchParams(text));
  };

  function grant(scope: string) {
    const access = token('xoxe.xoxb-1');
    const refresh = token('xoxe-1');
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      ok: true,
      access_token: access,
      token_type: 'bot',
      scope,
      bot_user_id: 'U0BOT',
      app_id: 'A0APP',
      team: { id: teamId, name: state.teamName },
      enterprise: null,
      is_enterprise_install: false,
      refresh_token: refresh,
      expires_in: state.expiresIn,
    };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirect);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (url.searchParams.get('client_id') !== clientId) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown client_id');
        return;
      }
      if (state.consent === 'deny') back.searchParams.set('error', 'access_denied');
      else {
        const code = token('code');
        codes.set(code, {
          challenge: url.searchParams.get('code_challenge'),
          redirectUri: redirect,
          scope: url.searchParams.get('scope') ?? '',
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/api/oauth.v2.access') {
      const form = await readBody(req);
      tokenRequests.push({ form, authorization: req.headers.authorization });
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
        : [form.client_id, form.client_secret];
      if (basic[0] !== clientId) return json(res, { ok: false, error: 'invalid_client_id' });
      if (basic[1] !== clientSecret) return json(res, { ok: false, error: 'bad_client_secret' });
      if (form.grant_type === 'refresh_token') {
        if (!form.refresh_token || !refreshTokens.delete(form.refresh_token))
          return json(res, { ok: false, error: 'invalid_refresh_token' });
        return json(res, grant('chat:write,channels:read,users:read'));
      }
      const issued = form.code ? codes.get(form.code) : undefined;
      if (!issued || !form.code) return json(res, { ok: false, error: 'invalid_code' });
      codes.delete(form.code);
      if (form.redirect_uri !== issued.redirectUri) return json(res, { ok: false, error: 'bad_redirect_uri' });
      if (issued.challenge) {
        const computed = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (computed !== issued.challenge) return json(res, { ok: false, error: 'invalid_code_verifier' });
      }
      return json(res, grant(issued.scope));
    }
    if (req.method === 'POST' && url.pathname === '/api/auth.revoke') {
      await readBody(req);
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!accessTokens.delete(bearer)) return json(res, { ok: false, error: 'invalid_auth' });
      revoked.push(bearer);
      return json(res, { ok: true, revoked: true });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    env: {
      SLACK_CLIENT_ID: clientId,
      SLACK_CLIENT_SECRET: clientSecret,
      SLACK_AUTHORIZE_URL: `${baseUrl}/oauth/v2/authorize`,
      SLACK_TOKEN_URL: `${baseUrl}/api/oauth.v2.access`,
      SLACK_API_URL: `${baseUrl}/api`,
    },
    tokenRequests,
    /** Tokens revoked through auth.revoke, in order. */
    revoked,
    /** The access tokens handed out, for tests to tell a live one from a made-up one. */
    accessTokens,
    /** Forgets every refresh token, as revoking the app in Slack does. */
    revokeAll: () => refreshTokens.clear(),
    setConsent: (consent: 'allow' | 'deny') => {
      state.consent = consent;
    },
    setExpiresIn: (seconds: number) => {
      state.expiresIn = seconds;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SlackServer = Awaited<ReturnType<typeof startSlackServer>>;
