import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page as it arrived (pages create, then property updates and appended blocks). */
export type NotionReceivedPage = {
  id: string;
  parent: Record<string, string>;
  properties: Record<string, Record<string, unknown>>;
  children: Record<string, unknown>[];
  token: string;
};

export type NotionApiCall = { method: string; path: string; body: unknown; token: string; version: string };

const DATABASE_ID = '1a2b3c4d-0000-4000-8000-00000000d8b1';
const DATA_SOURCE_ID = '1a2b3c4d-0000-4000-8000-0000000005d5';
const WIKI_ID = '1a2b3c4d-0000-4000-8000-00000000a1a1';
const SCHEMA: Record<string, { id: string; type: string }> = {
  Name: { id: 'title', type: 'title' },
  Status: { id: 'st', type: 'status' },
  Tags: { id: 'tg', type: 'multi_select' },
  Due: { id: 'du', type: 'date' },
  Points: { id: 'pt', type: 'number' },
};

const EMPTY_PROPERTIES: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(SCHEMA).map(([name, { type }]) => [
    name,
    { [type]: ['title', 'multi_select'].includes(type) ? [] : null },
  ]),
);

const richText = (content: string) => [
  { type: 'text', text: { content, link: null }, plain_text: content, annotations: {}, href: null },
];

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
  const pages: NotionReceivedPage[] = [];
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

  /** When each page was created and last edited (the wiki, made before anything, has none here). */
  const times = new Map<string, { created: string; edited: string }>();
  /** A strictly later time than the last one given, so two writes in one millisecond still sort. */
  let lastTime = 0;
  const nextTime = () => {
    lastTime = Math.max(Date.now(), lastTime + 1);
    return new Date(lastTime).toISOString();
  };
  const pageJson = (page: NotionReceivedPage) => ({
    object: 'page',
    id: page.id,
    url: `https://www.notion.so/${page.id.replace(/-/g, '')}`,
    parent: page.parent,
    created_time: times.get(page.id)?.created ?? '2026-01-01T00:00:00.000Z',
    last_edited_time: times.get(page.id)?.edited ?? '2026-01-01T00:00:00.000Z',
    // Notion gives every property of a database item, the unset ones empty.
    properties: Object.fromEntries(
      Object.entries({
        ...(page.parent.data_source_id ? EMPTY_PROPERTIES : {}),
        ...page.properties,
      }).map(([name, value]) => {
        const type = Object.keys(value)[0] ?? 'rich_text';
        const raw = value[type];
        const shown = Array.isArray(raw)
          ? raw.map((part) =>
              typeof part === 'object' && part && 'text' in part
                ? { ...part, plain_text: (part as { text: { content: string } }).text.content }
                : part,
            )
          : raw;
        return [name, { id: SCHEMA[name]?.id ?? 'title', type, [type]: shown }];
      }),
    ),
  });
  const wiki: NotionReceivedPage = {
    id: WIKI_ID,
    parent: { type: 'workspace', workspace: 'true' },
    properties: { title: { title: richText('Team wiki') } },
    children: [],
    token: '',
  };
  const dataSource = {
    object: 'data_source',
    id: DATA_SOURCE_ID,
    title: richText('Tasks'),
    parent: { type: 'database_id', database_id: DATABASE_ID },
    url: `https://www.notion.so/${DATABASE_ID.replace(/-/g, '')}`,
    last_edited_time: '2026-01-01T00:00:00.000Z',
    properties: Object.fromEntries(Object.entries(SCHEMA).map(([name, p]) => [name, { ...p, name, [p.type]: {} }])),
  };
  const allPages = () => [wiki, ...pages];

  /** Checks a new page's properties against the data source's schema, as Notion does. */
  function propertyProblem(properties: Record<string, Record<string, unknown>>, inDatabase: boolean) {
    for (const [name, value] of Object.entries(properties)) {
      const type = inDatabase ? SCHEMA[name]?.type : name === 'title' ? 'title' : undefined;
      if (!type) return `${name} is not a property that exists.`;
      if (!(type in value)) return `${name} is expected to be ${type}.`;
    }
    return null;
  }

  function api(method: string, path: string, body: Record<string, unknown>, token: string): [number, unknown] {
    const notFound = (kind: string, id: string): [number, unknown] => [
      404,
      {
        object: 'error',
        status: 404,
        code: 'object_not_found',
        message: `Could not find ${kind} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
      },
    ];
    const invalid = (message: string): [number, unknown] => [
      400,
      { object: 'error', status: 400, code: 'validation_error', message },
    ];
    const route = (pattern: RegExp, verb?: string) => (verb && verb !== method ? null : path.match(pattern));
    if (method === 'GET' && path === '/v1/users/me')
      return [200, { object: 'user', id: 'bot-1', type: 'bot', bot: { workspace_name: workspaceName } }];
    if (method === 'POST' && path === '/v1/search') {
      const filter = body.filter as { value?: string } | undefined;
      const query = String(body.query ?? '').toLowerCase();
      const results = [
        ...(filter?.value === 'data_source' ? [] : allPages().map(pageJson)),
        ...(filter?.value === 'page' ? [] : [dataSource]),
      ].filter((result) =>
        JSON.stringify('title' in result ? result.title : result.properties)
          .toLowerCase()
          .includes(query),
      );
      const start = Number(body.start_cursor ?? 0) || 0;
      const size = Number(body.page_size ?? 100);
      const more = start + size < results.length;
      return [
        200,
        {
          object: 'list',
          results: results.slice(start, start + size),
          has_more: more,
          next_cursor: more ? String(start + size) : null,
        },
      ];
    }
    const dataSourceRoute = route(/^\/v1\/data_sources\/([^/]+)$/, 'GET');
    if (dataSourceRoute)
      return dataSourceRoute[1] === DATA_SOURCE_ID
        ? [200, dataSource]
        : notFound('data_source', dataSourceRoute[1] ?? '');
    const databaseRoute = route(/^\/v1\/databases\/([^/]+)$/, 'GET');
    if (databaseRoute)
      return databaseRoute[1] === DATABASE_ID
        ? [200, { object: 'database', id: DATABASE_ID, data_sources: [{ id: DATA_SOURCE_ID, name: 'Tasks' }] }]
        : notFound('database', databaseRoute[1] ?? '');
    const queryRoute = route(/^\/v1\/data_sources\/([^/]+)\/query$/, 'POST');
    if (queryRoute) {
      if (queryRoute[1] !== DATA_SOURCE_ID) return notFound('data_source', queryRoute[1] ?? '');
      let rows = pages.filter((page) => page.parent.data_source_id === DATA_SOURCE_ID).map(pageJson);
      const filter = body.filter as Record<string, unknown> | undefined;
      if (filter && typeof filter.timestamp === 'string') {
        // A timestamp filter: created_time or last_edited_time, on_or_after / after / before.
        const stamp = filter.timestamp;
        const condition = filter[stamp] as Record<string, string> | undefined;
        if (!['created_time', 'last_edited_time'].includes(stamp) || !condition)
          return invalid('body.filter.timestamp should be "created_time" or "last_edited_time".');
        const at = (row: (typeof rows)[number]) => Date.parse(String(row[stamp as 'created_time']));
        if (condition.on_or_after) rows = rows.filter((row) => at(row) >= Date.parse(condition.on_or_after ?? ''));
        if (condition.after) rows = rows.filter((row) => at(row) > Date.parse(condition.after ?? ''));
        if (condition.before) rows = rows.filter((row) => at(row) < Date.parse(condition.before ?? ''));
      } else if (filter) {
        const name = String(filter.property ?? '');
        const type = SCHEMA[name]?.type;
        const condition = type ? (filter[type] as { equals?: unknown } | undefined) : undefined;
        if (!type || !condition || !('equals' in condition)) return invalid('body.filter is not a supported filter.');
        rows = rows.filter((row) => {
          const value = row.properties[name]?.[type] as unknown;
          const plain = Array.isArray(value)
            ? value.map((part) => (part as { plain_text?: string }).plain_text ?? '').join('')
            : ((value as { name?: unknown } | null)?.name ?? value);
          return plain === condition.equals;
        });
      }
      const sorts = (body.sorts ?? []) as { timestamp?: string; direction?: string }[];
      for (const sort of [...sorts].reverse()) {
        if (sort.timestamp !== 'created_time' && sort.timestamp !== 'last_edited_time') continue;
        const key = sort.timestamp;
        const sign = sort.direction === 'descending' ? -1 : 1;
        rows = [...rows].sort((a, b) => sign * String(a[key]).localeCompare(String(b[key])));
      }
      const start = Number(body.start_cursor ?? 0) || 0;
      const size = Math.min(100, Number(body.page_size ?? 100) || 100);
      const more = start + size < rows.length;
      return [
        200,
        {
          object: 'list',
          results: rows.slice(start, start + size),
          has_more: more,
          next_cursor: more ? String(start + size) : null,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/pages') {
      const parent = (body.parent ?? {}) as Record<string, string>;
      const properties = (body.properties ?? {}) as Record<string, Record<string, unknown>>;
      if (parent.data_source_id !== undefined && parent.data_source_id !== DATA_SOURCE_ID)
        return notFound('data_source', parent.data_source_id);
      if (parent.page_id !== undefined && !allPages().some((page) => page.id === parent.page_id))
        return notFound('page', parent.page_id);
      if (parent.data_source_id === undefined && parent.page_id === undefined)
        return invalid('body.parent should be defined.');
      const problem = propertyProblem(properties, parent.data_source_id !== undefined);
      if (problem) return invalid(problem);
      const children = (body.children ?? []) as Record<string, unknown>[];
      if (children.length > 100) return invalid('body.children.length should be ≤ `100`.');
      const page = { id: randomUUID(), parent, properties, children, token };
      const now = nextTime();
      times.set(page.id, { created: now, edited: now });
      pages.push(page);
      return [200, pageJson(page)];
    }
    const pageRoute = route(/^\/v1\/pages\/([^/]+)$/);
    if (pageRoute) {
      const page = allPages().find((candidate) => candidate.id === pageRoute[1]);
      if (!page) return notFound('page', pageRoute[1] ?? '');
      if (method === 'GET') return [200, pageJson(page)];
      if (method === 'PATCH') {
        const properties = (body.properties ?? {}) as Record<string, Record<string, unknown>>;
        const problem = propertyProblem(properties, page.parent.data_source_id !== undefined);
        if (problem) return invalid(problem);
        Object.assign(page.properties, properties);
        times.set(page.id, { created: times.get(page.id)?.created ?? nextTime(), edited: nextTime() });
        return [200, pageJson(page)];
      }
    }
    const childrenRoute = route(/^\/v1\/blocks\/([^/]+)\/children$/, 'PATCH');
    if (childrenRoute) {
      const page = allPages().find((candidate) => candidate.id === childrenRoute[1]);
      if (!page) return notFound('block', childrenRoute[1] ?? '');
      const children = (body.children ?? []) as Record<string, unknown>[];
      if (children.length > 100) return invalid('body.children.length should be ≤ `100`.');
      page.children.push(...children);
      return [200, { object: 'list', results: children.map((child) => ({ ...child, id: randomUUID() })) }];
    }
    return [400, { object: 'error', status: 400, code: 'invalid_request_url', message: 'Invalid request URL.' }];
  }

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
