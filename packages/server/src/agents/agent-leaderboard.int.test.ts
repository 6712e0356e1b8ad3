import type { Leaderboard, PublicAgent } from '@flowmind/shared/agents';
import { NO_MODEL_TEXT } from '@flowmind/shared/chat';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentEvents } from '../db/schema-agents';
import { streamEvents } from '../test/chat-streams';
import { signUpVerified, startTestServer } from '../test/test-server';
import { utcDay } from './agent.repository';
import { periodStart } from './agent-gallery.service';
import {
  accountOf,
  chatWith,
  creator,
  leaderboard,
  makeAgent,
  model,
  other,
  publish,
  reader,
  rowOf,
  server,
  useAgentServer,
} from './agent-test-setup';

useAgentServer();

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
