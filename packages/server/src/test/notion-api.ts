import { randomUUID } from 'node:crypto';

/*
 * The API endpoints of the local Notion server (test/notion-server.ts), answered once the server has
 * checked the token: search, data sources and databases retrieve, data source query (with
 * created_time / last_edited_time filters and sorts, in pages of `page_size`), pages create,
 * retrieve and update, block children append, users/me. Pages are kept in memory; a wiki page and
 * a "Tasks" database (one data source) are shared from the start.
 */

/** A page as it arrived (pages create, then property updates and appended blocks). */
export type NotionReceivedPage = {
  id: string;
  parent: Record<string, string>;
  properties: Record<string, Record<string, unknown>>;
  children: Record<string, unknown>[];
  token: string;
};

export const DATABASE_ID = '1a2b3c4d-0000-4000-8000-00000000d8b1';
export const DATA_SOURCE_ID = '1a2b3c4d-0000-4000-8000-0000000005d5';
export const WIKI_ID = '1a2b3c4d-0000-4000-8000-00000000a1a1';
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

export const richText = (content: string) => [
  { type: 'text', text: { content, link: null }, plain_text: content, annotations: {}, href: null },
];

/** The workspace's pages and data source, and `api` answering one API call for them. */
export function notionApi({ workspaceName }: { workspaceName: string }) {
  const pages: NotionReceivedPage[] = [];
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

  return { pages, wiki, api };
}
