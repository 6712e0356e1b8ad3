import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../../db/schema-integrations';
import {
  connectThroughOAuth,
  createWebhookFlow,
  callAndFinish as finished,
  publishWebhookFlow,
  repointConnection,
  testConnection,
} from '../../test/integration-connect';
import { type SlackServer, startSlackServer } from '../../test/slack-server';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';

/**
 * Slack steps in published flows, with connections made through the OAuth dance: the token comes
 * from the connection of the flow's own account, and what reaches Slack is checked at the local server.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;

let slack: SlackServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let ownersConnection: string;
let strangersConnection: string;

const connect = async (member: Member) => (await connectThroughOAuth(member, 'slack')).id;

beforeAll(async () => {
  slack = await startSlackServer({ clientId: '1111.2222', clientSecret: 'slack-secret' });
  server = await startTestServer(slack.env);
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  ownersConnection = await connect(owner);
  strangersConnection = await connect(stranger);
});
afterAll(async () => {
  await server?.close();
  await slack?.close();
});

const tellTheTeam = (params: Record<string, unknown>) => ({
  id: 'slack',
  type: 'slack.sendMessage',
  name: 'Tell the team',
  params: { channel: 'C0GENERAL', text: 'Order {{ $json.body.order }} is in', ...params },
});
const publishedFlow = (member: Member, slackParams: Record<string, unknown>) =>
  publishWebhookFlow(member, tellTheTeam(slackParams), 'Orders');

const callAndFinish = (member: Member, flow: { webhookId: string }, body: unknown) =>
  finished(server, member, flow, body);

describe('webhook → Slack: send message', () => {
  it('posts with the token of the flow account’s connection and gives the message’s ts', async () => {
    const flow = await publishedFlow(owner, { connectionId: ownersConnection });
    const execution = await callAndFinish(owner, flow, { order: 'A-17' });
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    const message = slack.messages.at(-1);
    expect(message).toMatchObject({ channel: 'C0GENERAL', text: 'Order A-17 is in' });
    expect(slack.accessTokens.has(message?.token ?? '')).toBe(true);
    const step = execution.steps.find((s: { nodeId: string }) => s.nodeId === 'slack');
    expect(step.output.main).toEqual([
      { channel: 'C0GENERAL', ts: message?.ts, threadTs: null, text: 'Order A-17 is in' },
    ]);
  });

  it('will not publish a flow naming another account’s connection: a 400 pointing at the param', async () => {
    const { id, published: refused } = await createWebhookFlow(
      owner,
      tellTheTeam({ text: 'Hi', connectionId: strangersConnection }),
      'Borrowed',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      field: 'graph.nodes.1.params.connectionId',
      message: 'Tell the team: choose a connection of this account for “Connection”',
    });
    // Nothing of the other account shows: not its name, not its team.
    expect(refused.text).not.toContain('Acme');
    const flow = await owner.client.get(`/api/flows/${id}`);
    expect(flow.body.publishedVersion).toBeNull();
  });

  it('a version that names another account’s connection fails its step, and nothing reaches Slack', async () => {
    // Published with the account's own connection, then pointed elsewhere behind the service's back
    // (as a version published before the check was): the runner still refuses it.
    const flow = await publishedFlow(owner, { connectionId: ownersConnection });
    await repointConnection(server, flow.id, ownersConnection, strangersConnection);
    const before = slack.messages.length;
    const execution = await callAndFinish(owner, flow, { order: 'A-18' });
    expect(execution.status).toBe('failed');
    expect(execution.error.message).toContain(
      'The Slack connection of this step is not in this account: choose another, or connect Slack in Integrations',
    );
    expect(slack.messages.length).toBe(before);
  });

  it('a token Slack revoked marks the connection for reconnecting, with the message the user acts on', async () => {
    const flow = await publishedFlow(owner, { connectionId: ownersConnection });
    slack.setTokenError('token_revoked');
    try {
      const execution = await callAndFinish(owner, flow, { order: 'A-19' });
      expect(execution.status).toBe('failed');
      expect(execution.error.message).toContain('Reconnect Slack (Acme) in Integrations');
    } finally {
      slack.setTokenError(null);
    }
    const [row] = await server.db
      .select({ status: integrationConnections.status })
      .from(integrationConnections)
      .where(eq(integrationConnections.id, ownersConnection));
    expect(row?.status).toBe('needs_reconnect');
    // Connecting the workspace again is the way back.
    expect(await connect(owner)).toBe(ownersConnection);
  });
});

describe('testing a connection', () => {
  it('asks Slack who the token acts as now', async () => {
    const calls = slack.calls.length;
    const res = await testConnection(owner, ownersConnection);
    expect(res.status, res.text).toBe(200);
    expect(res.body.actsAs).toBe('@flowmind in Acme');
    expect(Number.isNaN(Date.parse(res.body.checkedAt))).toBe(false);
    expect(slack.calls.slice(calls).map((call) => call.method)).toEqual(['auth.test']);
  });

  it('is not found for another account’s connection, and Slack is not asked', async () => {
    const calls = slack.calls.length;
    const res = await testConnection(stranger, ownersConnection);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Acme');
    expect(slack.calls.length).toBe(calls);
  });

  it('a token Slack refuses marks the connection for reconnecting and says so', async () => {
    slack.setTokenError('invalid_auth');
    try {
      const res = await testConnection(owner, ownersConnection);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('Reconnect Slack (Acme) in Integrations');
    } finally {
      slack.setTokenError(null);
    }
    const list = await owner.client.get(`/api/integrations?accountId=${owner.user.personalAccountId}`);
    const connection = list.body.connections.find((c: { id: string }) => c.id === ownersConnection);
    expect(connection.status).toBe('needs_reconnect');
    // Until it is reconnected, a Test says what to do without asking Slack.
    const calls = slack.calls.length;
    const again = await testConnection(owner, ownersConnection);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Reconnect Slack (Acme) in Integrations');
    expect(slack.calls.length).toBe(calls);
    expect(await connect(owner)).toBe(ownersConnection);
    expect((await testConnection(owner, ownersConnection)).status).toBe(200);
  });
});

describe('the pickers’ lists', () => {
  const options = (member: Member, connectionId: string, list: string) =>
    member.client.get(`/api/integrations/connections/${connectionId}/options/${list}`);

  it('lists the channels and people of the live connection', async () => {
    const channels = await options(owner, ownersConnection, 'channels');
    expect(channels.status, channels.text).toBe(200);
    expect(channels.body.options).toEqual([
      { value: 'C0GENERAL', label: '#general' },
      { value: 'C0RANDOM', label: '#random' },
      { value: 'G0SECRET', label: '#secret-plans' },
    ]);
    const users = await options(owner, ownersConnection, 'users');
    expect(users.body.options).toEqual([
      { value: 'U0ANN', label: 'Ann Lee (@ann)' },
      { value: 'U0BOB', label: 'Bob Ray (@bob)' },
    ]);
  });

  it('is not found for another account’s connection, and names the list it does not know', async () => {
    const calls = slack.calls.length;
    expect((await options(stranger, ownersConnection, 'channels')).status).toBe(404);
    expect(slack.calls.length).toBe(calls);
    const unknown = await options(owner, ownersConnection, 'emojis');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ field: 'list', message: 'Slack has no list "emojis"' });
    const bad = await options(owner, ownersConnection, 'no-such!');
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('list');
  });
});
