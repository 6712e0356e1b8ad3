import type { Agent, Leaderboard, PublicAgent } from '@flowmind/shared/agents';
import { NO_MODEL_TEXT } from '@flowmind/shared/chat';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentEvents } from '../db/schema-agents';
import { integrationConnections } from '../db/schema-integrations';
import { streamEvents } from '../test/chat-streams';
import { type OpenAiServer, startOpenAiServer } from '../test/openai-server';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';
import { utcDay } from './agent.repository';
import { periodStart } from './agent-gallery.service';

type Member = Awaited<ReturnType<typeof signUpVerified>>;
let model: OpenAiServer;
let server: TestServer;
let creator: Member;
let reader: Member;
let other: Member;
/** A table of the creator's that their agents may use: its id and name must never reach others. */
let secretTable: { id: string; name: string };

const SECRET_INSTRUCTIONS = 'You are Captain Haiku. Secret recipe: 7 herbs.';

beforeAll(async () => {
  model = await startOpenAiServer({ models: ['gpt-4o-mini', 'creator-model'] });
  server = await startTestServer({ OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-test' });
  creator = await signUpVerified(server, { name: 'Cora Creator', email: 'cora@example.com' });
  reader = await signUpVerified(server, { name: 'Rex Reader', email: 'rex@example.com' });
  other = await signUpVerified(server, { name: 'Olga Other', email: 'olga@example.com' });
  secretTable = (await creator.client.post('/api/tables', { accountId: accountOf(creator), name: 'Payroll ledger' }))
    .body;
});
afterAll(async () => {
  await server.close();
  await model.close();
});

const accountOf = (member: Member) => member.user.personalAccountId;

async function makeAgent(member: Member, fields: Record<string, unknown> = {}): Promise<Agent> {
  const res = await member.client.post('/api/agents', {
    accountId: accountOf(member),
    name: 'Haiku helper',
    avatar: '🌸',
    color: 'rose',
    description: 'Answers in haiku.',
    instructions: SECRET_INSTRUCTIONS,
    model: 'env-openai:creator-model',
    starterPrompts: ['Write a haiku about Mondays'],
    category: 'writing',
    tools: [`table:${secretTable.id}`, 'action:create_note'],
    ...fields,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as Agent;
}

async function publish(member: Member, agentId: string) {
  const res = await member.client.patch(`/api/agents/${agentId}`, { published: true });
  expect(res.status, res.text).toBe(200);
  return res.body as Agent;
}

/** Starts a chat with an agent and sends one message; the answer's final event. */
async function chatWith(member: Member, agentId: string, text = 'Hello') {
  const created = await member.client.post('/api/chats', { accountId: accountOf(member), agentId });
  if (created.status !== 201) return { status: created.status, body: created.body };
  const { events } = await streamEvents(server, member, 'POST', `/api/chats/${created.body.id}/messages`, { text });
  return { status: 201, body: created.body, done: events[events.length - 1] };
}

const leaderboard = async (member: Member, period: string) =>
  (await member.client.get(`/api/leaderboard?period=${period}`)).body as Leaderboard;
const rowOf = (board: Leaderboard, agentId: string) => board.agents.find((row) => row.agent.id === agentId);

describe('custom agents', () => {
  it('makes, lists, edits, duplicates and deletes agents in an account', async () => {
    const agent = await makeAgent(creator);
    expect(agent).toMatchObject({
      name: 'Haiku helper',
      published: false,
      tools: [`table:${secretTable.id}`, 'action:create_note'],
    });
    const edited = await creator.client.patch(`/api/agents/${agent.id}`, {
      name: 'Haiku master',
      starterPrompts: ['a', 'b', 'c', 'd'],
    });
    expect(edited.body).toMatchObject({ name: 'Haiku master', starterPrompts: ['a', 'b', 'c', 'd'] });
    const tooMany = await creator.client.patch(`/api/agents/${agent.id}`, {
      starterPrompts: ['1', '2', '3', '4', '5'],
    });
    expect(tooMany.status).toBe(400);
    const copy = await creator.client.post(`/api/agents/${agent.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: 'Haiku master (copy)',
      instructions: SECRET_INSTRUCTIONS,
      tools: agent.tools,
      published: false,
    });
    const list = await creator.client.get(`/api/agents?accountId=${accountOf(creator)}`);
    expect(list.body.agents.map((a: Agent) => a.id)).toEqual(expect.arrayContaining([agent.id, copy.body.id]));
    expect((await creator.client.delete(`/api/agents/${copy.body.id}`)).status).toBe(204);
    expect((await creator.client.get(`/api/agents/${copy.body.id}`)).status).toBe(404);
  });

  it('takes only tools that reach flows, tables and notes of its own account', async () => {
    const foreign = (await reader.client.post('/api/tables', { accountId: accountOf(reader), name: 'Not yours' })).body;
    for (const tools of [
      [`table:${foreign.id}`],
      ['table:tbl_missing'],
      ['web-search'],
      ['action:delete_everything'],
    ]) {
      const res = await creator.client.post('/api/agents', { accountId: accountOf(creator), name: 'Greedy', tools });
      expect(res.status, JSON.stringify(tools)).toBe(400);
      expect(res.body.error.field).toMatch(/^tools/);
    }
    const agent = await makeAgent(creator, { tools: [] });
    const refused = await creator.client.patch(`/api/agents/${agent.id}`, { tools: [`table:${foreign.id}`] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/not in this account/);
    // A table in the trash cannot be given either.
    const binned = (await creator.client.post('/api/tables', { accountId: accountOf(creator), name: 'Old' })).body;
    await creator.client.delete(`/api/tables/${binned.id}`);
    expect((await creator.client.patch(`/api/agents/${agent.id}`, { tools: [`table:${binned.id}`] })).status).toBe(400);
    const given = await creator.client.patch(`/api/agents/${agent.id}`, {
      tools: [`table:${secretTable.id}`, `table:${secretTable.id}`],
    });
    expect(given.body.tools).toEqual([`table:${secretTable.id}`]);
  });

  it('takes connections of its own account only, and the connection then says the agent uses it', async () => {
    // Rows as the OAuth completion stores them; only which account holds each matters here.
    const connectionOf = async (member: Member, id: string) => {
      await server.db.insert(integrationConnections).values({
        id,
        accountId: accountOf(member),
        provider: 'slack',
        externalId: `T-${id}`,
        name: `Workspace ${id}`,
        scopes: [],
        accessTokenSealed: 'v1.unused',
      });
      return id;
    };
    const own = await connectionOf(creator, 'icn_creators');
    const foreign = await connectionOf(reader, 'icn_readers');
    const refused = await creator.client.post('/api/agents', {
      accountId: accountOf(creator),
      name: 'Borrower',
      tools: [`connection:${foreign}`],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      field: 'tools',
      message: 'A chosen connection is not one of this account',
    });

    const agent = await makeAgent(creator, { tools: [`connection:${own}`] });
    expect(agent.tools).toEqual([`connection:${own}`]);
    const listed = await creator.client.get(`/api/integrations?accountId=${accountOf(creator)}`);
    expect(listed.body.connections.find((c: { id: string }) => c.id === own)?.usedBy.agents).toEqual([
      { id: agent.id, name: agent.name },
    ]);
  });

  it("keeps an account's agents to its members", async () => {
    const agent = await makeAgent(creator);
    expect((await reader.client.get(`/api/agents?accountId=${accountOf(creator)}`)).status).toBe(404);
    expect((await reader.client.get(`/api/agents/${agent.id}`)).status).toBe(404);
    expect((await reader.client.patch(`/api/agents/${agent.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await reader.client.patch(`/api/agents/${agent.id}`, { published: true })).status).toBe(404);
    expect((await reader.client.post(`/api/agents/${agent.id}/duplicate`)).status).toBe(404);
    expect((await reader.client.delete(`/api/agents/${agent.id}`)).status).toBe(404);
    expect((await reader.client.post(`/api/agents`, { accountId: accountOf(creator), name: 'X' })).status).toBe(404);
    // Unpublished, it is not in the gallery and cannot be chatted with, liked or copied by others.
    expect((await reader.client.get(`/api/explore/agents/${agent.id}`)).status).toBe(404);
    expect((await chatWith(reader, agent.id)).status).toBe(404);
    expect((await reader.client.post(`/api/explore/agents/${agent.id}/like`)).status).toBe(404);
    const use = await reader.client.post(`/api/explore/agents/${agent.id}/use`, { accountId: accountOf(reader) });
    expect(use.status).toBe(404);
    expect((await creator.client.get(`/api/agents/${agent.id}`)).body.name).toBe('Haiku helper');
  });

  it('answers with the agent’s instructions after the product’s prompt, on its model in its own account', async () => {
    model.setReply(() => 'A haiku.');
    const agent = await makeAgent(creator);
    const chat = await chatWith(creator, agent.id);
    expect(chat.body.agentId).toBe(agent.id);
    expect(chat.done).toMatchObject({ type: 'done', message: { status: 'done', model: 'env-openai:creator-model' } });
    const system = String(model.requests[model.requests.length - 1]?.body.messages[0]?.content);
    expect(system).toMatch(/^You are Flowmind/);
    expect(system).toContain(`\n\n${SECRET_INSTRUCTIONS}\n\n`);
    // Its tools are named after the instructions.
    expect(system).toContain(`Table "Payroll ledger" (id ${secretTable.id})`);
  });
});

describe('the gallery', () => {
  it('shows a published agent without its instructions, model, tools or account', async () => {
    const agent = await makeAgent(creator, { name: 'Public haiku' });
    await publish(creator, agent.id);
    for (const path of [
      `/api/explore/agents?q=${encodeURIComponent('public haiku')}`,
      `/api/explore/agents/${agent.id}`,
      `/api/explore/agents?category=writing&sort=new`,
      '/api/leaderboard?period=all',
    ]) {
      const res = await reader.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('Secret recipe');
      expect(res.text, path).not.toContain(accountOf(creator));
      expect(res.text, path).not.toContain(creator.user.id);
      expect(res.text, path).not.toContain('creator-model');
      expect(res.text, path).not.toContain(secretTable.id);
      expect(res.text, path).not.toContain('Payroll');
    }
    const listed = (await reader.client.get(`/api/explore/agents?q=public%20haiku`)).body.agents as PublicAgent[];
    expect(listed.map((a) => a.id)).toEqual([agent.id]);
    expect(listed[0]).toMatchObject({ creatorName: 'Cora Creator', starterPrompts: ['Write a haiku about Mondays'] });
    expect((await reader.client.get('/api/explore/agents?category=coding&q=public%20haiku')).body.agents).toEqual([]);

    // Unpublished again: gone from the gallery.
    await creator.client.patch(`/api/agents/${agent.id}`, { published: false });
    expect((await reader.client.get(`/api/explore/agents/${agent.id}`)).status).toBe(404);
  });

  it('lets anyone chat with a published agent on their own account’s model, and copy it without the creator’s choices', async () => {
    model.setReply(() => 'Hi.');
    const agent = await makeAgent(creator, { name: 'Chatty' });
    await publish(creator, agent.id);
    const chat = await chatWith(reader, agent.id);
    expect(chat.body.accountId).toBe(accountOf(reader));
    expect(chat.done).toMatchObject({ message: { status: 'done', model: 'env-openai:gpt-4o-mini' } });
    expect(String(model.requests[model.requests.length - 1]?.body.messages[0]?.content)).toContain(SECRET_INSTRUCTIONS);

    const used = await reader.client.post(`/api/explore/agents/${agent.id}/use`, { accountId: accountOf(reader) });
    expect(used.status, used.text).toBe(201);
    expect(used.body).toMatchObject({
      accountId: accountOf(reader),
      name: 'Chatty',
      instructions: '',
      basedOnAgentId: agent.id,
      model: null,
      tools: [],
      published: false,
    });
    // Only into an account of one's own.
    const elsewhere = await reader.client.post(`/api/explore/agents/${agent.id}/use`, { accountId: accountOf(other) });
    expect(elsewhere.status).toBe(404);
  });

  it('keeps a used agent’s instructions private: the copy answers with them, but no API, copy or share shows them', async () => {
    model.setReply(() => 'A private haiku.');
    const agent = await makeAgent(creator, { name: 'Private recipe' });
    await publish(creator, agent.id);
    const used = await reader.client.post(`/api/explore/agents/${agent.id}/use`, { accountId: accountOf(reader) });
    expect(used.status, used.text).toBe(201);
    const copyId = used.body.id as string;
    // The reader adds instructions of their own; the original's still run before them.
    await reader.client.patch(`/api/agents/${copyId}`, { instructions: 'Sign every answer with R.' });
    const duplicate = (await reader.client.post(`/api/agents/${copyId}/duplicate`)).body as Agent;
    for (const path of [`/api/agents/${copyId}`, `/api/agents?accountId=${accountOf(reader)}`]) {
      const res = await reader.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('Secret recipe');
    }
    expect(JSON.stringify(used.body)).not.toContain('Secret recipe');
    expect(JSON.stringify(duplicate)).not.toContain('Secret recipe');

    const chat = await chatWith(reader, copyId);
    expect(chat.done).toMatchObject({ message: { status: 'done' } });
    const system = String(model.requests[model.requests.length - 1]?.body.messages[0]?.content);
    expect(system).toContain(`${SECRET_INSTRUCTIONS}\n\nSign every answer with R.`);
    // The transcript and a share link of the chat carry the conversation only.
    const transcript = await reader.client.get(`/api/chats/${chat.body.id}`);
    expect(transcript.status).toBe(200);
    expect(transcript.text).not.toContain('Secret recipe');
    const share = await reader.client.post(`/api/chats/${chat.body.id}/share`, {});
    expect(share.status, share.text).toBe(200);
    const shared = await server.client().get(`/api/public/chats/${share.body.publicId}`);
    expect(shared.status, shared.text).toBe(200);
    expect(shared.text).not.toContain('Secret recipe');

    // Published by the reader in turn, a copy of the copy still never sees them, and still runs with them.
    await publish(reader, copyId);
    const second = await other.client.post(`/api/explore/agents/${copyId}/use`, { accountId: accountOf(other) });
    expect(second.text).not.toContain('Secret recipe');
    await chatWith(other, second.body.id);
    expect(String(model.requests[model.requests.length - 1]?.body.messages[0]?.content)).toContain(SECRET_INSTRUCTIONS);

    // Unpublished by its creator, the original's instructions are withdrawn from every copy.
    await creator.client.patch(`/api/agents/${agent.id}`, { published: false });
    await chatWith(reader, copyId);
    const after = String(model.requests[model.requests.length - 1]?.body.messages[0]?.content);
    expect(after).not.toContain('Secret recipe');
    expect(after).toContain('Sign every answer with R.');
  });
});

describe('the leaderboard', () => {
  it('counts other people once per agent and day, never the creator', async () => {
    model.setReply(() => 'Ok.');
    const agent = await makeAgent(creator, { name: 'Counted' });
    await publish(creator, agent.id);

    // The creator's own chats, like and use count nothing.
    await chatWith(creator, agent.id);
    await creator.client.post(`/api/explore/agents/${agent.id}/like`);
    await creator.client.post(`/api/explore/agents/${agent.id}/use`, { accountId: accountOf(creator) });
    expect(rowOf(await leaderboard(reader, 'week'), agent.id)).toBeUndefined();

    // Two chats, a like twice and two uses by one person the same day count once each.
    await chatWith(reader, agent.id);
    await chatWith(reader, agent.id);
    const liked = await reader.client.post(`/api/explore/agents/${agent.id}/like`);
    expect(liked.body).toEqual({ liked: true, likes: 1 });
    await reader.client.post(`/api/explore/agents/${agent.id}/like`);
    await reader.client.post(`/api/explore/agents/${agent.id}/use`, { accountId: accountOf(reader) });
    await reader.client.post(`/api/explore/agents/${agent.id}/use`, { accountId: accountOf(reader) });
    // A second person counts too.
    await chatWith(other, agent.id);

    const week = await leaderboard(reader, 'week');
    expect(rowOf(week, agent.id)).toMatchObject({ counts: { chats: 2, likes: 1, uses: 1 }, score: 4 });
    expect(week.creators.find((row) => row.name === 'Cora Creator')?.counts.chats).toBeGreaterThanOrEqual(2);
    const view = (await reader.client.get(`/api/explore/agents/${agent.id}`)).body as PublicAgent;
    expect(view).toMatchObject({ counts: { chats: 2, likes: 1, uses: 1 }, likedByMe: true });
    expect((await creator.client.get(`/api/explore/agents/${agent.id}`)).body.likedByMe).toBe(true);

    // Unliking takes the like back.
    const unliked = await reader.client.delete(`/api/explore/agents/${agent.id}/like`);
    expect(unliked.body).toEqual({ liked: false, likes: 0 });
    expect(rowOf(await leaderboard(reader, 'week'), agent.id)?.counts.likes).toBe(0);
  });

  it('ranks by the period: this week, this month, all time', async () => {
    const old = await makeAgent(creator, { name: 'Old favourite' });
    const fresh = await makeAgent(creator, { name: 'Fresh one' });
    await publish(creator, old.id);
    await publish(creator, fresh.id);
    const now = new Date();
    const daysAgo = (days: number) => utcDay(new Date(now.getTime() - days * 86_400_000));
    // The old agent: three people's chats 20 and 100 days ago; the fresh one: one today.
    const events: (typeof agentEvents.$inferInsert)[] = [];
    for (const member of [reader, other]) {
      events.push({ agentId: old.id, userId: member.user.id, kind: 'chat', day: daysAgo(20) });
      events.push({ agentId: old.id, userId: member.user.id, kind: 'use', day: daysAgo(100) });
    }
    events.push({ agentId: fresh.id, userId: reader.user.id, kind: 'chat', day: daysAgo(0) });
    await server.db.insert(agentEvents).values(events);
    // The same person, agent, kind and day again is refused by the table itself.
    await expect(
      server.db
        .insert(agentEvents)
        .values({ agentId: fresh.id, userId: reader.user.id, kind: 'chat', day: daysAgo(0) }),
    ).rejects.toThrow();

    const week = await leaderboard(reader, 'week');
    expect(rowOf(week, old.id)).toBeUndefined();
    expect(rowOf(week, fresh.id)?.counts).toEqual({ chats: 1, likes: 0, uses: 0 });
    const month = await leaderboard(reader, 'month');
    expect(rowOf(month, old.id)?.counts).toEqual({ chats: 2, likes: 0, uses: 0 });
    const all = await leaderboard(reader, 'all');
    expect(rowOf(all, old.id)?.counts).toEqual({ chats: 2, likes: 0, uses: 2 });
    const ranks = all.agents.map((row) => row.agent.id);
    expect(ranks.indexOf(old.id)).toBeLessThan(ranks.indexOf(fresh.id));
    // Popular sorting in the gallery follows the same counts.
    const popular = (await reader.client.get('/api/explore/agents?sort=popular&limit=60')).body.agents as PublicAgent[];
    expect(popular.findIndex((a) => a.id === old.id)).toBeLessThan(popular.findIndex((a) => a.id === fresh.id));
    const rows = await server.db
      .select()
      .from(agentEvents)
      .where(and(eq(agentEvents.agentId, fresh.id), eq(agentEvents.userId, reader.user.id)));
    expect(rows).toHaveLength(1);
  });

  it('starts periods on the right day', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    expect(periodStart('week', now)).toBe('2026-03-04');
    expect(periodStart('month', now)).toBe('2026-02-09');
    expect(periodStart('all', now)).toBeNull();
  });
});

describe('without a model', () => {
  it('says at once that no model is set up, and an unanswered conversation does not count', async () => {
    const bare = await startTestServer({ OPENAI_BASE_URL: '', OPENAI_API_KEY: '' });
    try {
      const maker = await signUpVerified(bare, { name: 'Mo Maker', email: 'mo@example.com' });
      const visitor = await signUpVerified(bare, { name: 'Vi Visitor', email: 'vi@example.com' });
      const made = await maker.client.post('/api/agents', {
        accountId: accountOf(maker),
        name: 'Unanswered',
        avatar: '🤖',
        color: 'rose',
        description: 'Has no model to answer with.',
        instructions: 'Be brief.',
        starterPrompts: [],
        category: 'writing',
        tools: [],
      });
      expect(made.status, made.text).toBe(201);
      await maker.client.patch(`/api/agents/${made.body.id}`, { published: true });
      const created = await visitor.client.post('/api/chats', { accountId: accountOf(visitor), agentId: made.body.id });
      expect(created.status, created.text).toBe(201);
      const { events } = await streamEvents(bare, visitor, 'POST', `/api/chats/${created.body.id}/messages`, {
        text: 'Hello?',
      });
      // The answer says so at once, with no model asked.
      expect(events.at(-1)).toMatchObject({ type: 'done', message: { status: 'error', error: NO_MODEL_TEXT } });
      // The chat was opened and not answered: no conversation on the leaderboard or the agent's page.
      const board = (await visitor.client.get('/api/leaderboard?period=week')).body as Leaderboard;
      expect(board.agents.find((row) => row.agent.id === made.body.id)).toBeUndefined();
      const view = (await visitor.client.get(`/api/explore/agents/${made.body.id}`)).body as PublicAgent;
      expect(view.counts.chats).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
