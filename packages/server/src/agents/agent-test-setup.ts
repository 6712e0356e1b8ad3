import type { Agent, Leaderboard } from '@flowmind/shared/agents';
import { afterAll, beforeAll, expect } from 'vitest';
import { streamEvents } from '../test/chat-streams';
import { type OpenAiServer, startOpenAiServer } from '../test/openai-server';
import { signUpVerified, startTestServer, type TestServer } from '../test/test-server';

export type Member = Awaited<ReturnType<typeof signUpVerified>>;

/*
 * What the agents test files share. `useAgentServer()` starts a local model server and the file's
 * own test server with three members, and the creator's secret table, in beforeAll; the bindings
 * below are live, set once that has run.
 */
export let model: OpenAiServer;
export let server: TestServer;
export let creator: Member;
export let reader: Member;
export let other: Member;
/** A table of the creator's that their agents may use: its id and name must never reach others. */
export let secretTable: { id: string; name: string };

export const SECRET_INSTRUCTIONS = 'You are Captain Haiku. Secret recipe: 7 herbs.';

export function useAgentServer() {
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
}

export const accountOf = (member: Member) => member.user.personalAccountId;

export async function makeAgent(member: Member, fields: Record<string, unknown> = {}): Promise<Agent> {
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

export async function publish(member: Member, agentId: string) {
  const res = await member.client.patch(`/api/agents/${agentId}`, { published: true });
  expect(res.status, res.text).toBe(200);
  return res.body as Agent;
}

/** Starts a chat with an agent and sends one message; the answer's final event. */
export async function chatWith(member: Member, agentId: string, text = 'Hello') {
  const created = await member.client.post('/api/chats', { accountId: accountOf(member), agentId });
  if (created.status !== 201) return { status: created.status, body: created.body };
  const { events } = await streamEvents(server, member, 'POST', `/api/chats/${created.body.id}/messages`, { text });
  return { status: 201, body: created.body, done: events[events.length - 1] };
}

export const leaderboard = async (member: Member, period: string) =>
  (await member.client.get(`/api/leaderboard?period=${period}`)).body as Leaderboard;
export const rowOf = (board: Leaderboard, agentId: string) => board.agents.find((row) => row.agent.id === agentId);
