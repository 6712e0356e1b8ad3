import type { ChatMessage, ChatStreamEvent } from '@flowmind/shared/chat';
import { NO_MODEL_TEXT } from '@flowmind/shared/chat';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers } from '../db/schema';
import { chatMessages } from '../db/schema-chat';
import { doneOf, messageText, startChatTestServer, streamEvents } from '../test/chat-streams';
import type { OpenAiServer } from '../test/openai-server';
import { signUpVerified, startTestServer, TEST_APP_URL, type TestServer } from '../test/test-server';
import { waitFor } from '../test/wait';
import { INTERRUPTED } from './chat-runner';

type Member = Awaited<ReturnType<typeof signUpVerified>>;
let chat: Awaited<ReturnType<typeof startChatTestServer>>;
let model: OpenAiServer;
let server: TestServer;
let owner: Member;
let stranger: Member;

beforeAll(async () => {
  chat = await startChatTestServer({ models: ['gpt-4o-mini', 'other-model'] });
  ({ model, server } = chat);
  owner = await signUpVerified(server, { name: 'Chad', email: 'chad@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await chat.close();
});

const accountOf = (member: Member) => member.user.personalAccountId;

async function newChat(member: Member = owner) {
  const res = await member.client.post('/api/chats', { accountId: accountOf(member) });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

/** A streamed request: every NDJSON event, in order, read as it arrives. */
async function stream(
  member: Member,
  method: string,
  path: string,
  body?: unknown,
  options: { onEvent?: (event: ChatStreamEvent) => boolean | undefined } = {},
) {
  const result = await streamEvents(server, member, method, path, body, options);
  if (result.status < 300) expect(result.contentType).toContain('application/x-ndjson');
  return result;
}

const send = (chatId: string, body: Record<string, unknown>, member: Member = owner) =>
  stream(member, 'POST', `/api/chats/${chatId}/messages`, body);

const textOf = messageText;

describe('chatting', () => {
  it('streams an answer through the OpenAI protocol, saves both messages and titles the chat', async () => {
    model.setReply((request) => {
      const last = request.body.messages[request.body.messages.length - 1];
      return `You said: ${String(last?.content)}. Here is **bold** text.`;
    });
    const chat = await newChat();
    const { status, events } = await send(chat.id, { text: 'Plan my week please' });
    expect(status).toBe(200);
    expect(events[0]).toMatchObject({ type: 'message', message: { role: 'user', parentId: null } });
    // The answer as it starts (or, from a quick model, already done), then its text as it streams.
    expect(events[1]).toMatchObject({ message: { role: 'assistant' } });
    if (events[1]?.type === 'message') {
      expect(events[1].message.status).toBe('streaming');
      expect(events.filter((event) => event.type === 'text-delta').length).toBeGreaterThan(2);
    }
    const answer = doneOf(events);
    expect(answer).toMatchObject({ status: 'done', model: 'env-openai:gpt-4o-mini', error: null });
    expect(textOf(answer)).toBe('You said: Plan my week please. Here is **bold** text.');

    // The model read a system prompt and the user's message, streamed.
    const request = model.requests[model.requests.length - 1];
    expect(request?.body.stream).toBe(true);
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body.messages.map((m) => m.role)).toEqual(['system', 'user']);

    const detail = (await owner.client.get(`/api/chats/${chat.id}`)).body;
    expect(detail.session).toMatchObject({ title: 'Plan my week please', leafId: answer.id });
    expect(detail.messages.map((m: ChatMessage) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'done'],
    ]);
    expect(textOf(detail.messages[1])).toBe(textOf(answer));
  });

  it('sends the whole branch to the model on a follow-up, and uses the model asked for', async () => {
    model.setReply(() => 'Noted.');
    const chat = await newChat();
    const first = doneOf((await send(chat.id, { text: 'My name is Ada' })).events);
    model.setReply((request) => `Messages: ${request.body.messages.length}, model ${request.body.model}`);
    const second = doneOf((await send(chat.id, { text: 'What is my name?', model: 'env-openai:other-model' })).events);
    expect(textOf(second)).toBe('Messages: 4, model other-model');
    const request = model.requests[model.requests.length - 1];
    expect(request?.body.messages.map((m) => [m.role, m.content])).toEqual([
      ['system', expect.any(String)],
      ['user', 'My name is Ada'],
      ['assistant', 'Noted.'],
      ['user', 'What is my name?'],
    ]);
    expect(second.parentId).not.toBe(first.id); // its parent is the new user message
    const detail = (await owner.client.get(`/api/chats/${chat.id}`)).body;
    expect(detail.session.model).toBe('env-openai:other-model');
    expect(detail.messages[2].parentId).toBe(first.id);
  });

  it('regenerates an answer as a sibling and edits a message into a new branch; switching branches shows each', async () => {
    let n = 0;
    model.setReply(() => `Answer ${++n}`);
    const chat = await newChat();
    const events = (await send(chat.id, { text: 'Tell me a joke' })).events;
    const user = events[0]?.type === 'message' ? events[0].message : null;
    const first = doneOf(events);

    const again = await stream(owner, 'POST', `/api/chats/messages/${first.id}/regenerate`, {});
    const second = doneOf(again.events);
    expect(second.parentId).toBe(user?.id);
    expect(textOf(second)).not.toBe(textOf(first));

    // An edit: a new user message beside the first (same parent: none), and its answer.
    const edited = await send(chat.id, { text: 'Tell me a pun', parentId: null });
    const editAnswer = doneOf(edited.events);
    let detail = (await owner.client.get(`/api/chats/${chat.id}`)).body;
    expect(detail.messages).toHaveLength(5);
    expect(detail.session.leafId).toBe(editAnswer.id);
    expect(detail.messages.filter((m: ChatMessage) => m.parentId === null)).toHaveLength(2);

    // Back to the first user message: its newest answer (the regenerated one) is the leaf.
    const switched = await owner.client.patch(`/api/chats/${chat.id}`, { leafId: user?.id });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.leafId).toBe(second.id);
    detail = (await owner.client.get(`/api/chats/${chat.id}`)).body;
    expect(detail.session.leafId).toBe(second.id);

    // A user message cannot follow a user message; an unknown parent is not found.
    expect((await send(chat.id, { text: 'x', parentId: user?.id })).status).toBe(400);
    expect((await send(chat.id, { text: 'x', parentId: 'msg_nope' })).status).toBe(404);
    expect((await send(chat.id, { text: '   ' })).status).toBe(400);
  });

  it('stops an answer midway: what was written stays, marked stopped', async () => {
    model.setReply(() => ({ pieces: Array.from({ length: 200 }, (_, i) => `w${i} `), delayMs: 20 }));
    const chat = await newChat();
    let answerId = '';
    const reading = stream(
      owner,
      'POST',
      `/api/chats/${chat.id}/messages`,
      { text: 'Write a long essay' },
      {
        onEvent: (event) => {
          if (event.type === 'message' && event.message.role === 'assistant') answerId = event.message.id;
          return undefined;
        },
      },
    );
    await waitFor(
      async () => answerId && (await owner.client.get(`/api/chats/${chat.id}`)).body.messages[1],
      (message) => Boolean(message) && textOf(message).length > 10,
    );
    // Another chat cannot be sent to meanwhile… this one is busy.
    expect((await send(chat.id, { text: 'hello?' })).status).toBe(409);
    const stopped = await owner.client.post(`/api/chats/messages/${answerId}/stop`);
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body.status).toBe('stopped');
    const { events } = await reading;
    const done = doneOf(events);
    expect(done.status).toBe('stopped');
    expect(textOf(done).length).toBeGreaterThan(10);
    expect(textOf(done)).not.toContain('w199');
    // Idle again: the chat takes a new message.
    model.setReply(() => 'ok');
    expect(doneOf((await send(chat.id, { text: 'short one' })).events).status).toBe('done');
  });

  it('takes one message at a time even when two arrive together, before anything is saved', async () => {
    model.setReply(() => ({ pieces: ['slow ', 'answer'], delayMs: 200 }));
    const chat = await newChat();
    const results = await Promise.all([send(chat.id, { text: 'first' }), send(chat.id, { text: 'second' })]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const detail = (await owner.client.get(`/api/chats/${chat.id}`)).body;
    expect(detail.messages).toHaveLength(2);
  });

  it('goes on writing when the reader hangs up, and a new reader follows it to the end', async () => {
    model.setReply(() => ({ pieces: Array.from({ length: 40 }, (_, i) => `p${i} `), delayMs: 15 }));
    const chat = await newChat();
    let answerId = '';
    await stream(
      owner,
      'POST',
      `/api/chats/${chat.id}/messages`,
      { text: 'Count' },
      {
        onEvent: (event) => {
          if (event.type === 'message' && event.message.role === 'assistant') answerId = event.message.id;
          return event.type === 'text-delta'; // hang up at the first words
        },
      },
    );
    const followed = await stream(owner, 'GET', `/api/chats/messages/${answerId}/stream`);
    expect(followed.events[0]?.type).toBe('message');
    const done = doneOf(followed.events);
    expect(done.status).toBe('done');
    expect(textOf(done)).toBe(Array.from({ length: 40 }, (_, i) => `p${i} `).join(''));
    // What the follower saw adds up: the first snapshot plus the deltas after it.
    const first = followed.events[0]?.type === 'message' ? textOf(followed.events[0].message) : '';
    const deltas = followed.events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : []));
    expect(first + deltas.join('')).toBe(textOf(done));
    // Saved as written.
    const [row] = await server.db.select().from(chatMessages).where(eq(chatMessages.id, answerId));
    expect(row?.status).toBe('done');
  });

  it('says so plainly when the provider fails, and an answer left streaming by a dead process is marked interrupted', async () => {
    model.setReply(() => ({ status: 401, message: 'Incorrect API key provided.' }));
    const chat = await newChat();
    const failed = doneOf((await send(chat.id, { text: 'hi' })).events);
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/refused the API key \(401\)/);

    // A message nobody writes any more (its process died a minute ago).
    await server.db
      .update(chatMessages)
      .set({ status: 'streaming', error: null, updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(chatMessages.id, failed.id));
    const detail = (await owner.client.get(`/api/chats/${chat.id}`)).body;
    expect(detail.messages[1]).toMatchObject({ status: 'error', error: INTERRUPTED });
  });
});

describe('sessions', () => {
  it('lists, searches (titles and messages), renames and deletes a user’s chats', async () => {
    const member = await signUpVerified(server, { name: 'Lia', email: 'lia@example.com' });
    model.setReply(() => 'Bananas are berries, botanically.');
    const fruit = await newChat(member);
    await send(fruit.id, { text: 'Tell me about fruit' }, member);
    const cars = await newChat(member);
    await send(cars.id, { text: 'Tell me about cars' }, member);

    const list = (q = '') =>
      member.client.get(`/api/chats?accountId=${accountOf(member)}${q ? `&q=${encodeURIComponent(q)}` : ''}`);
    expect((await list()).body.sessions.map((s: { id: string }) => s.id)).toEqual([cars.id, fruit.id]);
    expect((await list('FRUIT')).body.sessions.map((s: { id: string }) => s.id)).toEqual([fruit.id]);
    // "botanically" is only in the answers: both chats got it.
    expect((await list('botanically')).body.sessions).toHaveLength(2);
    expect((await list('100%_')).body.sessions).toHaveLength(0);

    const renamed = await member.client.patch(`/api/chats/${fruit.id}`, { title: 'Fruit facts' });
    expect(renamed.body.title).toBe('Fruit facts');
    expect((await member.client.patch(`/api/chats/${fruit.id}`, { title: '  ' })).status).toBe(400);

    // Paged: one at a time.
    const page = await member.client.get(`/api/chats?accountId=${accountOf(member)}&limit=1`);
    expect(page.body.sessions).toHaveLength(1);
    const next = await member.client.get(
      `/api/chats?accountId=${accountOf(member)}&limit=1&cursor=${page.body.nextCursor}`,
    );
    expect(next.body.sessions).toHaveLength(1);
    expect(next.body.sessions[0].id).not.toBe(page.body.sessions[0].id);

    expect((await member.client.delete(`/api/chats/${cars.id}`)).status).toBe(204);
    expect((await member.client.get(`/api/chats/${cars.id}`)).status).toBe(404);
    const rows = await server.db.select().from(chatMessages).where(eq(chatMessages.sessionId, cars.id));
    expect(rows).toHaveLength(0);
  });

  it('keeps chats to their owner: another user gets not found for everything', async () => {
    model.setReply(() => 'private answer');
    const chat = await newChat();
    const answer = doneOf((await send(chat.id, { text: 'my secret plan' })).events);
    expect((await stranger.client.get(`/api/chats/${chat.id}`)).status).toBe(404);
    expect((await stranger.client.patch(`/api/chats/${chat.id}`, { title: 'mine' })).status).toBe(404);
    expect((await stranger.client.delete(`/api/chats/${chat.id}`)).status).toBe(404);
    expect((await send(chat.id, { text: 'hijack' }, stranger)).status).toBe(404);
    expect((await stranger.client.post(`/api/chats/messages/${answer.id}/stop`)).status).toBe(404);
    expect((await stream(stranger, 'POST', `/api/chats/messages/${answer.id}/regenerate`, {})).status).toBe(404);
    expect((await stream(stranger, 'GET', `/api/chats/messages/${answer.id}/stream`)).status).toBe(404);
    // Another account's chats cannot be listed; searching their words in one's own finds nothing.
    expect((await stranger.client.get(`/api/chats?accountId=${accountOf(owner)}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/chats?accountId=${accountOf(stranger)}&q=secret`)).body.sessions).toEqual(
      [],
    );
    expect((await stranger.client.post('/api/chats', { accountId: accountOf(owner) })).status).toBe(404);
  });

  it('closes a chat to its owner once they are no longer a member of its account', async () => {
    model.setReply(() => 'team answer');
    const team = await owner.client.post('/api/accounts', { name: 'Chat Team', handle: 'chat-team' });
    expect(team.status, team.text).toBe(201);
    const created = await owner.client.post('/api/chats', { accountId: team.body.id });
    const answer = doneOf((await send(created.body.id, { text: 'team plan' })).events);
    expect((await owner.client.get(`/api/chats/${created.body.id}`)).status).toBe(200);
    await server.db
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, team.body.id), eq(accountMembers.userId, owner.user.id)));
    expect((await owner.client.get(`/api/chats/${created.body.id}`)).status).toBe(404);
    expect((await send(created.body.id, { text: 'still here?' })).status).toBe(404);
    expect((await stream(owner, 'GET', `/api/chats/messages/${answer.id}/stream`)).status).toBe(404);
  });
});

describe('sharing a chat', () => {
  it('gives a read-only link anyone can open signed out, without tool data, until it is revoked', async () => {
    model.setReply(() => 'A shared answer.');
    const chat = await newChat();
    await send(chat.id, { text: 'Share me' });
    const shared = await owner.client.post(`/api/chats/${chat.id}/share`);
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.publicId).toMatch(/^cht_/);
    expect(shared.body.url).toBe(`${TEST_APP_URL}/share/${shared.body.publicId}`);
    // Sharing again gives the same link; nobody else can share or revoke it.
    expect((await owner.client.post(`/api/chats/${chat.id}/share`)).body.publicId).toBe(shared.body.publicId);
    expect((await stranger.client.post(`/api/chats/${chat.id}/share`)).status).toBe(404);
    expect((await stranger.client.delete(`/api/chats/${chat.id}/share`)).status).toBe(404);

    const anonymous = server.client();
    const open = await anonymous.get(`/api/public/chats/${shared.body.publicId}`);
    expect(open.status, open.text).toBe(200);
    expect(open.body).toMatchObject({
      title: 'Share me',
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Share me' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'A shared answer.' }] },
      ],
    });
    expect(open.text).not.toContain(accountOf(owner));
    expect(open.text).not.toContain(owner.user.id);

    expect((await owner.client.delete(`/api/chats/${chat.id}/share`)).status).toBe(204);
    expect((await anonymous.get(`/api/public/chats/${shared.body.publicId}`)).status).toBe(404);
    expect((await anonymous.get('/api/public/chats/nts_not_a_chat')).status).toBe(404);
  });
});

describe('without a model', () => {
  it('says no model is set up instead of answering', async () => {
    const bare = await startTestServer({ OPENAI_BASE_URL: '', OPENAI_API_KEY: '' });
    try {
      const member = await signUpVerified(bare, { name: 'Nia', email: 'nia@example.com' });
      const created = await member.client.post('/api/chats', { accountId: member.user.personalAccountId });
      const response = await fetch(`${bare.baseUrl}/api/chats/${created.body.id}/messages`, {
        method: 'POST',
        headers: { origin: TEST_APP_URL, cookie: member.client.cookieHeader, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hello' }),
      });
      const events = (await response.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ChatStreamEvent);
      const answer = doneOf(events);
      expect(answer).toMatchObject({ status: 'error', error: NO_MODEL_TEXT, parts: [] });
    } finally {
      await bare.close();
    }
  });
});
