import type { Agent } from '@flowmind/shared/agents';
import { describe, expect, it } from 'vitest';
import { integrationConnections } from '../db/schema-integrations';
import {
  accountOf,
  chatWith,
  creator,
  type Member,
  makeAgent,
  model,
  reader,
  SECRET_INSTRUCTIONS,
  secretTable,
  server,
  useAgentServer,
} from './agent-test-setup';

useAgentServer();

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
