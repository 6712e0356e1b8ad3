import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../../db/schema-integrations';
import { doneOf, streamEvents, toolCallsOf } from '../../test/chat-streams';
import {
  completeOAuth,
  connectThroughOAuth,
  consentAt,
  createWebhookFlow,
  expectTestActsAs,
  callAndFinish as finished,
  publishWebhookFlow,
  repointConnection,
  startOAuth,
} from '../../test/integration-connect';
import { type ChatRequest, type OpenAiServer, startOpenAiServer } from '../../test/openai-server';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../../test/test-server';
import { startXServer, type XServer } from '../../test/x-server';

/**
 * X through the OAuth dance (PKCE, a confidential client) and in published flows: the token is the
 * connection's of the flow's own account, refreshed with X's rotating refresh tokens, and what
 * reaches X is checked at the local server.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let x: XServer;
let model: OpenAiServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let ownersConnection: string;
let strangersConnection: string;

const accountOf = (member: Member) => member.user.personalAccountId;
const basic = `Basic ${Buffer.from('x-client:x-secret').toString('base64')}`;

beforeAll(async () => {
  x = await startXServer({ clientId: 'x-client', clientSecret: 'x-secret' });
  model = await startOpenAiServer();
  server = await startTestServer({ ...x.env, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-test' });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  ownersConnection = (await connectThroughOAuth(owner, 'twitter')).id;
  strangersConnection = (await connectThroughOAuth(stranger, 'twitter')).id;
});
afterAll(async () => {
  await server?.close();
  await model?.close();
  await x?.close();
});

describe('connecting X', () => {
  it('asks for a code with PKCE S256 and the scopes, trades it with HTTP Basic, and names the connection @handle', async () => {
    const authorizeUrl = await startOAuth(owner, 'twitter');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(x.env.X_AUTHORIZE_URL);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: 'x-client',
      response_type: 'code',
      scope: 'tweet.read tweet.write users.read offline.access',
      redirect_uri: `${TEST_APP_URL}/integrations/callback/twitter`,
      code_challenge_method: 'S256',
    });
    const back = await consentAt(authorizeUrl);
    const before = x.tokenRequests.length;
    const res = await completeOAuth(owner, 'twitter', back);
    expect(res.status, res.text).toBe(200);
    // The same X account again is a reconnect of the one connection.
    expect(res.body.connection).toMatchObject({ id: ownersConnection, provider: 'twitter', name: '@ada_dev' });
    expect(res.body.connection.scopes).toEqual(['tweet.read', 'tweet.write', 'users.read', 'offline.access']);
    const [request] = x.tokenRequests.slice(before);
    expect(request?.authorization).toBe(basic);
    expect(request?.form).toMatchObject({ grant_type: 'authorization_code', code: back.searchParams.get('code') });
    expect(request?.form.code_verifier).toMatch(/^[\w-]{43}$/);

    const list = await owner.client.get(`/api/integrations?accountId=${accountOf(owner)}`);
    expect(list.body.providers).toContainEqual(
      expect.objectContaining({ id: 'twitter', label: 'X', configured: true, missing: [] }),
    );
    expect(list.body.providers).toContainEqual(
      expect.objectContaining({
        id: 'linkedin',
        configured: false,
        missing: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
        redirectUri: `${TEST_APP_URL}/integrations/callback/linkedin`,
      }),
    );
    expect(JSON.stringify(list.body)).not.toContain('xat_');
  });

  it('refuses a code traded with another verifier: X checks PKCE', async () => {
    const code = (await consentAt(await startOAuth(owner, 'twitter'))).searchParams.get('code') ?? '';
    const res = await fetch(x.env.X_TOKEN_URL, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${TEST_APP_URL}/integrations/callback/twitter`,
        code_verifier: 'a'.repeat(43),
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

const publishedFlow = (member: Member, type: string, params: Record<string, unknown>) =>
  createWebhookFlow(member, { id: 'x', type, name: 'On X', params }, 'X');
const published = (member: Member, type: string, params: Record<string, unknown>) =>
  publishWebhookFlow(member, { id: 'x', type, name: 'On X', params }, 'X');

const callAndFinish = (member: Member, flow: { webhookId: string }, body: unknown) =>
  finished(server, member, flow, body);
const stepOf = (execution: { steps: { nodeId: string; output: { main: unknown[] } }[] }) =>
  execution.steps.find((step) => step.nodeId === 'x');

const expireToken = (connectionId: string) =>
  server.db
    .update(integrationConnections)
    .set({ expiresAt: new Date(Date.now() + 60_000) })
    .where(eq(integrationConnections.id, connectionId));

describe('webhook → X', () => {
  it('posts with the token of the flow account’s connection', async () => {
    const flow = await published(owner, 'twitter.post', {
      connectionId: ownersConnection,
      text: 'Release {{ $json.body.version }} is out',
    });
    const execution = await callAndFinish(owner, flow, { version: '2.4' });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    const post = x.posts.at(-1);
    expect(post).toMatchObject({ text: 'Release 2.4 is out', inReplyTo: null });
    expect(x.accessTokens.has(post?.token ?? '')).toBe(true);
    expect(stepOf(execution)?.output.main).toEqual([
      { id: post?.id, text: 'Release 2.4 is out', url: `https://x.com/i/web/status/${post?.id}` },
    ]);
  });

  it('replies to a post, deletes it, and looks a user up', async () => {
    const parent = x.posts.at(-1)?.id ?? '';
    const replying = await published(owner, 'twitter.reply', {
      connectionId: ownersConnection,
      postId: `https://x.com/ada_dev/status/${parent}`,
      text: '{{ $json.body.text }}',
    });
    const replied = await callAndFinish(owner, replying, { text: 'Changelog: example.com/2.4' });
    expect(replied.status, JSON.stringify(replied.error)).toBe('succeeded');
    const reply = x.posts.at(-1);
    expect(reply).toMatchObject({ text: 'Changelog: example.com/2.4', inReplyTo: parent });
    expect(stepOf(replied)?.output.main).toMatchObject([{ id: reply?.id, inReplyTo: parent }]);

    const deleting = await published(owner, 'twitter.deletePost', {
      connectionId: ownersConnection,
      postId: '{{ $json.body.id }}',
    });
    const deleted = await callAndFinish(owner, deleting, { id: reply?.id });
    expect(deleted.status, JSON.stringify(deleted.error)).toBe('succeeded');
    expect(stepOf(deleted)?.output.main).toEqual([{ id: reply?.id, deleted: true }]);
    expect(x.posts.some((candidate) => candidate.id === reply?.id)).toBe(false);
    // The same post again: X's not-found problem, worded with what to do.
    const again = await callAndFinish(owner, deleting, { id: reply?.id });
    expect(again.status).toBe('failed');
    expect(again.error.message).toContain(
      `X: Not Found Error (Could not find tweet with id: [${reply?.id}].) — check the id or username`,
    );

    const looking = await published(owner, 'twitter.lookupUser', {
      connectionId: ownersConnection,
      username: '{{ $json.body.who }}',
    });
    const found = await callAndFinish(owner, looking, { who: '@XDevelopers' });
    expect(found.status, JSON.stringify(found.error)).toBe('succeeded');
    expect(stepOf(found)?.output.main).toMatchObject([
      { id: '2244994945', username: 'XDevelopers', name: 'Developers', followersCount: 42, verified: false },
    ]);
    const nobody = await callAndFinish(owner, looking, { who: 'nobody_here' });
    expect(nobody.status).toBe('failed');
    expect(nobody.error.message).toContain('X: Not Found Error (Could not find user with username: [nobody_here].)');
  });

  it('words X’s refusals: a duplicate post is X’s detail and what to do', async () => {
    const flow = await published(owner, 'twitter.post', { connectionId: ownersConnection, text: 'Same words' });
    expect((await callAndFinish(owner, flow, {})).status).toBe('succeeded');
    const execution = await callAndFinish(owner, flow, {});
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain(
      'X: Forbidden (You are not allowed to create a Tweet with duplicate content.) — X does not let this account or app do this',
    );
    expect(execution.error.message).not.toMatch(/at .*\.ts|stack/i);
  });

  it('waits out a rate limit that ends before the step’s deadline', async () => {
    const flow = await published(owner, 'twitter.post', { connectionId: ownersConnection, text: 'After the wait' });
    x.rateLimitOnce('/2/tweets', 1);
    const execution = await callAndFinish(owner, flow, {});
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    expect(x.posts.at(-1)?.text).toBe('After the wait');

    const later = await published(owner, 'twitter.post', { connectionId: ownersConnection, text: 'Too late' });
    x.rateLimitOnce('/2/tweets', 3600);
    const failed = await callAndFinish(owner, later, {});
    expect(failed.status).toBe('failed');
    expect(failed.error.message).toMatch(
      /^X: Too Many Requests — X asks to wait \d+ s, longer than this step has left/,
    );
  });

  it('refuses to publish a post over 280 characters, naming the field; a longer evaluated text fails the step', async () => {
    const long = 'a'.repeat(281);
    const { published: res } = await publishedFlow(owner, 'twitter.post', {
      connectionId: ownersConnection,
      text: long,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'bad_request',
      message: 'On X: Text: at most 280 characters in a post (this one has 281)',
      field: 'graph.nodes.1.params.text',
    });
    // 280 emoji are 280 characters here.
    const full = await published(owner, 'twitter.post', { connectionId: ownersConnection, text: '🚀'.repeat(280) });
    expect(full.id).toBeTruthy();

    const posts = x.posts.length;
    const evaluated = await published(owner, 'twitter.post', {
      connectionId: ownersConnection,
      text: '{{ $json.body.text }}',
    });
    const execution = await callAndFinish(owner, evaluated, { text: long });
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain('Text: A post holds at most 280 characters');
    expect(x.posts.length).toBe(posts);
  });

  it('cannot use another account’s connection: the step fails and nothing reaches X', async () => {
    const flow = await published(owner, 'twitter.post', { connectionId: ownersConnection, text: 'Not mine' });
    await repointConnection(server, flow.id, ownersConnection, strangersConnection);
    const before = x.calls.length;
    const execution = await callAndFinish(owner, flow, {});
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain(
      'The X connection of this step is not in this account: choose another, or connect X in Integrations',
    );
    expect(x.calls.length).toBe(before);
  });
});

describe('testing an X connection', () => {
  it('names the handle the token posts as; not for another account', async () => {
    await expectTestActsAs({ owner, stranger }, ownersConnection, '@ada_dev');
  });
});

describe('disconnecting X', () => {
  it('revokes the token at X', async () => {
    const res = await stranger.client.delete(`/api/integrations/connections/${strangersConnection}`);
    expect(res.status, res.text).toBeLessThan(300);
    expect(x.revoked).toHaveLength(1);
  });
});

describe('X’s rotating refresh tokens', () => {
  it('refreshes an expiring token and keeps the rotated refresh token for the next time', async () => {
    const flow = await published(owner, 'twitter.post', {
      connectionId: ownersConnection,
      text: 'Refreshed {{ $json.body.n }}',
    });
    const used: string[] = [];
    for (const n of [1, 2]) {
      await expireToken(ownersConnection);
      const before = x.tokenRequests.length;
      const execution = await callAndFinish(owner, flow, { n });
      expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
      const [refresh] = x.tokenRequests.slice(before);
      expect(refresh?.form.grant_type).toBe('refresh_token');
      expect(refresh?.authorization).toBe(basic);
      used.push(refresh?.form.refresh_token ?? '');
    }
    // The second refresh used the token X rotated in at the first: the first one works no more.
    expect(used[0]).not.toBe(used[1]);
    expect(x.refreshTokens.has(used[0] ?? '')).toBe(false);
    expect(x.posts.at(-1)?.text).toBe('Refreshed 2');
  });

  it('a refresh X refuses marks the connection for reconnecting, with the message the user acts on', async () => {
    const flow = await published(owner, 'twitter.post', { connectionId: ownersConnection, text: 'Never sent' });
    x.revokeAll();
    await expireToken(ownersConnection);
    const execution = await callAndFinish(owner, flow, {});
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain('Reconnect X (@ada_dev) in Integrations');
    const [row] = await server.db
      .select({ status: integrationConnections.status })
      .from(integrationConnections)
      .where(eq(integrationConnections.id, ownersConnection));
    expect(row?.status).toBe('needs_reconnect');
    expect((await connectThroughOAuth(owner, 'twitter')).id).toBe(ownersConnection);
  });
});

describe('X’s actions as the assistant’s tools', () => {
  function scripted(call: { name: string; arguments: Record<string, unknown> }) {
    model.setReply((request: ChatRequest) => {
      const last = request.body.messages[request.body.messages.length - 1];
      if (last?.role === 'tool') return `Tool said: ${JSON.stringify(last.content)}`;
      return { text: 'Let me do that.', toolCalls: [call] };
    });
  }
  async function chatSaying(text: string) {
    const { body: chat } = await owner.client.post('/api/chats', { accountId: accountOf(owner) });
    const { events } = await streamEvents(server, owner, 'POST', `/api/chats/${chat.id}/messages`, { text });
    return doneOf(events);
  }

  it('looks a user up at once, and posts only once approved', async () => {
    scripted({ name: 'twitter_lookup_user', arguments: { connectionId: ownersConnection, username: 'XDevelopers' } });
    expect(toolCallsOf(await chatSaying('Who is @XDevelopers?'))[0]).toMatchObject({
      toolName: 'twitter_lookup_user',
      state: 'done',
    });

    const before = x.posts.length;
    scripted({ name: 'twitter_post', arguments: { connectionId: ownersConnection, text: 'From the assistant' } });
    const answer = await chatSaying('Post "From the assistant" on X');
    const [call] = toolCallsOf(answer);
    expect(call).toMatchObject({ toolName: 'twitter_post', state: 'awaiting-approval' });
    expect(x.posts.length).toBe(before);
    const decided = await streamEvents(
      server,
      owner,
      'POST',
      `/api/chats/messages/${answer.id}/tools/${call?.toolCallId}`,
      { approved: true },
    );
    expect(toolCallsOf(doneOf(decided.events))[0]).toMatchObject({ state: 'done' });
    expect(x.posts.at(-1)?.text).toBe('From the assistant');
  });
});
