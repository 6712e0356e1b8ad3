import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A post as it arrived at the local X. */
export type XReceivedPost = { id: string; text: string; authorId: string; inReplyTo: string | null; token: string };

/** A post mentioning someone, as the local X keeps it (X's field names). */
export type XMentionPost = {
  id: string;
  text: string;
  author_id: string;
  created_at: string;
  conversation_id: string;
  in_reply_to_user_id?: string;
  mentions: string;
};

export type XApiCall = { method: string; path: string; body: unknown; token: string };

const ME = { id: '1577000000000000001', name: 'Ada Lovelace', username: 'ada_dev' };
const OTHERS = [{ id: '2244994945', name: 'Developers', username: 'XDevelopers' }];

/**
 * A real HTTP server speaking X's OAuth 2.0 (the consent page `/i/oauth2/authorize`, which insists
 * on PKCE S256 and consents at once; `/2/oauth2/token` for a confidential client with HTTP Basic,
 * giving 2-hour access tokens and refresh tokens that rotate: each works once; `/2/oauth2/revoke`)
 * and the API v2 endpoints the X actions call: users/me, users/by/username, tweets create and
 * delete. Errors have X's shapes: OAuth's `{ error, error_description }` (X answers a used or
 * unknown code or refresh token with invalid_request), the API's problems `{ title, detail, type,
 * status }` and, for a lookup that finds nobody, a 200 with only `errors`. `rateLimitOnce` answers
 * one 429 with x-rate-limit-reset. `GET /_test/posts` lists the posts, for browser tests.
 * `GET /2/users/:id/mentions` answers as X does (newest first, `since_id`, `max_results` 5–100,
 * `pagination_token`, the authors in `includes.users`, `meta`); `addMention` posts one.
 */
export async function startXServer({ clientId, clientSecret }: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const accessTokens = new Set<string>();
  /** The refresh tokens that still work; a used one is dropped as its successor is issued. */
  const refreshTokens = new Set<string>();
  const tokenRequests: { form: Record<string, string>; authorization: string | undefined }[] = [];
  const revoked: string[] = [];
  const posts: XReceivedPost[] = [];
  const mentions: XMentionPost[] = [];
  const calls: XApiCall[] = [];
  const rateLimits: { path: string; resetInSeconds: number }[] = [];
  let sequence = 1846987139428634000n;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const problem = (res: ServerResponse, status: number, title: string, detail: string) =>
    send(res, status, { title, detail, type: 'about:blank', status });
  const readText = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };
  const clientOf = (req: IncomingMessage) =>
    req.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
      : [];
  const invalidToken = { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' };

  function issue(res: ServerResponse, scope: string) {
    const access = `xat_${randomBytes(16).toString('hex')}`;
    const refresh = `xrt_${randomBytes(16).toString('hex')}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    send(res, 200, { token_type: 'bearer', expires_in: 7200, access_token: access, scope, refresh_token: refresh });
  }

  function api(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>, token: string) {
    if (method === 'GET' && path === '/2/users/me') return [200, { data: ME }] as const;
    const mentionsOf = path.match(/^\/2\/users\/(\d+)\/mentions$/);
    if (method === 'GET' && mentionsOf) {
      const max = Number(query.get('max_results') ?? '10');
      if (!Number.isInteger(max) || max < 5 || max > 100)
        return [
          400,
          {
            title: 'Invalid Request',
            detail: 'One or more parameters to your request was invalid.',
            type: 'https://api.twitter.com/2/problems/invalid-request',
            errors: [
              {
                parameters: { max_results: [String(max)] },
                message: `The \`max_results\` query parameter value [${max}] is not between 5 and 100`,
              },
            ],
          },
        ] as const;
      const sinceId = query.get('since_id');
      const newer = (id: string) => !sinceId || BigInt(id) > BigInt(sinceId);
      const all = mentions
        .filter((mention) => mention.mentions === mentionsOf[1] && newer(mention.id))
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
      const start = Number(query.get('pagination_token') ?? '0') || 0;
      const page = all.slice(start, start + max);
      if (page.length === 0) return [200, { meta: { result_count: 0 } }] as const;
      const authorIds = new Set(page.map((mention) => mention.author_id));
      return [
        200,
        {
          data: page.map(({ mentions: _mentions, ...post }) => ({ ...post, edit_history_tweet_ids: [post.id] })),
          includes: { users: [ME, ...OTHERS].filter((user) => authorIds.has(user.id)) },
          meta: {
            newest_id: page[0]?.id,
            oldest_id: page.at(-1)?.id,
            result_count: page.length,
            ...(start + max < all.length ? { next_token: String(start + max) } : {}),
          },
        },
      ] as const;
    }
    const byName = path.match(/^\/2\/users\/by\/username\/([^/]+)$/);
    if (method === 'GET' && byName) {
      const username = decodeURIComponent(byName[1] ?? '');
      const user = [ME, ...OTHERS].find((candidate) => candidate.username.toLowerCase() === username.toLowerCase());
      if (!user)
        return [
          200,
          {
            errors: [
              {
                value: username,
                detail: `Could not find user with username: [${username}].`,
                title: 'Not Found Error',
                resource_type: 'user',
                parameter: 'username',
                resource_id: username,
                type: 'https://api.twitter.com/2/problems/resource-not-found',
              },
            ],
          },
        ] as const;
      const fields = (query.get('user.fields') ?? '').split(',');
      return [
        200,
        {
          data: {
            ...user,
            ...(fields.includes('description') ? { description: `${user.name} on X` } : {}),
            ...(fields.includes('verified') ? { verified: false } : {}),
            ...(fields.includes('created_at') ? { created_at: '2013-12-14T04:35:55.000Z' } : {}),
            ...(fields.includes('profile_image_url')
              ? { profile_image_url: `https://pbs.twimg.com/profile_images/${user.id}_normal.jpg` }
              : {}),
            ...(fields.includes('public_metrics')
              ? {
                  public_metrics: {
                    followers_count: 42,
                    following_count: 7,
                    tweet_count: posts.length,
                    listed_count: 0,
                  },
                }
              : {}),
          },
        },
      ] as const;
    }
    if (method === 'POST' && path === '/2/tweets') {
      const text = typeof body.text === 'string' ? body.text : '';
      const inReplyTo = (body.reply as { in_reply_to_tweet_id?: string } | undefined)?.in_reply_to_tweet_id ?? null;
      if (inReplyTo && !posts.some((candidate) => candidate.id === inReplyTo))
        return [
          403,
          {
            detail: 'You attempted to reply to a Tweet that is deleted or not visible to you.',
            type: 'about:blank',
            title: 'Forbidden',
            status: 403,
          },
        ] as const;
      if (posts.some((candidate) => candidate.text === text))
        return [
          403,
          {
            detail: 'You are not allowed to create a Tweet with duplicate content.',
            type: 'about:blank',
            title: 'Forbidden',
            status: 403,
          },
        ] as const;
      sequence += 1n;
      const created = { id: String(sequence), text, authorId: ME.id, inReplyTo, token };
      posts.push(created);
      return [201, { data: { id: created.id, text, edit_history_tweet_ids: [created.id] } }] as const;
    }
    const tweet = path.match(/^\/2\/tweets\/(\d+)$/);
    if (method === 'DELETE' && tweet) {
      const index = posts.findIndex((candidate) => candidate.id === tweet[1]);
      if (index < 0)
        return [
          404,
          {
            errors: [
              {
                value: tweet[1],
                detail: `Could not find tweet with id: [${tweet[1]}].`,
                title: 'Not Found Error',
                resource_type: 'tweet',
                parameter: 'id',
                resource_id: tweet[1],
                type: 'https://api.twitter.com/2/problems/resource-not-found',
              },
            ],
            title: 'Not Found Error',
            detail: `Could not find tweet with id: [${tweet[1]}].`,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          },
        ] as const;
      posts.splice(index, 1);
      return [200, { data: { deleted: true } }] as const;
    }
    return [
      404,
      { title: 'Not Found', detail: 'Sorry, that page does not exist', type: 'about:blank', status: 404 },
    ] as const;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/i/oauth2/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'code') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Something went wrong: invalid client_id');
        return;
      }
      // X refuses an authorization without PKCE.
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Something went wrong: code_challenge required');
        return;
      }
      const redirect = q.get('redirect_uri') ?? '';
      const back = new URL(redirect);
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri: redirect, scope: q.get('scope') ?? '' });
      back.searchParams.set('state', q.get('state') ?? '');
      back.searchParams.set('code', code);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && (url.pathname === '/2/oauth2/token' || url.pathname === '/2/oauth2/revoke')) {
      const form = Object.fromEntries(new URLSearchParams(await readText(req)));
      const [id, secret] = clientOf(req);
      if (id !== clientId || secret !== clientSecret)
        return send(res, 401, {
          error: 'unauthorized_client',
          error_description: 'Missing valid authorization header',
        });
      if (url.pathname === '/2/oauth2/revoke') {
        const token = form.token ?? '';
        if (accessTokens.delete(token) || refreshTokens.delete(token)) revoked.push(token);
        return send(res, 200, { revoked: true });
      }
      tokenRequests.push({ form, authorization: req.headers.authorization });
      if (form.grant_type === 'authorization_code') {
        const issued = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        const verified =
          issued &&
          form.redirect_uri === issued.redirectUri &&
          createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url') === issued.challenge;
        if (!verified) return send(res, 400, invalidToken);
        return issue(res, issued.scope);
      }
      if (form.grant_type === 'refresh_token') {
        if (!refreshTokens.delete(form.refresh_token ?? '')) return send(res, 400, invalidToken);
        return issue(res, 'tweet.read tweet.write users.read offline.access');
      }
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type.' });
    }
    if (req.method === 'GET' && url.pathname === '/_test/posts') return send(res, 200, { posts });
    if (url.pathname.startsWith('/2/')) {
      const text = ['POST', 'PUT'].includes(req.method ?? '') ? await readText(req) : '';
      let body: Record<string, unknown> = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return problem(res, 400, 'Invalid Request', 'One or more parameters to your request was invalid.');
      }
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!accessTokens.has(token)) return problem(res, 401, 'Unauthorized', 'Unauthorized');
      const limited = rateLimits.findIndex((limit) => url.pathname.startsWith(limit.path));
      if (limited >= 0) {
        const [limit] = rateLimits.splice(limited, 1);
        const reset = Math.ceil(Date.now() / 1000) + (limit?.resetInSeconds ?? 0);
        return send(
          res,
          429,
          { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
          { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
        );
      }
      calls.push({ method: req.method ?? '', path: url.pathname, body, token });
      const [status, answer] = api(req.method ?? '', url.pathname, url.searchParams, body, token);
      return send(res, status, answer);
    }
    res.writeHead(404).end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    env: {
      X_CLIENT_ID: clientId,
      X_CLIENT_SECRET: clientSecret,
      X_AUTHORIZE_URL: `${baseUrl}/i/oauth2/authorize`,
      X_TOKEN_URL: `${baseUrl}/2/oauth2/token`,
      X_API_URL: baseUrl,
    },
    me: ME,
    posts,
    mentions,
    /** Someone (by username, @XDevelopers by default) posts a mention of the connected account. */
    addMention: ({
      text,
      by = 'XDevelopers',
      inReplyTo = false,
    }: {
      text: string;
      by?: string;
      inReplyTo?: boolean;
    }) => {
      const author = [ME, ...OTHERS].find((user) => user.username === by) ?? OTHERS[0];
      sequence += 1n;
      const id = String(sequence);
      const mention: XMentionPost = {
        id,
        text,
        author_id: author?.id ?? '',
        created_at: new Date().toISOString(),
        conversation_id: id,
        ...(inReplyTo ? { in_reply_to_user_id: ME.id } : {}),
        mentions: ME.id,
      };
      mentions.push(mention);
      return mention;
    },
    calls,
    tokenRequests,
    accessTokens,
    refreshTokens,
    revoked,
    /** The next call to a path under `path` answers 429, its window opening again in `resetInSeconds`. */
    rateLimitOnce: (path: string, resetInSeconds: number) => {
      rateLimits.push({ path, resetInSeconds });
    },
    /** The user revoked the app at X: every token stops working. */
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type XServer = Awaited<ReturnType<typeof startXServer>>;
