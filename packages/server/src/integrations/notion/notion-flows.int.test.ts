import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../../db/schema-integrations';
import {
  completeOAuth,
  connectThroughOAuth,
  consentAt,
  expectTestActsAs,
  callAndFinish as finished,
  publishWebhookFlow,
  repointConnection,
  startOAuth,
} from '../../test/integration-connect';
import { type NotionServer, startNotionServer } from '../../test/notion-server';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../../test/test-server';

/**
 * Notion through the OAuth dance and in published flows: the token comes from the connection of
 * the flow's own account, and what reaches Notion is checked at the local server.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let notion: NotionServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let ownersConnection: string;
let strangersConnection: string;

const accountOf = (member: Member) => member.user.personalAccountId;

const connect = async (member: Member) => await connectThroughOAuth(member, 'notion');

beforeAll(async () => {
  notion = await startNotionServer({ clientId: 'notion-client', clientSecret: 'notion-secret' });
  server = await startTestServer(notion.env);
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  ownersConnection = (await connect(owner)).id;
  strangersConnection = (await connect(stranger)).id;
});
afterAll(async () => {
  await server?.close();
  await notion?.close();
});

describe('connecting Notion', () => {
  it('asks for a code with PKCE, trades it with HTTP Basic client credentials in JSON, and names the workspace', async () => {
    const authorizeUrl = await startOAuth(owner, 'notion');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(notion.env.NOTION_AUTHORIZE_URL);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: 'notion-client',
      response_type: 'code',
      owner: 'user',
      redirect_uri: `${TEST_APP_URL}/integrations/callback/notion`,
      code_challenge_method: 'S256',
    });
    const back = await consentAt(authorizeUrl);
    const before = notion.tokenRequests.length;
    const res = await completeOAuth(owner, 'notion', back);
    expect(res.status, res.text).toBe(200);
    // The same workspace again is a reconnect of the one connection, not a second one.
    expect(res.body.connection).toMatchObject({ id: ownersConnection, provider: 'notion', name: 'Acme Notion' });
    const [request] = notion.tokenRequests.slice(before);
    expect(request?.contentType).toBe('application/json');
    expect(request?.authorization).toBe(`Basic ${Buffer.from('notion-client:notion-secret').toString('base64')}`);
    expect(request?.body).toMatchObject({ grant_type: 'authorization_code', code: back.searchParams.get('code') });
    expect(request?.body.code_verifier).toMatch(/^[\w-]{43}$/);

    const list = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(list.body.providers).toContainEqual(
      expect.objectContaining({ id: 'notion', label: 'Notion', configured: true, missing: [] }),
    );
    expect(JSON.stringify(list.body)).not.toContain('ntn_');
  });

  it('takes a state once: the same code and state again are refused', async () => {
    const back = await consentAt(await startOAuth(owner, 'notion'));
    const body = { provider: 'notion', code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await owner.client.post('/api/integrations/complete', body)).status).toBe(200);
    const again = await owner.client.post('/api/integrations/complete', body);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ field: 'state' });
  });
});

const publishedFlow = (member: Member, notionParams: Record<string, unknown>) =>
  publishWebhookFlow(
    member,
    {
      id: 'notion',
      type: 'notion.createPage',
      name: 'Note the order',
      params: {
        databaseId: notion.ids.dataSource,
        title: 'Order {{ $json.body.order }}',
        properties: '{ "Status": "New" }',
        content: 'From **{{ $json.body.customer }}**',
        ...notionParams,
      },
    },
    'Orders',
  );

const callAndFinish = (member: Member, flow: { webhookId: string }, body: unknown) =>
  finished(server, member, flow, body);

describe('webhook → Notion: create page', () => {
  it('creates the page with the token of the flow account’s connection', async () => {
    const flow = await publishedFlow(owner, { connectionId: ownersConnection });
    const execution = await callAndFinish(owner, flow, { order: 'A-17', customer: 'Ann' });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    const page = notion.pages.at(-1);
    expect(page?.properties).toMatchObject({
      Name: { title: [{ text: { content: 'Order A-17' } }] },
      Status: { status: { name: 'New' } },
    });
    expect(page?.children).toMatchObject([
      {
        type: 'paragraph',
        paragraph: { rich_text: [{ text: { content: 'From ' } }, { annotations: { bold: true } }] },
      },
    ]);
    expect(notion.accessTokens.has(page?.token ?? '')).toBe(true);
    const step = execution.steps.find((s: { nodeId: string }) => s.nodeId === 'notion');
    expect(step.output.main).toEqual([{ id: page?.id, url: expect.any(String), title: 'Order A-17' }]);
  });

  it('cannot use another account’s connection: the step fails and nothing reaches Notion', async () => {
    const flow = await publishedFlow(owner, { connectionId: ownersConnection });
    await repointConnection(server, flow.id, ownersConnection, strangersConnection);
    const before = notion.calls.length;
    const execution = await callAndFinish(owner, flow, { order: 'A-18', customer: 'Bob' });
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain(
      'The Notion connection of this step is not in this account: choose another, or connect Notion in Integrations',
    );
    expect(notion.calls.length).toBe(before);
  });

  it('a token Notion no longer accepts marks the connection for reconnecting, with the message the user acts on', async () => {
    const flow = await publishedFlow(owner, { connectionId: ownersConnection });
    notion.setTokenError('unauthorized');
    try {
      const execution = await callAndFinish(owner, flow, { order: 'A-19', customer: 'Cy' });
      expect(execution.status).toBe('failed');
      expect(execution.error.message).toContain('Reconnect Notion (Acme Notion) in Integrations');
    } finally {
      notion.setTokenError(null);
    }
    const [row] = await server.db
      .select({ status: integrationConnections.status })
      .from(integrationConnections)
      .where(eq(integrationConnections.id, ownersConnection));
    expect(row?.status).toBe('needs_reconnect');
    expect((await connect(owner)).id).toBe(ownersConnection);
  });
});

describe('the pickers’ lists and disconnecting', () => {
  const options = (member: Member, connectionId: string, list: string) =>
    member.client.get(`/api/integrations/connections/${connectionId}/options/${list}`);

  it('lists the databases and pages shared with the integration; not for another account', async () => {
    const databases = await options(owner, ownersConnection, 'databases');
    expect(databases.status, databases.text).toBe(200);
    expect(databases.body.options).toEqual([{ value: notion.ids.dataSource, label: 'Tasks' }]);
    const pages = await options(owner, ownersConnection, 'pages');
    expect(pages.body.options).toContainEqual({ value: notion.ids.wiki, label: 'Team wiki' });
    expect((await options(stranger, ownersConnection, 'pages')).status).toBe(404);
  });

  it('tests a connection: Notion names the workspace its bot is in; not for another account', async () => {
    await expectTestActsAs({ owner, stranger }, ownersConnection, 'Acme Notion');
  });

  it('revokes the token at Notion when disconnected', async () => {
    const res = await stranger.client.delete(`/api/integrations/connections/${strangersConnection}`);
    expect(res.status, res.text).toBeLessThan(300);
    expect(notion.revoked).toHaveLength(1);
  });
});
