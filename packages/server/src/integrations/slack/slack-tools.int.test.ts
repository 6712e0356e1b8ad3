import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doneOf, messageText, streamEvents, toolCallsOf } from '../../test/chat-streams';
import { connectThroughOAuth } from '../../test/integration-connect';
import { type ChatRequest, type OpenAiServer, startOpenAiServer } from '../../test/openai-server';
import { type SlackServer, startSlackServer } from '../../test/slack-server';
import { signUpVerified, startTestServer, type TestServer } from '../../test/test-server';

/** Slack's actions as the assistant's tools: reading ones run at once, writing ones wait for approval. */

type Member = Awaited<ReturnType<typeof signUpVerified>>;
let slack: SlackServer;
let model: OpenAiServer;
let server: TestServer;
let owner: Member;
let stranger: Member;
let ownersConnection: string;
let strangersConnection: string;

const accountOf = (member: Member) => member.user.personalAccountId;

const connect = async (member: Member) => (await connectThroughOAuth(member, 'slack')).id;

beforeAll(async () => {
  slack = await startSlackServer({ clientId: '1111.2222', clientSecret: 'slack-secret' });
  model = await startOpenAiServer();
  server = await startTestServer({ ...slack.env, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-test' });
  owner = await signUpVerified(server, { name: 'Tara', email: 'tara@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  ownersConnection = await connect(owner);
  strangersConnection = await connect(stranger);
});
afterAll(async () => {
  await server?.close();
  await model?.close();
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

async function chatSaying(text: string) {
  const { body: chat } = await owner.client.post('/api/chats', { accountId: accountOf(owner) });
  const { events } = await streamEvents(server, owner, 'POST', `/api/chats/${chat.id}/messages`, { text });
  return doneOf(events);
}

describe('Slack tools of the assistant', () => {
  it('lists channels at once through the account’s connection', async () => {
    scripted({ name: 'slack_list_channels', arguments: { connectionId: ownersConnection } });
    const answer = await chatSaying('Which Slack channels are there?');
    const [call] = toolCallsOf(answer);
    expect(call).toMatchObject({ toolName: 'slack_list_channels', state: 'done' });
    // Public channels unless asked for private ones, as in a flow step.
    expect(messageText(answer)).toContain('random');
    expect(messageText(answer)).not.toContain('secret-plans');
    const offered = ((model.requests.at(-1)?.body.tools ?? []) as { function: { name: string } }[]).map(
      (tool) => tool.function.name,
    );
    expect(offered).toEqual(expect.arrayContaining(['list_connections', 'slack_send_message', 'slack_list_users']));
  });

  it('sends a message only once approved', async () => {
    const before = slack.messages.length;
    scripted({
      name: 'slack_send_message',
      arguments: { connectionId: ownersConnection, channel: 'C0GENERAL', text: 'Standup in 5' },
    });
    const answer = await chatSaying('Tell #general standup is in 5');
    const [call] = toolCallsOf(answer);
    expect(call).toMatchObject({ toolName: 'slack_send_message', state: 'awaiting-approval' });
    expect(slack.messages.length).toBe(before);

    const decided = await streamEvents(
      server,
      owner,
      'POST',
      `/api/chats/messages/${answer.id}/tools/${call?.toolCallId}`,
      { approved: true },
    );
    expect(toolCallsOf(doneOf(decided.events))[0]).toMatchObject({ state: 'done' });
    expect(slack.messages.slice(before).map((m) => [m.channel, m.text])).toEqual([['C0GENERAL', 'Standup in 5']]);
  });

  it('cannot reach another account’s connection', async () => {
    const calls = slack.calls.length;
    scripted({ name: 'slack_list_users', arguments: { connectionId: strangersConnection } });
    const answer = await chatSaying('Who is in Slack?');
    expect(toolCallsOf(answer)[0]).toMatchObject({ state: 'error', error: 'Connection not found' });
    expect(slack.calls.length).toBe(calls);
  });
});
