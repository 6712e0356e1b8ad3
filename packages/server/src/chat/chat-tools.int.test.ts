import type { ChatMessage, ChatStreamEvent, ChatToolPart } from '@flowmind/shared/chat';
import { readJsonLines } from '@flowmind/shared/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatRequest, type OpenAiServer, startOpenAiServer } from '../test/openai-server';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../test/test-server';

type Member = Awaited<ReturnType<typeof signUpVerified>>;
let model: OpenAiServer;
let server: TestServer;
let owner: Member;
let stranger: Member;

beforeAll(async () => {
  model = await startOpenAiServer();
  server = await startTestServer({ OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-test' });
  owner = await signUpVerified(server, { name: 'Tara', email: 'tara@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await server.close();
  await model.close();
});

const accountOf = (member: Member) => member.user.personal_account_id;

async function stream(member: Member, path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: TEST_APP_URL, cookie: member.client.cookieHeader, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) return { status: response.status, events: [] as ChatStreamEvent[] };
  const events: ChatStreamEvent[] = [];
  await readJsonLines<ChatStreamEvent>(response.body as ReadableStream<Uint8Array>, (event) => {
    events.push(event);
    return false;
  });
  return { status: response.status, events };
}

const doneOf = (events: ChatStreamEvent[]): ChatMessage => {
  const last = events[events.length - 1];
  if (last?.type !== 'done') throw new Error(`no done event: ${JSON.stringify(events)}`);
  return last.message;
};
const toolsOf = (message: ChatMessage) => message.parts.filter((part): part is ChatToolPart => part.type === 'tool');
const textOf = (message: ChatMessage) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** The model calls `call` first; once it has the tool's result, it says what it got. */
function scripted(call: { name: string; arguments: Record<string, unknown> }) {
  model.setReply((request: ChatRequest) => {
    const last = request.body.messages[request.body.messages.length - 1];
    if (last?.role === 'tool') return `Tool said: ${JSON.stringify(last.content)}`;
    return { text: 'Let me do that.', toolCalls: [call] };
  });
}

async function chatSaying(text: string, member: Member = owner) {
  const { body: chat } = await member.client.post('/api/chats', { accountId: accountOf(member) });
  const { events } = await stream(member, `/api/chats/${chat.id}/messages`, { text });
  return { chat, answer: doneOf(events) };
}

async function tableWithName(name: string) {
  const { body: table } = await owner.client.post('/api/tables', { accountId: accountOf(owner), name });
  const [primary] = (await owner.client.get(`/api/tables/${table.id}/fields`)).body;
  return { table, primary };
}

describe('assistant tools', () => {
  it('runs a reading tool at once and answers with its result', async () => {
    await owner.client.post('/api/notes', {
      accountId: accountOf(owner),
      title: 'Quarterly plan',
      markdown: 'Ship the zeppelin feature',
    });
    scripted({ name: 'search_notes', arguments: { query: 'zeppelin' } });
    const { answer } = await chatSaying('What did I plan?');
    expect(answer.status).toBe('done');
    const [call] = toolsOf(answer);
    expect(call).toMatchObject({ toolName: 'search_notes', state: 'done', input: { query: 'zeppelin' } });
    expect(JSON.stringify(call?.output)).toContain('Quarterly plan');
    expect(textOf(answer)).toContain('Tool said:');
    expect(textOf(answer)).toContain('Quarterly plan');
    // The model was offered the workspace tools.
    const tools = (model.requests[0]?.body.tools ?? []) as { function: { name: string } }[];
    const offered = tools.map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['search_notes', 'add_record', 'run_flow', 'draft_flow']));
  });

  it('asks before changing data: the record is added only once approved, then the answer goes on', async () => {
    const { table, primary } = await tableWithName('People');
    scripted({ name: 'add_record', arguments: { tableId: table.id, values: { [primary.name]: 'Ada Lovelace' } } });
    const { answer } = await chatSaying('Add Ada to People');
    const [call] = toolsOf(answer);
    expect(call).toMatchObject({ toolName: 'add_record', state: 'awaiting-approval' });
    expect((await owner.client.get(`/api/tables/${table.id}/records`)).body.records).toHaveLength(0);

    // Only the chat's owner decides.
    const refused = await stream(stranger, `/api/chats/messages/${answer.id}/tools/${call?.toolCallId}`, {
      approved: true,
    });
    expect(refused.status).toBe(404);

    const decided = await stream(owner, `/api/chats/messages/${answer.id}/tools/${call?.toolCallId}`, {
      approved: true,
    });
    expect(decided.status).toBe(200);
    const after = doneOf(decided.events);
    expect(after.id).toBe(answer.id);
    expect(toolsOf(after)[0]).toMatchObject({ state: 'done' });
    expect(textOf(after)).toContain('Tool said:');
    const records = (await owner.client.get(`/api/tables/${table.id}/records`)).body.records;
    expect(records.map((record: { values: Record<string, unknown> }) => record.values[primary.id])).toEqual([
      'Ada Lovelace',
    ]);
    // Answered once: a second decision is refused.
    expect(
      (await stream(owner, `/api/chats/messages/${answer.id}/tools/${call?.toolCallId}`, { approved: true })).status,
    ).toBe(409);
  });

  it('tells the model when the user refuses, and a new message refuses what was still waiting', async () => {
    const { table, primary } = await tableWithName('Refused');
    scripted({ name: 'add_record', arguments: { tableId: table.id, values: { [primary.name]: 'Nope' } } });
    const { chat, answer } = await chatSaying('Add Nope');
    const [call] = toolsOf(answer);
    const decided = await stream(owner, `/api/chats/messages/${answer.id}/tools/${call?.toolCallId}`, {
      approved: false,
    });
    const after = doneOf(decided.events);
    expect(toolsOf(after)[0]?.state).toBe('denied');
    expect(textOf(after)).toContain('did not approve');

    // Waiting again, and the user just writes on: the call is refused, nothing is added.
    const second = doneOf((await stream(owner, `/api/chats/${chat.id}/messages`, { text: 'Add it again' })).events);
    expect(toolsOf(second)[0]?.state).toBe('awaiting-approval');
    model.setReply(() => 'Fine.');
    await stream(owner, `/api/chats/${chat.id}/messages`, { text: 'Never mind' });
    const detail = (await owner.client.get(`/api/chats/${chat.id}`)).body;
    const stale = detail.messages.find((message: ChatMessage) => message.id === second.id);
    expect(toolsOf(stale)[0]?.state).toBe('denied');
    expect((await owner.client.get(`/api/tables/${table.id}/records`)).body.records).toHaveLength(0);
  });

  it("reports a tool's failure to the model instead of failing the answer, and tools see only the account's data", async () => {
    const { body: otherTable } = await stranger.client.post('/api/tables', {
      accountId: accountOf(stranger),
      name: 'Not yours',
    });
    scripted({ name: 'query_records', arguments: { tableId: otherTable.id } });
    const { answer } = await chatSaying('Read that table');
    expect(answer.status).toBe('done');
    expect(toolsOf(answer)[0]).toMatchObject({ state: 'error' });
    expect(textOf(answer)).toContain('Tool said:');
  });
});
