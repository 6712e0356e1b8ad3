import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../db/schema-agents';
import { forgetMcpListings } from '../integrations/mcp/mcp-tools';
import { doneOf, messageText, streamEvents, toolCallsOf } from '../test/chat-streams';
import { connectThroughOAuth } from '../test/integration-connect';
import { startMcpServer, type TestMcpServer } from '../test/mcp-server';
import { type ChatRequest, type OpenAiServer, startOpenAiServer } from '../test/openai-server';
import { type SlackServer, startSlackServer } from '../test/slack-server';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

/**
 * Custom agents with connections: a Slack workspace's actions and an MCP server's tools become the
 * agent's tools, bound to the connections it was given, in its own account's chats only.
 */

type Member = Awaited<ReturnType<typeof signUpVerified>>;
type OfferedTool = { function: { name: string; parameters: { properties?: Record<string, unknown> } } };
let slack: SlackServer;
let mcp: TestMcpServer;
let model: OpenAiServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let ownersSlack: string;
let strangersSlack: string;
let ownersMcp: string;

const accountOf = (member: Member) => member.user.personalAccountId;
const offered = () => (model.requests.at(-1)?.body.tools ?? []) as OfferedTool[];
const offeredNames = () => offered().map((tool) => tool.function.name);
const systemPrompt = () => String(model.requests.at(-1)?.body.messages[0]?.content);

beforeAll(async () => {
  slack = await startSlackServer({ clientId: '1111.2222', clientSecret: 'slack-secret' });
  mcp = await startMcpServer();
  model = await startOpenAiServer();
  server = await startTestServer({
    ...slack.env,
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_API_KEY: 'sk-test',
    // The test's MCP servers, on any port of this machine.
    FLOWMIND_HTTP_ALLOW_HOSTS: '127.0.0.1',
  });
  owner = await signUpVerified(server, { name: 'Tara', email: 'tara@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  ownersSlack = (await connectThroughOAuth(owner, 'slack')).id;
  strangersSlack = (await connectThroughOAuth(stranger, 'slack')).id;
  const created = await owner.client.post('/api/integrations/credentials', {
    accountId: accountOf(owner),
    kind: 'mcp',
    name: 'Orders',
    url: mcp.url,
  });
  expect(created.status, created.text).toBe(200);
  ownersMcp = created.body.id;
});
afterAll(async () => {
  await server?.close();
  await model?.close();
  await mcp?.close();
  await slack?.close();
});

/** The model calls `call` first; once it has the tool's result, it says what it got. */
function scripted(call: { name: string; arguments: Record<string, unknown> }) {
  model.setReply((request: ChatRequest) => {
    const last = request.body.messages[request.body.messages.length - 1];
    if (last?.role === 'tool') return `Tool said: ${JSON.stringify(last.content)}`;
    return { text: 'Let me do that.', toolCalls: [call] };
  });
}

async function agentWith(tools: string[]) {
  const res = await owner.client.post('/api/agents', { accountId: accountOf(owner), name: 'Connected', tools });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

async function chatWith(agentId: string | null, text: string, member: Member = owner) {
  const { body: chat } = await member.client.post('/api/chats', {
    accountId: accountOf(member),
    ...(agentId ? { agentId } : {}),
  });
  const { events } = await streamEvents(server, member, 'POST', `/api/chats/${chat.id}/messages`, { text });
  return doneOf(events);
}

const decide = (member: Member, messageId: string, toolCallId: string, approved: boolean) =>
  streamEvents(server, member, 'POST', `/api/chats/messages/${messageId}/tools/${toolCallId}`, { approved });

describe('an agent given a Slack connection', () => {
  it('reads at once through that connection only, whatever connection the model names', async () => {
    // The stranger's own assistant, for the token of their connection.
    scripted({ name: 'slack_list_channels', arguments: { connectionId: strangersSlack } });
    await chatWith(null, 'Which channels?', stranger);
    const strangersToken = slack.calls.at(-1)?.token;

    const agent = await agentWith([`connection:${ownersSlack}`]);
    scripted({ name: 'slack_list_channels', arguments: { connectionId: strangersSlack } });
    const answer = await chatWith(agent.id, 'Which Slack channels are there?');
    expect(offeredNames()).toEqual(expect.arrayContaining(['slack_list_channels', 'slack_send_message']));
    expect(offeredNames()).not.toContain('list_connections');
    const listChannels = offered().find((tool) => tool.function.name === 'slack_list_channels');
    expect(Object.keys(listChannels?.function.parameters.properties ?? {})).not.toContain('connectionId');
    expect(systemPrompt()).toContain('Slack connection');

    const [call] = toolCallsOf(answer);
    expect(call).toMatchObject({ toolName: 'slack_list_channels', state: 'done' });
    expect(messageText(answer)).toContain('general');
    const used = slack.calls.at(-1);
    expect(used?.method).toBe('conversations.list');
    expect(used?.token).toBeTruthy();
    expect(used?.token).not.toBe(strangersToken);
  });

  it('sends a message only once the chat’s own user approves it', async () => {
    const agent = await agentWith([`connection:${ownersSlack}`]);
    const before = slack.messages.length;
    scripted({ name: 'slack_send_message', arguments: { channel: 'C0GENERAL', text: 'Hello from the agent' } });
    const answer = await chatWith(agent.id, 'Say hello in #general');
    const [call] = toolCallsOf(answer);
    expect(call).toMatchObject({ toolName: 'slack_send_message', state: 'awaiting-approval' });
    // Named for people with its connection: two workspaces' tools would otherwise look alike.
    expect(call?.label).toMatch(/^Slack: Send message \(.+\)$/);
    expect(slack.messages.length).toBe(before);

    // Nobody else can answer it: the chat is not theirs.
    const foreign = await decide(stranger, answer.id, call?.toolCallId ?? '', true);
    expect(foreign.status).toBe(404);
    expect(slack.messages.length).toBe(before);

    const decided = await decide(owner, answer.id, call?.toolCallId ?? '', true);
    expect(toolCallsOf(doneOf(decided.events))[0]).toMatchObject({ state: 'done' });
    expect(slack.messages.slice(before).map((m) => [m.channel, m.text])).toEqual([
      ['C0GENERAL', 'Hello from the agent'],
    ]);
  });

  it('runs nothing once the connection is taken from the agent before the approval', async () => {
    const agent = await agentWith([`connection:${ownersSlack}`]);
    const before = slack.messages.length;
    scripted({ name: 'slack_send_message', arguments: { channel: 'C0GENERAL', text: 'Too late' } });
    const answer = await chatWith(agent.id, 'Say it');
    await owner.client.patch(`/api/agents/${agent.id}`, { tools: [] });
    const call = toolCallsOf(answer)[0];
    const decided = await decide(owner, answer.id, call?.toolCallId ?? '', true);
    expect(toolCallsOf(doneOf(decided.events))[0]).toMatchObject({
      state: 'error',
      error: 'Unknown tool slack_send_message',
    });
    expect(slack.messages.length).toBe(before);
  });
});

describe('an agent given an MCP server', () => {
  it('runs a read-only tool at once, with the server’s input schema', async () => {
    const agent = await agentWith([`connection:${ownersMcp}`]);
    const calls = mcp.calls.length;
    scripted({ name: 'lookup_order', arguments: { orderId: 'A-1' } });
    const answer = await chatWith(agent.id, 'Where is order A-1?');
    expect(offeredNames().sort()).toEqual(['always_fails', 'create_ticket', 'lookup_order']);
    const lookup = offered().find((tool) => tool.function.name === 'lookup_order');
    expect(Object.keys(lookup?.function.parameters.properties ?? {})).toEqual(['orderId']);
    expect(toolCallsOf(answer)[0]).toMatchObject({
      toolName: 'lookup_order',
      label: 'Look up an order (Orders)',
      state: 'done',
      output: { text: 'Order A-1: shipped', structuredContent: { orderId: 'A-1', status: 'shipped' } },
    });
    expect(messageText(answer)).toContain('shipped');
    expect(mcp.calls.slice(calls).map((call) => call.tool)).toEqual(['lookup_order']);
  });

  it('waits for approval before a tool not marked read-only, then runs it', async () => {
    const agent = await agentWith([`connection:${ownersMcp}`]);
    const calls = mcp.calls.length;
    scripted({ name: 'create_ticket', arguments: { title: 'Broken zipper' } });
    const answer = await chatWith(agent.id, 'Open a ticket about my zipper');
    const [call] = toolCallsOf(answer);
    expect(call).toMatchObject({ toolName: 'create_ticket', state: 'awaiting-approval' });
    expect(mcp.calls.length).toBe(calls);

    const decided = await decide(owner, answer.id, call?.toolCallId ?? '', true);
    const done = toolCallsOf(doneOf(decided.events))[0];
    expect(done).toMatchObject({ state: 'done' });
    expect(String((done as { output?: { text?: string } }).output?.text)).toMatch(
      /^Created ticket T-\d+: Broken zipper$/,
    );
    expect(mcp.calls.slice(calls)).toMatchObject([{ tool: 'create_ticket', args: { title: 'Broken zipper' } }]);
  });

  it('answers without the tools of a server that cannot be reached, and says why', async () => {
    const gone = await startMcpServer();
    const created = await owner.client.post('/api/integrations/credentials', {
      accountId: accountOf(owner),
      kind: 'mcp',
      name: 'Gone',
      url: gone.url,
    });
    expect(created.status, created.text).toBe(200);
    await gone.close();
    const agent = await agentWith([`connection:${ownersMcp}`, `connection:${created.body.id}`]);
    model.setReply(() => 'Still here.');
    const answer = await chatWith(agent.id, 'Hi');
    expect(messageText(answer)).toBe('Still here.');
    expect(offeredNames().sort()).toEqual(['always_fails', 'create_ticket', 'lookup_order']);
    expect(systemPrompt()).toContain(
      `The tools of the MCP server "Gone" are not available now: The MCP server at ${new URL(gone.url).host} could not be reached.`,
    );
  });

  it('says why a tool approved after its server went away cannot run', async () => {
    const flaky = await startMcpServer();
    const created = await owner.client.post('/api/integrations/credentials', {
      accountId: accountOf(owner),
      kind: 'mcp',
      name: 'Flaky',
      url: flaky.url,
    });
    const agent = await agentWith([`connection:${created.body.id}`]);
    scripted({ name: 'create_ticket', arguments: { title: 'Later' } });
    const answer = await chatWith(agent.id, 'Open a ticket');
    const [call] = toolCallsOf(answer);
    expect(call?.state).toBe('awaiting-approval');
    await flaky.close();
    // Within the listing's half minute the call itself fails; after it, the tool is not there.
    const soon = await decide(owner, answer.id, call?.toolCallId ?? '', true);
    expect(toolCallsOf(doneOf(soon.events))[0]).toMatchObject({
      state: 'error',
      error: `The MCP server at ${new URL(flaky.url).host} could not be reached. Check its URL, or try again later.`,
    });

    const again = await chatWith(agent.id, 'Open a ticket');
    forgetMcpListings();
    const late = await decide(owner, again.id, toolCallsOf(again)[0]?.toolCallId ?? '', true);
    expect(toolCallsOf(doneOf(late.events))[0]).toMatchObject({
      state: 'error',
      error: `Unknown tool create_ticket. The tools of the MCP server "Flaky" are not available now: The MCP server at ${new URL(flaky.url).host} could not be reached. Check its URL, or try again later.`,
    });
    expect(flaky.calls).toEqual([]);
  });

  it('gives the model the server’s own error, not a stack', async () => {
    const agent = await agentWith([`connection:${ownersMcp}`]);
    scripted({ name: 'always_fails', arguments: {} });
    const answer = await chatWith(agent.id, 'Try it');
    expect(toolCallsOf(answer)[0]).toMatchObject({
      state: 'error',
      error: 'The tool always_fails failed: The order service is down',
    });
    expect(messageText(answer)).toContain('The order service is down');
    expect(messageText(answer)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });
});

describe('connections an agent may not reach', () => {
  it('refuses a connection of its account it was not given', async () => {
    const agent = await agentWith([`connection:${ownersMcp}`]);
    const calls = slack.calls.length;
    scripted({ name: 'slack_list_channels', arguments: { connectionId: ownersSlack } });
    const answer = await chatWith(agent.id, 'Which channels?');
    expect(offeredNames()).not.toContain('slack_list_channels');
    expect(toolCallsOf(answer)[0]?.state).toBe('error');
    expect(slack.calls.length).toBe(calls);
  });

  it('offers nothing from another account’s connection, even one written into the agent', async () => {
    const refused = await owner.client.post('/api/agents', {
      accountId: accountOf(owner),
      name: 'Borrower',
      tools: [`connection:${strangersSlack}`],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('tools');

    // Written past the API's check: still nothing of the stranger's is offered or reached.
    const agent = await agentWith([]);
    await server.db
      .update(agents)
      .set({ tools: [`connection:${strangersSlack}`] })
      .where(eq(agents.id, agent.id));
    const calls = slack.calls.length;
    scripted({ name: 'slack_list_channels', arguments: { connectionId: strangersSlack } });
    await chatWith(agent.id, 'Which channels?');
    expect(model.requests.at(-1)?.body.tools).toBeUndefined();
    expect(systemPrompt()).toContain('You have no access to the workspace');
    expect(slack.calls.length).toBe(calls);
  });

  it('gives a visitor chatting with the published agent none of its creator’s connections', async () => {
    const agent = await agentWith([`connection:${ownersSlack}`, `connection:${ownersMcp}`]);
    expect((await owner.client.patch(`/api/agents/${agent.id}`, { published: true })).status).toBe(200);
    const slackCalls = slack.calls.length;
    const mcpCalls = mcp.calls.length;
    for (const call of [
      { name: 'slack_list_channels', arguments: {} },
      { name: 'slack_send_message', arguments: { channel: 'C0GENERAL', text: 'From a visitor' } },
      { name: 'lookup_order', arguments: { orderId: 'A-1' } },
    ]) {
      scripted(call);
      const answer = await chatWith(agent.id, 'Use your tools', stranger);
      expect(model.requests.at(-1)?.body.tools).toBeUndefined();
      expect(toolCallsOf(answer)[0]?.state).toBe('error');
    }
    expect(systemPrompt()).not.toContain('Orders');
    expect(slack.calls.length).toBe(slackCalls);
    expect(mcp.calls.length).toBe(mcpCalls);
  });
});
