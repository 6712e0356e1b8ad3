import type { ChatMessage } from '@flowmind/shared/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doneOf, messageText, startChatTestServer, streamEvents, toolCallsOf } from '../test/chat-streams';
import type { ChatRequest, OpenAiServer } from '../test/openai-server';
import { signUpVerified, type TestServer } from '../test/test-server';

type Member = Awaited<ReturnType<typeof signUpVerified>>;
let chat: Awaited<ReturnType<typeof startChatTestServer>>;
let model: OpenAiServer;
let server: TestServer;
let owner: Member;
let stranger: Member;

beforeAll(async () => {
  chat = await startChatTestServer();
  ({ model, server } = chat);
  owner = await signUpVerified(server, { name: 'Tara', email: 'tara@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await chat.close();
});

const accountOf = (member: Member) => member.user.personalAccountId;
const stream = (member: Member, path: string, body: unknown) => streamEvents(server, member, 'POST', path, body);
const toolsOf = toolCallsOf;
const textOf = messageText;

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

  it('shares an answer with its texts and tool calls in the order written, tools by name only', async () => {
    scripted({ name: 'search_notes', arguments: { query: 'zeppelin' } });
    const { chat } = await chatSaying('Find the zeppelin');
    const shared = await owner.client.post(`/api/chats/${chat.id}/share`);
    expect(shared.status, shared.text).toBe(200);
    const open = await server.client().get(`/api/public/chats/${shared.body.publicId}`);
    expect(open.status, open.text).toBe(200);
    const [, answer] = open.body.messages;
    expect(answer.parts.map((part: { type: string }) => part.type)).toEqual(['text', 'tool', 'text']);
    expect(answer.parts[0]).toEqual({ type: 'text', text: 'Let me do that.' });
    expect(answer.parts[1]).toEqual({ type: 'tool', toolName: 'search_notes' });
    expect(answer.parts[2].text).toMatch(/^Tool said: /);
    // The tool's input and output stay private.
    expect(open.text).not.toContain('"query"');
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

  it('drafts a flow from a trigger and steps once approved, and says what is left to fill in', async () => {
    scripted({
      name: 'draft_flow',
      arguments: {
        name: 'Weather digest',
        description: 'Every morning fetch the weather and summarise it',
        trigger: { type: 'trigger.schedule', params: { mode: 'cron', cron: '0 7 * * *' } },
        steps: [
          { type: 'http.request', name: 'Fetch weather' },
          { type: 'ai', name: 'Summarise', params: { prompt: 'Summarise {{ $json.body }}' } },
        ],
      },
    });
    const { answer } = await chatSaying('Make me a morning weather digest flow');
    const call = toolsOf(answer)[0];
    expect(call).toMatchObject({ toolName: 'draft_flow', state: 'awaiting-approval' });
    const decided = await stream(owner, `/api/chats/messages/${answer.id}/tools/${call?.toolCallId}`, {
      approved: true,
    });
    const done = toolsOf(doneOf(decided.events))[0];
    expect(done).toMatchObject({
      state: 'done',
      output: {
        steps: ['Schedule', 'Fetch weather', 'Summarise'],
        toFillIn: [{ step: 'Fetch weather', message: 'URL is required' }],
      },
    });
    const flowId = (done?.output as { id: string } | undefined)?.id;
    const flow = (await owner.client.get(`/api/flows/${flowId}`)).body;
    expect(flow).toMatchObject({ name: 'Weather digest', active: false, triggerType: 'schedule' });
    expect(flow.graph.nodes.map((node: { type: string }) => node.type)).toEqual([
      'trigger.schedule',
      'http.request',
      'ai',
    ]);
    expect(flow.graph.edges).toHaveLength(2);
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

describe("a custom agent's tools", () => {
  const offeredTo = (request: ChatRequest | undefined) =>
    ((request?.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name).sort();
  const lastRequest = () => model.requests[model.requests.length - 1];

  async function agentWith(member: Member, tools: string[], extra: Record<string, unknown> = {}) {
    const res = await member.client.post('/api/agents', {
      accountId: accountOf(member),
      name: 'Scoped',
      tools,
      ...extra,
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string };
  }

  async function chatWithAgent(agentId: string, text: string, member: Member = owner) {
    const { body: chat } = await member.client.post('/api/chats', { accountId: accountOf(member), agentId });
    const { events } = await stream(member, `/api/chats/${chat.id}/messages`, { text });
    return { chat, answer: doneOf(events) };
  }

  it('offers only the tools that reach what the agent was given, and names those in its prompt', async () => {
    const given = await tableWithName('Given');
    const hidden = await tableWithName('Hidden');
    const { body: note } = await owner.client.post('/api/notes', {
      accountId: accountOf(owner),
      title: 'Agent handbook',
      markdown: 'Always answer with **kindness**.',
    });
    const agent = await agentWith(owner, [`table:${given.table.id}`, `note:${note.id}`]);

    scripted({ name: 'list_tables', arguments: {} });
    const { answer } = await chatWithAgent(agent.id, 'Which tables can you see?');
    expect(offeredTo(lastRequest())).toEqual([
      'add_record',
      'list_tables',
      'query_records',
      'read_note',
      'search_notes',
    ]);
    const system = String(lastRequest()?.body.messages[0]?.content);
    expect(system).toContain(`Table "Given" (id ${given.table.id})`);
    expect(system).toContain(`Note "Agent handbook" (id ${note.id})`);
    expect(system).not.toContain('Hidden');
    const listed = JSON.stringify(toolsOf(answer)[0]?.output);
    expect(listed).toContain('Given');
    expect(listed).not.toContain('Hidden');

    // A table it was not given, though in the same account, is refused.
    scripted({ name: 'query_records', arguments: { tableId: hidden.table.id } });
    const refused = (await chatWithAgent(agent.id, 'Read the hidden table')).answer;
    expect(toolsOf(refused)[0]).toMatchObject({ state: 'error', error: 'This agent may not use that table' });

    // Its note, read in full.
    scripted({ name: 'read_note', arguments: { noteId: note.id } });
    const read = (await chatWithAgent(agent.id, 'Read your handbook')).answer;
    expect(toolsOf(read)[0]).toMatchObject({ state: 'done', output: { title: 'Agent handbook' } });
    expect(JSON.stringify(toolsOf(read)[0]?.output)).toContain('**kindness**');

    // An approved change to a table it was given.
    scripted({
      name: 'add_record',
      arguments: { tableId: given.table.id, values: { [given.primary.name]: 'Grace' } },
    });
    const asked = (await chatWithAgent(agent.id, 'Add Grace')).answer;
    const call = toolsOf(asked)[0];
    const decided = await stream(owner, `/api/chats/messages/${asked.id}/tools/${call?.toolCallId}`, {
      approved: true,
    });
    expect(toolsOf(doneOf(decided.events))[0]).toMatchObject({ state: 'done' });
    expect((await owner.client.get(`/api/tables/${given.table.id}/records`)).body.records).toHaveLength(1);
  });

  it('refuses an approved change the agent may no longer make', async () => {
    const given = await tableWithName('Taken back');
    const agent = await agentWith(owner, [`table:${given.table.id}`]);
    scripted({ name: 'add_record', arguments: { tableId: given.table.id, values: { [given.primary.name]: 'Late' } } });
    const asked = (await chatWithAgent(agent.id, 'Add Late')).answer;
    expect(toolsOf(asked)[0]?.state).toBe('awaiting-approval');
    await owner.client.patch(`/api/agents/${agent.id}`, { tools: [] });
    const call = toolsOf(asked)[0];
    const decided = await stream(owner, `/api/chats/messages/${asked.id}/tools/${call?.toolCallId}`, {
      approved: true,
    });
    expect(toolsOf(doneOf(decided.events))[0]).toMatchObject({ state: 'error', error: 'Unknown tool add_record' });
    expect((await owner.client.get(`/api/tables/${given.table.id}/records`)).body.records).toHaveLength(0);
  });

  it('gives an agent with nothing chosen, or one from another account, no tools at all', async () => {
    model.setReply(() => 'Just talking.');
    const bare = await agentWith(owner, []);
    await chatWithAgent(bare.id, 'Hi');
    expect(lastRequest()?.body.tools).toBeUndefined();
    expect(String(lastRequest()?.body.messages[0]?.content)).toContain('You have no access to the workspace');

    const given = await tableWithName('Mine only');
    const shared = await agentWith(owner, [`table:${given.table.id}`, 'action:create_note']);
    await owner.client.patch(`/api/agents/${shared.id}`, { published: true });
    await chatWithAgent(shared.id, 'Hi', stranger);
    expect(lastRequest()?.body.tools).toBeUndefined();
    expect(String(lastRequest()?.body.messages[0]?.content)).not.toContain(given.table.id);

    // Actions alone: creating notes, nothing else.
    const writer = await agentWith(owner, ['action:create_note']);
    await chatWithAgent(writer.id, 'Hi');
    expect(offeredTo(lastRequest())).toEqual(['create_note']);
  });
});
