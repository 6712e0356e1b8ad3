import { afterAll, beforeAll, expect } from 'vitest';
import { aiServerConfig } from '../config';
import { type AnthropicServer, startAnthropicServer } from '../test/anthropic-server';
import { type OpenAiServer, startOpenAiServer } from '../test/openai-server';
import { signUpVerified, startTestServer, TEST_SECRET, type TestClient, type TestServer } from '../test/test-server';
import { accountAiModels } from './ai-models';

export type Member = Awaited<ReturnType<typeof signUpVerified>>;

/*
 * What the AI providers test files share: a local OpenAI-compatible server and a local Anthropic
 * server that know the keys below, and (unless `testServer: false`) the file's own test server with
 * two members. `openai`, `anthropic`, `server`, `owner` and `stranger` are live bindings, set in beforeAll.
 */
export const OPENAI_KEY = 'sk-account-7f3a9c1e5b2d';
export const ANTHROPIC_KEY = 'sk-ant-account-4e8b2a6c';

export let openai: OpenAiServer;
export let anthropic: AnthropicServer;
export let server: TestServer;
export let owner: Member;
export let stranger: Member;

export function useAiProviderServers({ testServer = true }: { testServer?: boolean } = {}) {
  beforeAll(async () => {
    openai = await startOpenAiServer({ apiKey: OPENAI_KEY, models: ['gpt-4o-mini', 'llama3.2:1b'], reply: () => 'OK' });
    anthropic = await startAnthropicServer({
      apiKey: ANTHROPIC_KEY,
      reply: () => 'OK from Claude, streamed in pieces.',
    });
    if (!testServer) return;
    // Account providers here live on 127.0.0.1, which the guarded fetch refuses unless allowed.
    server = await startTestServer({ FLOWMIND_HTTP_ALLOW_PRIVATE: 'true', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' });
    owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
    stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
  });
  afterAll(async () => {
    if (testServer) await server.close();
    await openai.close();
    await anthropic.close();
  });
}

export const accountOf = (member: Member) => member.user.personalAccountId;
export const put = (client: TestClient, path: string, body: unknown) => client.request('PUT', path, body);
export const modelsOf = (member: Member, accountId = accountOf(member)) =>
  member.client.get(`/api/ai/models?accountId=${accountId}`);

export async function addOpenAi(member: Member, body: Record<string, unknown> = {}) {
  const res = await member.client.post('/api/ai/providers', {
    accountId: accountOf(member),
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: openai.baseUrl,
    apiKey: OPENAI_KEY,
    models: ['gpt-4o-mini', 'llama3.2:1b'],
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res;
}

export const modelsFor = (env: Record<string, string> = {}, allowPrivateHttp = true) =>
  accountAiModels({ db: server.db, secret: TEST_SECRET, ai: aiServerConfig(env), allowPrivateHttp });
