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
import { type LinkedInServer, startLinkedInServer } from '../../test/linkedin-server';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../../test/test-server';

/**
 * LinkedIn through the OAuth dance (no PKCE, the client in the form) and in published flows: the
 * member's token of the flow's own account, posts as `urn:li:person:{sub}` with the versioned
 * headers, and a 60-day token without refresh that ends in a reconnect.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let linkedin: LinkedInServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let ownersConnection: string;
let strangersConnection: string;

const accountOf = (member: Member) => member.user.personalAccountId;

beforeAll(async () => {
  linkedin = await startLinkedInServer({ clientId: 'li-client', clientSecret: 'li-secret' });
  server = await startTestServer(linkedin.env);
  owner = await signUpVerified(server, { name: 'Grace', email: 'grace@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  ownersConnection = (await connectThroughOAuth(owner, 'linkedin')).id;
  strangersConnection = (await connectThroughOAuth(stranger, 'linkedin')).id;
});
afterAll(async () => {
  await server?.close();
  await linkedin?.close();
});

describe('connecting LinkedIn', () => {
  it('asks for a code with a state and no PKCE, trades it with the client in the form, and names the member', async () => {
    const authorizeUrl = await startOAuth(owner, 'linkedin');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(linkedin.env.LINKEDIN_AUTHORIZE_URL);
    const query = Object.fromEntries(authorizeUrl.searchParams);
    expect(query).toMatchObject({
      client_id: 'li-client',
      response_type: 'code',
      scope: 'openid profile email w_member_social',
      redirect_uri: `${TEST_APP_URL}/integrations/callback/linkedin`,
    });
    expect(query.state).toMatch(/^[\w-]{32}$/);
    expect(query).not.toHaveProperty('code_challenge');
    const back = await consentAt(authorizeUrl);
    const before = linkedin.tokenRequests.length;
    const res = await completeOAuth(owner, 'linkedin', back);
    expect(res.status, res.text).toBe(200);
    expect(res.body.connection).toMatchObject({ id: ownersConnection, provider: 'linkedin', name: 'Grace Hopper' });
    const [request] = linkedin.tokenRequests.slice(before);
    expect(request?.authorization).toBeUndefined();
    expect(request?.form).toEqual({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code'),
      redirect_uri: `${TEST_APP_URL}/integrations/callback/linkedin`,
      client_id: 'li-client',
      client_secret: 'li-secret',
    });
    const list = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(list.body.providers).toContainEqual(
      expect.objectContaining({ id: 'linkedin', label: 'LinkedIn', configured: true, missing: [] }),
    );
    expect(JSON.stringify(list.body)).not.toContain('AQV');
  });
});

const published = (member: Member, type: string, params: Record<string, unknown>) =>
  publishWebhookFlow(member, { id: 'li', type, name: 'On LinkedIn', params }, 'LinkedIn');

const callAndFinish = (member: Member, flow: { webhookId: string }, body: unknown) =>
  finished(server, member, flow, body);
const outputOf = (execution: { steps: { nodeId: string; output: { main: unknown[] } }[] }) =>
  execution.steps.find((step) => step.nodeId === 'li')?.output.main;

describe('webhook → LinkedIn', () => {
  it('publishes a post as the member, with the versioned headers, a link and escaped text', async () => {
    const flow = await published(owner, 'linkedin.publishPost', {
      connectionId: ownersConnection,
      text: 'Release {{ $json.body.version }} (notes inside) #shipping',
      visibility: 'CONNECTIONS',
      link: 'https://example.com/releases/{{ $json.body.version }}',
      linkTitle: 'Release notes',
    });
    const execution = await callAndFinish(owner, flow, { version: '2.4' });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    const post = linkedin.posts.at(-1);
    expect(post).toMatchObject({ version: '202601', protocol: '2.0.0' });
    expect(linkedin.accessTokens.has(post?.token ?? '')).toBe(true);
    expect(post?.body).toEqual({
      author: 'urn:li:person:782bbtaQ',
      commentary: 'Release 2.4 \\(notes inside\\) \\#shipping',
      visibility: 'CONNECTIONS',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      content: { article: { source: 'https://example.com/releases/2.4', title: 'Release notes' } },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(outputOf(execution)).toEqual([
      {
        id: post?.id,
        url: `https://www.linkedin.com/feed/update/${encodeURIComponent(post?.id ?? '')}/`,
        author: 'urn:li:person:782bbtaQ',
        visibility: 'CONNECTIONS',
      },
    ]);
  });

  it('reads the member’s profile', async () => {
    const flow = await published(owner, 'linkedin.getProfile', { connectionId: ownersConnection });
    const execution = await callAndFinish(owner, flow, {});
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    expect(outputOf(execution)).toEqual([
      {
        id: '782bbtaQ',
        name: 'Grace Hopper',
        givenName: 'Grace',
        familyName: 'Hopper',
        email: 'grace@example.com',
        emailVerified: true,
        picture: 'https://media.licdn.com/dms/image/grace.jpg',
        locale: 'en_US',
      },
    ]);
  });

  it('a text over 3000 characters fails the step naming the field, before anything reaches LinkedIn', async () => {
    const flow = await published(owner, 'linkedin.publishPost', {
      connectionId: ownersConnection,
      text: '{{ $json.body.text }}',
    });
    const before = linkedin.posts.length;
    const execution = await callAndFinish(owner, flow, { text: 'a'.repeat(3001) });
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain('Text: A LinkedIn post holds at most 3000 characters');
    expect(linkedin.posts.length).toBe(before);
  });

  it('cannot use another account’s connection', async () => {
    const flow = await published(owner, 'linkedin.getProfile', { connectionId: ownersConnection });
    await repointConnection(server, flow.id, ownersConnection, strangersConnection);
    const execution = await callAndFinish(owner, flow, {});
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain(
      'The LinkedIn connection of this step is not in this account: choose another, or connect LinkedIn in Integrations',
    );
  });

  it('an expiring token without a refresh token asks for a reconnect, and nothing reaches LinkedIn', async () => {
    const flow = await published(owner, 'linkedin.publishPost', { connectionId: ownersConnection, text: 'Late' });
    await server.db
      .update(integrationConnections)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(integrationConnections.id, ownersConnection));
    const before = linkedin.posts.length;
    const requests = linkedin.tokenRequests.length;
    const execution = await callAndFinish(owner, flow, {});
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain('Reconnect LinkedIn (Grace Hopper) in Integrations');
    expect(linkedin.posts.length).toBe(before);
    expect(linkedin.tokenRequests.length).toBe(requests);
    const [row] = await server.db
      .select({ status: integrationConnections.status })
      .from(integrationConnections)
      .where(eq(integrationConnections.id, ownersConnection));
    expect(row?.status).toBe('needs_reconnect');
    expect((await connectThroughOAuth(owner, 'linkedin')).id).toBe(ownersConnection);
  });

  it('a token LinkedIn no longer accepts marks the connection for reconnecting', async () => {
    const flow = await published(owner, 'linkedin.getProfile', { connectionId: ownersConnection });
    linkedin.accessTokens.clear();
    const execution = await callAndFinish(owner, flow, {});
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain('Reconnect LinkedIn (Grace Hopper) in Integrations');
    expect((await connectThroughOAuth(owner, 'linkedin')).id).toBe(ownersConnection);
  });
});

describe('testing a LinkedIn connection', () => {
  it('names the member the token posts as; not for another account', async () => {
    await expectTestActsAs({ owner, stranger }, ownersConnection, 'Grace Hopper');
  });
});

describe('disconnecting LinkedIn', () => {
  it('revokes the token at LinkedIn', async () => {
    const token = [...linkedin.accessTokens].at(-1);
    const res = await owner.client.delete(`/api/integrations/connections/${ownersConnection}`);
    expect(res.status, res.text).toBeLessThan(300);
    expect(linkedin.revoked).toEqual([token]);
  });
});
