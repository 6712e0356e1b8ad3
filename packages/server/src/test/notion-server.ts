import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DATA_SOURCE_ID, DATABASE_ID, notionApi, richText, WIKI_ID } from './notion-api';

export type { NotionReceivedPage } from './notion-api';

export type NotionApiCall = { method: string; path: string; body: unknown; token: string; version: string };

/**
 * A real HTTP server speaking Notion's public OAuth (the consent page `/v1/oauth/authorize`, which
 * consents at once or denies, and `/v1/oauth/token` with HTTP Basic client credentials and a JSON
 * body, answering with the workspace and bot; `/v1/oauth/revoke`) and the API endpoints the Notion
 * actions and triggers call: search, data sources and databases retrieve, data source query (with
 * created_time / last_edited_time filters and sorts, in pages of `page_size`), pages create,
 * retrieve and update, block children append, users/me. Pages are kept in memory; a wiki page and
 * a "Tasks" database (one data source) are shared from the start. Errors are Notion's
 * `{ object: "error", status, code, message }`; `rateLimitOnce` answers a 429 with Retry-After once.
 * `GET /_test/pages` lists the pages made, for browser tests.
 */
export async function startNotionServer({
  clientId,
  clientSecret,
  workspaceName = 'Acme Notion',
}: {
  clientId: string;
  clientSecret: string;
  workspaceName?: string;
}) {
  const codes = new Map<string, { challenge: string | null; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const tokenRequests: { body: Record<string, unknown>; authorization: string | undefined; contentType: string }[] = [];
  const revoked: string[] = [];
  const calls: NotionApiCall[] = [];
  const state = { consent: 'allow' as 'allow' | 'deny', tokenError: null as string | null };
  const once = new Map<string, ({ retryAfter: number } | { status: number; code: string; message: string })[]>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { object: 'error', status, code, message, request_id: randomUUID() });
  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? JSON.parse(text) : {};
  };

  // The API and its pages (notion-api.ts).
  const { pages, wiki, api } = notionApi({ workspaceName });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/v1/oauth/authorize') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('response_type') !== 'code') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid client_id or response_type');
        return;
      }
      const back = new URL(redirect);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (state.consent === 'deny') back.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(12).toString('hex');
        codes.set(code, { challenge: url.searchParams.get('code_challenge'), redirectUri: redirect });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && (url.pathname === '/v1/oauth/token' || url.pathname === '/v1/oauth/revoke')) {
      const contentType = req.headers['content-type'] ?? '';
      const body = contentType.startsWith('application/json') ? await readJson(req) : {};
      const [id, secret] = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
        : [];
      if (id !== clientId || secret !== clientSecret)
        return send(res, 401, { error: 'invalid_client', error_description: 'Invalid client.' });
      if (url.pathname === '/v1/oauth/revoke') {
        const token = String(body.token ?? '');
        if (!accessTokens.delete(token)) return fail(res, 400, 'validation_error', 'Invalid token.');
        revoked.push(token);
        return send(res, 200, {});
      }
      tokenRequests.push({ body, authorization: req.headers.authorization, contentType });
      if (!contentType.startsWith('application/json'))
        return send(res, 400, { error: 'invalid_request', error_description: 'Body must be JSON.' });
      const issued = typeof body.code === 'string' ? codes.get(body.code) : undefined;
      if (body.grant_type !== 'authorization_code' || !issued)
        return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid code.' });
      codes.delete(String(body.code));
      if (body.redirect_uri !== issued.redirectUri)
        return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid redirect_uri.' });
      if (issued.challenge) {
        const computed = createHash('sha256')
          .update(String(body.code_verifier ?? ''))
          .digest('base64url');
        if (computed !== issued.challenge)
          return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid code_verifier.' });
      }
      const access = `ntn_${randomBytes(16).toString('hex')}`;
      accessTokens.add(access);
      return send(res, 200, {
        access_token: access,
        token_type: 'bearer',
        bot_id: randomUUID(),
        workspace_name: workspaceName,
        workspace_icon: null,
        workspace_id: '5eb0c0de-0000-4000-8000-00000000acme',
        owner: { type: 'user', user: { object: 'user', id: 'user-1' } },
        duplicated_template_id: null,
        request_id: randomUUID(),
      });
    }
    if (req.method === 'GET' && url.pathname === '/_test/pages') return send(res, 200, { pages });
    if (url.pathname.startsWith('/v1/')) {
      const body = ['POST', 'PATCH'].includes(req.method ?? '') ? await readJson(req).catch(() => null) : {};
      if (body === null) return fail(res, 400, 'invalid_json', 'Error parsing JSON body.');
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const key = `${req.method} ${url.pathname}`;
      const queued = [...once.keys()].find((prefix) => key.startsWith(prefix));
      const answer = queued ? once.get(queued)?.shift() : undefined;
      if (queued && !once.get(queued)?.length) once.delete(queued);
      if (answer && 'retryAfter' in answer) {
        res.writeHead(429, { 'retry-after': String(answer.retryAfter), 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'error', status: 429, code: 'rate_limited', message: 'Rate limited.' }));
        return;
      }
      if (answer) return fail(res, answer.status, answer.code, answer.message);
      if (state.tokenError || !accessTokens.has(token)) return fail(res, 401, 'unauthorized', 'API token is invalid.');
      calls.push({
        method: req.method ?? '',
        path: url.pathname,
        body,
        token,
        version: String(req.headers['notion-version'] ?? ''),
      });
      const [status, answerBody] = api(req.method ?? '', url.pathname, body, token);
      return send(res, status, answerBody);
    }
    res.writeHead(404).end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    env: {
      NOTION_CLIENT_ID: clientId,
      NOTION_CLIENT_SECRET: clientSecret,
      NOTION_AUTHORIZE_URL: `${baseUrl}/v1/oauth/authorize`,
      NOTION_TOKEN_URL: `${baseUrl}/v1/oauth/token`,
      NOTION_API_URL: baseUrl,
    },
    ids: { database: DATABASE_ID, dataSource: DATA_SOURCE_ID, wiki: WIKI_ID },
    wiki,
    tokenRequests,
    revoked,
    accessTokens,
    /** Pages made through the API, as they are now (updates and appends change them). */
    pages,
    /** Every API call that passed the token check, in order. */
    calls,
    /** A person adds an item to the Tasks database in Notion (created and edited now). */
    addItem: (name: string) => {
      const [, page] = api(
        'POST',
        '/v1/pages',
        { parent: { data_source_id: DATA_SOURCE_ID }, properties: { Name: { title: richText(name) } } },
        '',
      );
      return page as { id: string; created_time: string; last_edited_time: string };
    },
    /** A person changes an item's properties in Notion (its last edited time moves on). */
    editItem: (id: string, properties: Record<string, Record<string, unknown>>) => {
      api('PATCH', `/v1/pages/${id}`, { properties }, '');
    },
    setConsent: (consent: 'allow' | 'deny') => {
      state.consent = consent;
    },
    /** The next call whose `METHOD /path` starts with `key` answers 429 with this Retry-After (seconds). */
    rateLimitOnce: (key: string, retryAfter: number) => {
      once.set(key, [...(once.get(key) ?? []), { retryAfter }]);
    },
    failOnce: (key: string, status: number, code: string, message: string) => {
      once.set(key, [...(once.get(key) ?? []), { status, code, message }]);
    },
    /** Every API call answers 401 unauthorized from now on (a revoked integration); null to stop. */
    setTokenError: (error: 'unauthorized' | null) => {
      state.tokenError = error;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type NotionServer = Awaited<ReturnType<typeof startNotionServer>>;
