import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { slackWebApi } from './slack-web-api';

export type { SlackReceivedMessage } from './slack-web-api';

/** A token request as it arrived, for tests to check what the client sent. */
export type SlackTokenRequest = { form: Record<string, string>; authorization: string | undefined };

/** A Web API call as it arrived: its method, form fields (objects JSON-decoded) and token. */
export type SlackApiCall = { method: string; args: Record<string, unknown>; token: string };

/**
 * A real HTTP server speaking Slack's OAuth v2 protocol: the consent page
 * (`/oauth/v2/authorize`, which consents at once, or denies when `consent` is 'deny', and
 * redirects back with code and state as Slack does) and `oauth.v2.access` with client
 * authentication (HTTP Basic or form fields), PKCE checked when a challenge was sent, the
 * authorization_code and refresh_token grants, rotating refresh tokens (a used one is refused with
 * `invalid_refresh_token`), `auth.revoke`, and Slack's `{ ok: false, error }` answers.
 *
 * It also speaks the Web API methods the Slack actions call (chat.postMessage, chat.update,
 * reactions.add, conversations.list and users.list with cursors, conversations.open) for the
 * tokens it handed out, records what arrived, and can answer 429 with Retry-After or an error once.
 * `GET /_test/messages` lists the messages it received, and `POST /_test/post` posts one as a
 * person, for browser tests.
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
  const state = {
    consent: 'allow' as 'allow' | 'deny',
    teamName,
    teamId,
    expiresIn,
    /** Set: every Web API call with any token answers this error (`token_revoked`…). */
    tokenError: null as string | null,
  };
  // The Web API and its messages (slack-web-api.ts).
  const { messages, reactions, postAs, webApi } = slackWebApi(state);
  const calls: SlackApiCall[] = [];
  /** Per method, answers to give once before the method's own: a 429 with Retry-After, or an error. */
  const once = new Map<string, ({ retryAfter: number } | { error: string })[]>();

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
  /** The client sends objects (blocks) as JSON inside the form; JSON bodies are read as they are. */
  const readArgs = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    if (req.headers['content-type']?.startsWith('application/json')) {
      let text = '';
      for await (const chunk of req) text += chunk;
      return JSON.parse(text || '{}');
    }
    const form = await readBody(req);
    return Object.fromEntries(
      Object.entries(form).map(([key, value]) => {
        if (!/^[[{]/.test(value)) return [key, value];
        try {
          return [key, JSON.parse(value)];
        } catch {
          return [key, value];
        }
      }),
    );
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
      team: { id: state.teamId, name: state.teamName },
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
    if (req.method === 'GET' && url.pathname === '/_test/messages') return json(res, { messages });
    if (req.method === 'POST' && url.pathname === '/_test/post') {
      const args = await readArgs(req);
      return json(res, { message: postAs(String(args.channel), String(args.user), String(args.text)) });
    }
    if (req.method === 'POST' && url.pathname.startsWith('/api/')) {
      const method = url.pathname.slice('/api/'.length);
      const args = await readArgs(req);
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? String(args.token ?? '');
      const queued = once.get(method)?.shift();
      if (queued && 'retryAfter' in queued) {
        res.writeHead(429, { 'retry-after': String(queued.retryAfter) }).end();
        return;
      }
      if (queued) return json(res, { ok: false, error: queued.error });
      if (state.tokenError) return json(res, { ok: false, error: state.tokenError });
      if (!accessTokens.has(bearer)) return json(res, { ok: false, error: 'invalid_auth' });
      calls.push({ method, args, token: bearer });
      return json(res, webApi(method, args, bearer));
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
    /** Messages posted through chat.postMessage, as they are now (chat.update changes them). */
    messages,
    /** Every Web API call that passed the token check, in order. */
    calls,
    reactions,
    /** The next call of `method` answers 429 with this Retry-After (seconds), once per call here. */
    rateLimitOnce: (method: string, retryAfter: number) => {
      once.set(method, [...(once.get(method) ?? []), { retryAfter }]);
    },
    /** The next call of `method` answers `{ ok: false, error }`. */
    failOnce: (method: string, error: string) => {
      once.set(method, [...(once.get(method) ?? []), { error }]);
    },
    /** Every Web API call answers this error from now on (`token_revoked`); null to stop. */
    setTokenError: (error: string | null) => {
      state.tokenError = error;
    },
    /** A person posts in a channel (as if in Slack): conversations.history gives it from now on. */
    postAs,
    /** The workspace the next connection is to (another team for another account's connection). */
    setTeam: (id: string, name: string) => {
      state.teamId = id;
      state.teamName = name;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Sends an Events API request as Slack does: JSON body, `X-Slack-Request-Timestamp` and the v0
 * signature (HMAC-SHA256 of `v0:{timestamp}:{body}` with the signing secret), and
 * `X-Slack-Retry-Num` when it is a retry.
 */
export async function sendSlackEvent(
  url: string,
  payload: unknown,
  {
    signingSecret,
    timestamp = Math.floor(Date.now() / 1000),
    retryNum,
  }: { signingSecret: string; timestamp?: number; retryNum?: number },
) {
  const body = JSON.stringify(payload);
  const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signature,
      ...(retryNum !== undefined
        ? { 'x-slack-retry-num': String(retryNum), 'x-slack-retry-reason': 'http_timeout' }
        : {}),
    },
    body,
  });
}

export type SlackServer = Awaited<ReturnType<typeof startSlackServer>>;
