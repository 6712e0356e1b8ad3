import type { Agent, PublicAgent } from '@flowmind/shared/agents';
import { describe, expect, it } from 'vitest';
import {
  accountOf,
  chatWith,
  creator,
  makeAgent,
  model,
  other,
  publish,
  reader,
  SECRET_INSTRUCTIONS,
  secretTable,
  server,
  useAgentServer,
} from './agent-test-setup';

useAgentServer();

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
