import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionSteps } from '../../test/action-steps';
import { type NotionServer, startNotionServer } from '../../test/notion-server';

/**
 * The Notion actions as flow steps, through `@notionhq/client` against a local server speaking
 * Notion's API: what arrives there is what Notion would receive.
 */

let notion: NotionServer;
const token = 'ntn_test_token';
const { run, reconnects } = actionSteps({
  provider: 'notion',
  connectionId: 'icn_acme',
  connection: () => ({ token, apiUrl: notion.env.NOTION_API_URL, externalId: 'notion-workspace-1' }),
  reconnectMessage: 'Reconnect Notion (Acme Notion) in Integrations',
});

beforeAll(async () => {
  notion = await startNotionServer({ clientId: 'c', clientSecret: 's' });
});
afterAll(() => notion?.close());
beforeEach(() => {
  notion.accessTokens.add(token);
  notion.setTokenError(null);
  reconnects.length = 0;
});

const text = (content: string) => ({
  type: 'text',
  text: { content, link: null },
  annotations: { bold: false, italic: false, strikethrough: false, code: false },
});

describe('Notion: create page', () => {
  it('adds a row to a database, plain property values turned into Notion’s, Markdown into blocks', async () => {
    const before = notion.pages.length;
    const { items } = await run(
      'createPage',
      {
        databaseId: notion.ids.dataSource,
        title: 'Order {{ $json.order }}',
        properties: '{ "Status": "Done", "Tags": ["rush", "gift"], "Due": "2026-05-01", "Points": "3" }',
        content: '## Items\n\n- {{ $json.item }}',
      },
      { items: [{ order: 'A-17', item: 'Lamp' }] },
    );
    const [page] = notion.pages.slice(before);
    expect(page?.parent).toEqual({ type: 'data_source_id', data_source_id: notion.ids.dataSource });
    expect(page?.properties).toEqual({
      Name: { title: [text('Order A-17')] },
      Status: { status: { name: 'Done' } },
      Tags: { multi_select: [{ name: 'rush' }, { name: 'gift' }] },
      Due: { date: { start: '2026-05-01' } },
      Points: { number: 3 },
    });
    expect(page?.children).toEqual([
      { object: 'block', type: 'heading_2', heading_2: { rich_text: [text('Items')] } },
      { object: 'block', type: 'bulleted_list_item', bulleted_list_item: { rich_text: [text('Lamp')] } },
    ]);
    expect(page?.token).toBe(token);
    expect(items).toEqual([
      { id: page?.id, url: `https://www.notion.so/${page?.id.replace(/-/g, '')}`, title: 'Order A-17' },
    ]);
    expect(notion.calls.at(-1)?.version).toBe('2025-09-03');
  });

  it('takes a database link as Notion shows it, and sends more than 100 blocks in parts', async () => {
    const link = `https://www.notion.so/acme/Tasks-${notion.ids.database.replace(/-/g, '')}?v=0123456789abcdef0123456789abcdef`;
    const content = Array.from({ length: 130 }, (_, i) => `Line ${i + 1}`).join('\n\n');
    const before = notion.calls.length;
    await run('createPage', { databaseId: link, title: 'Long', content });
    const page = notion.pages.at(-1);
    expect(page?.parent.data_source_id).toBe(notion.ids.dataSource);
    expect(page?.children).toHaveLength(130);
    expect(
      notion.calls.slice(before).map((call) => `${call.method} ${call.path.replace(/[0-9a-f-]{36}/, ':id')}`),
    ).toEqual([
      'GET /v1/data_sources/:id',
      'GET /v1/databases/:id',
      'GET /v1/data_sources/:id',
      'POST /v1/pages',
      'PATCH /v1/blocks/:id/children',
    ]);
  });

  it('creates a page under a page', async () => {
    const { items } = await run('createPage', { parentType: 'page', pageId: notion.ids.wiki, title: 'Minutes' });
    expect(notion.pages.at(-1)).toMatchObject({
      parent: { type: 'page_id', page_id: notion.ids.wiki },
      properties: { title: { title: [text('Minutes')] } },
    });
    expect(items[0]?.title).toBe('Minutes');
  });

  it('names the field when the input is wrong, before calling Notion', async () => {
    const calls = notion.calls.length;
    await expect(run('createPage', { databaseId: notion.ids.dataSource, title: '' })).rejects.toThrow(
      'Title: Give a title',
    );
    await expect(run('createPage', { databaseId: 'not-an-id', title: 'x' })).rejects.toThrow(
      'Database: Give a Notion id (32 letters and digits) or a link to it',
    );
    await expect(run('createPage', { parentType: 'page', title: 'x' })).rejects.toThrow('Page: Choose a page');
    await expect(
      run('createPage', { databaseId: notion.ids.dataSource, title: 'x', properties: '{"Status":' }),
    ).rejects.toThrow('Properties: Give a JSON object of property names and values');
    expect(notion.calls.length).toBe(calls);
  });

  it('words Notion’s errors with what to do', async () => {
    await expect(
      run('createPage', { parentType: 'page', pageId: '00000000000040008000000000000000', title: 'x' }),
    ).rejects.toThrow(
      'Notion: object_not_found — share the page or database with the integration in Notion (••• → Connections), and check its id',
    );
    await expect(
      run('createPage', { databaseId: notion.ids.dataSource, title: 'x', properties: { Colour: 'red' } }),
    ).rejects.toThrow('Notion: there is no property "Colour" — check its name (Name, Status, Tags, Due, Points)');
    notion.failOnce('POST /v1/pages', 400, 'validation_error', 'Status is expected to be status.');
    await expect(run('createPage', { databaseId: notion.ids.dataSource, title: 'x' })).rejects.toThrow(
      'Notion: validation_error — check the step’s fields (Status is expected to be status.)',
    );
  });

  it('a revoked integration marks the connection for reconnecting', async () => {
    notion.setTokenError('unauthorized');
    await expect(run('createPage', { parentType: 'page', pageId: notion.ids.wiki, title: 'x' })).rejects.toThrow(
      'Reconnect Notion (Acme Notion) in Integrations',
    );
    expect(reconnects).toEqual(['icn_acme']);
  });
});

describe('Notion: update, append, query, search', () => {
  it('updates properties by the page’s types, appends Markdown, and queries the database with a filter', async () => {
    const { items } = await run('createPage', { databaseId: notion.ids.dataSource, title: 'Ticket 9' });
    const pageId = items[0]?.id as string;
    const updated = await run('updatePage', { pageId, properties: { Status: 'Blocked', Points: 8 } });
    expect(updated.items).toEqual([{ id: pageId, url: expect.any(String), title: 'Ticket 9' }]);
    const page = notion.pages.find((p) => p.id === pageId);
    expect(page?.properties.Status).toEqual({ status: { name: 'Blocked' } });

    const appended = await run('appendContent', {
      pageId,
      content: '> **Note**: waiting on [vendor](https://v.example)',
    });
    expect(appended.items).toEqual([{ pageId, blocks: 1 }]);
    expect(page?.children.at(-1)).toMatchObject({ type: 'quote' });

    const queried = await run('queryDatabase', {
      databaseId: notion.ids.dataSource,
      filter: '{ "property": "Status", "status": { "equals": "Blocked" } }',
    });
    expect(queried.items).toEqual([
      {
        id: pageId,
        url: expect.any(String),
        title: 'Ticket 9',
        properties: { Name: 'Ticket 9', Status: 'Blocked', Tags: [], Due: null, Points: 8 },
      },
    ]);
    await expect(run('updatePage', { pageId, properties: {} })).rejects.toThrow(
      'Properties: Give at least one property',
    );
  });

  it('searches pages and databases by title', async () => {
    const { items } = await run('search', { query: 'wiki' });
    expect(items).toEqual([
      {
        id: notion.ids.wiki,
        object: 'page',
        title: 'Team wiki',
        url: expect.any(String),
        lastEditedTime: '2026-01-01T00:00:00.000Z',
      },
    ]);
    const databases = await run('search', { objectType: 'database' });
    expect(databases.items.map((found) => [found.object, found.title])).toEqual([['database', 'Tasks']]);
  });
});

describe('Notion rate limits', () => {
  it('waits out a 429’s Retry-After within the step’s timeout and then creates once', async () => {
    const before = notion.pages.length;
    notion.rateLimitOnce('POST /v1/pages', 1);
    const started = Date.now();
    const { logs } = await run('createPage', { parentType: 'page', pageId: notion.ids.wiki, title: 'After the wait' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(notion.pages.slice(before).length).toBe(1);
    expect(logs.map((l) => l.message)).toContain('Notion is rate limiting: waiting 1 s, as it asks');
  });

  it('fails at once when the wait would pass the step’s timeout', async () => {
    const before = notion.pages.length;
    notion.rateLimitOnce('POST /v1/pages', 30);
    const started = Date.now();
    await expect(
      run(
        'createPage',
        { parentType: 'page', pageId: notion.ids.wiki, title: 'Too late' },
        { settings: { timeoutMs: 5000 } },
      ),
    ).rejects.toThrow('Notion: rate_limited — Notion asks to wait 30 s, longer than this step has left');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(notion.pages.length).toBe(before);
  });
});
