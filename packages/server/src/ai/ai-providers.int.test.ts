import { generateText, streamText } from 'ai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiServerConfig } from '../config';
import { aiProviders } from '../db/schema-ai';
import { createAiApi } from '../flows/ai/ai-api';
import { type AnthropicServer, startAnthropicServer } from '../test/anthropic-server';
import { type OpenAiServer, startOpenAiServer } from '../test/openai-server';
import {
  businessAccountWithMember,
  signUpVerified,
  startTestServer,
  TEST_SECRET,
  type TestClient,
  type TestServer,
} from '../test/test-server';
import { freePort, waitFor } from '../test/wait';
import { accountAiModels, aiKeyBox } from './ai-models';

type Member = Awaited<ReturnType<typeof signUpVerified>>;

const OPENAI_KEY = 'sk-account-7f3a9c1e5b2d';
const ANTHROPIC_KEY = 'sk-ant-account-4e8b2a6c';

let openai: OpenAiServer;
let anthropic: AnthropicServer;
let server: TestServer;
let owner: Member;
let stranger: Member;

beforeAll(async () => {
  openai = await startOpenAiServer({ apiKey: OPENAI_KEY, models: ['gpt-4o-mini', 'llama3.2:1b'], reply: () => 'OK' });
  anthropic = await startAnthropicServer({ apiKey: ANTHROPIC_KEY, reply: () => 'OK from Claude, streamed in pieces.' });
  // Account providers here live on 127.0.0.1, which the guarded fetch refuses unless allowed.
  server = await startTestServer({ FLOWMIND_HTTP_ALLOW_PRIVATE: 'true', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' });
  owner = await signUpVerified(server, { name: 'Ada', email: 'ada@example.com' });
  stranger = await signUpVerified(server, { name: 'Sam', email: 'sam@example.com' });
});
afterAll(async () => {
  await server.close();
  await openai.close();
  await anthropic.close();
});

const accountOf = (member: Member) => member.user.personalAccountId;
const put = (client: TestClient, path: string, body: unknown) => client.request('PUT', path, body);
const modelsOf = (member: Member, accountId = accountOf(member)) =>
  member.client.get(`/api/ai/models?accountId=${accountId}`);

async function addOpenAi(member: Member, body: Record<string, unknown> = {}) {
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

const modelsFor = (env: Record<string, string> = {}, allowPrivateHttp = true) =>
  accountAiModels({ db: server.db, secret: TEST_SECRET, ai: aiServerConfig(env), allowPrivateHttp });

describe('AI providers', () => {
  it('starts with nothing: no providers, no models, and no model resolves', async () => {
    const res = await modelsOf(owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ providers: [], models: [], defaultModel: null });
    expect(await modelsFor().resolve(accountOf(owner))).toBeNull();
  });

  it('adds a provider whose key is sealed in the database and never sent back', async () => {
    const created = await addOpenAi(owner);
    expect(created.body).toMatchObject({
      kind: 'openai-compatible',
      name: 'Local',
      baseUrl: openai.baseUrl,
      hasApiKey: true,
      models: ['gpt-4o-mini', 'llama3.2:1b'],
      fromEnvironment: false,
    });
    expect(created.text).not.toContain(OPENAI_KEY);
    expect(created.body).not.toHaveProperty('apiKey');

    const [row] = await server.db.select().from(aiProviders).where(eq(aiProviders.id, created.body.id));
    expect(row?.accountId).toBe(accountOf(owner));
    expect(row?.apiKeySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(OPENAI_KEY);
    expect(aiKeyBox(TEST_SECRET).open(row?.apiKeySealed as string)).toBe(OPENAI_KEY);

    const listed = await modelsOf(owner);
    expect(listed.text).not.toContain(OPENAI_KEY);
    const id = created.body.id;
    expect(listed.body.models).toEqual([
      { ref: `${id}:gpt-4o-mini`, model: 'gpt-4o-mini', providerId: id, providerName: 'Local', isDefault: true },
      { ref: `${id}:llama3.2:1b`, model: 'llama3.2:1b', providerId: id, providerName: 'Local', isDefault: false },
    ]);
    expect(listed.body.defaultModel).toBeNull();
    await owner.client.delete(`/api/ai/providers/${id}`);
  });

  it('refuses bad input with the field named', async () => {
    const base = { accountId: accountOf(owner), kind: 'openai-compatible', name: 'X', models: ['m'] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, baseUrl: undefined }, 'baseUrl'],
      [{ ...base, baseUrl: 'not a url' }, 'baseUrl'],
      [{ ...base, baseUrl: 'ftp://example.com/v1' }, 'baseUrl'],
      [{ ...base, baseUrl: 'https://api.openai.com/v1', models: [] }, 'models'],
      [{ ...base, baseUrl: 'https://api.openai.com/v1', name: ' ' }, 'name'],
      [{ ...base, kind: 'gemini', baseUrl: 'https://api.openai.com/v1' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post('/api/ai/providers', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.field).toBe(field);
    }
    expect((await modelsOf(owner)).body.providers).toEqual([]);
  });

  it('changes a provider: a key is kept when absent, replaced when sent, removed with null', async () => {
    const { body: provider } = await addOpenAi(owner);
    const sealed = async () =>
      (await server.db.select().from(aiProviders).where(eq(aiProviders.id, provider.id)))[0]?.apiKeySealed;
    const before = await sealed();

    const renamed = await owner.client.patch(`/api/ai/providers/${provider.id}`, {
      name: 'Renamed',
      models: ['a', 'a', 'b'],
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', hasApiKey: true, models: ['a', 'b'] });
    expect(await sealed()).toBe(before);

    const replaced = await owner.client.patch(`/api/ai/providers/${provider.id}`, { apiKey: 'sk-new-key-123' });
    expect(replaced.body.hasApiKey).toBe(true);
    expect(replaced.text).not.toContain('sk-new-key-123');
    expect(aiKeyBox(TEST_SECRET).open((await sealed()) as string)).toBe('sk-new-key-123');

    const removed = await owner.client.patch(`/api/ai/providers/${provider.id}`, { apiKey: null });
    expect(removed.body.hasApiKey).toBe(false);
    expect(await sealed()).toBeNull();

    const badUrl = await owner.client.patch(`/api/ai/providers/${provider.id}`, { baseUrl: 'nope' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.field).toBe('baseUrl');
    const noUrl = await owner.client.patch(`/api/ai/providers/${provider.id}`, { baseUrl: null });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.error).toMatchObject({
      field: 'baseUrl',
      message: 'Enter the base URL, such as https://api.openai.com/v1',
    });

    expect((await owner.client.delete(`/api/ai/providers/${provider.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/ai/providers/${provider.id}`)).status).toBe(404);
    expect((await modelsOf(owner)).body.providers).toEqual([]);
  });

  it('tests a provider through the AI SDK: ok, bad key, unknown model, unreachable host', async () => {
    const { body: provider } = await addOpenAi(owner, { models: ['gpt-4o-mini', 'gpt-nope'] });
    const test = (id: string, model?: string) =>
      owner.client.post(`/api/ai/providers/${id}/test`, { accountId: accountOf(owner), model });
    const host = new URL(openai.baseUrl).host;

    const ok = await test(provider.id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ ok: true, message: 'gpt-4o-mini answered: OK' });
    expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);

    const unknownModel = await test(provider.id, 'gpt-nope');
    expect(unknownModel.body).toEqual({
      ok: false,
      message: `The AI model "gpt-nope" was not found at ${host}: The model \`gpt-nope\` does not exist`,
    });
    expect((await test(provider.id, 'not-listed')).status).toBe(400);

    await owner.client.patch(`/api/ai/providers/${provider.id}`, { apiKey: 'sk-wrong' });
    expect((await test(provider.id)).body).toEqual({
      ok: false,
      message: `The AI provider at ${host} refused the API key (401): Incorrect API key provided.`,
    });

    const closedPort = await freePort();
    await owner.client.patch(`/api/ai/providers/${provider.id}`, { baseUrl: `http://127.0.0.1:${closedPort}/v1` });
    const unreachable = await test(provider.id);
    expect(unreachable.body).toEqual({
      ok: false,
      message: `Could not reach the AI provider at 127.0.0.1:${closedPort}: ECONNREFUSED`,
    });
    await owner.client.delete(`/api/ai/providers/${provider.id}`);
  });

  it('sends account providers through the guarded fetch: private addresses are refused unless allowed', async () => {
    const guarded = await startTestServer();
    try {
      const member = await signUpVerified(guarded, { name: 'Gil', email: 'gil@example.com' });
      const body = {
        accountId: accountOf(member),
        kind: 'openai-compatible',
        name: 'Local',
        baseUrl: openai.baseUrl,
        apiKey: OPENAI_KEY,
        models: ['gpt-4o-mini'],
      };
      const refused = await member.client.post('/api/ai/providers', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.field).toBe('baseUrl');
      // One saved while the server allowed private addresses is refused when it is called.
      const { id } = (
        await guarded.db
          .insert(aiProviders)
          .values({
            id: 'aip_saved_before',
            accountId: accountOf(member),
            kind: 'openai-compatible',
            name: 'Local',
            baseUrl: openai.baseUrl,
            apiKeySealed: aiKeyBox(TEST_SECRET).seal(OPENAI_KEY),
            models: ['gpt-4o-mini'],
            createdBy: member.user.id,
          })
          .returning()
      )[0] as { id: string };
      const count = openai.requests.length;
      const res = await member.client.post(`/api/ai/providers/${id}/test`, { accountId: accountOf(member) });
      expect(res.body.ok).toBe(false);
      expect(res.body.message).toMatch(
        /^Refused to connect to 127\.0\.0\.1: local model servers are allowed on ports 11434 and 1234 only\./,
      );
      expect(openai.requests.length).toBe(count);
      const resolved = await accountAiModels({ db: guarded.db, secret: TEST_SECRET }).resolve(accountOf(member));
      await expect(generateText({ model: resolved!.model, prompt: 'Hi', maxRetries: 0 })).rejects.toThrow(
        /Refused to connect to 127\.0\.0\.1/,
      );
    } finally {
      await guarded.close();
    }
  });

  it('keeps a default model that must be one the account has, and resolves refs by it', async () => {
    const { body: provider } = await addOpenAi(owner);
    const aiModels = modelsFor();
    expect((await aiModels.resolve(accountOf(owner)))?.ref).toBe(`${provider.id}:gpt-4o-mini`);

    const set = await put(owner.client, `/api/ai/settings?accountId=${accountOf(owner)}`, {
      defaultModel: `${provider.id}:llama3.2:1b`,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.defaultModel).toBe(`${provider.id}:llama3.2:1b`);
    expect(set.body.models.find((m: { isDefault: boolean }) => m.isDefault).model).toBe('llama3.2:1b');

    const resolved = await aiModels.resolve(accountOf(owner));
    expect(resolved).toMatchObject({
      ref: `${provider.id}:llama3.2:1b`,
      label: 'llama3.2:1b',
      host: new URL(openai.baseUrl).host,
    });
    // The model streams through the AI SDK with the account's key.
    openai.setReply(() => 'Streaming from the default model.');
    const stream = streamText({ model: resolved!.model, prompt: 'Hi', maxRetries: 0 });
    expect(await stream.text).toBe('Streaming from the default model.');
    expect(openai.requests.at(-1)?.body).toMatchObject({ model: 'llama3.2:1b', stream: true });
    expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    openai.setReply(() => 'OK');

    // Named refs resolve; unknown ones do not.
    expect((await aiModels.resolve(accountOf(owner), `${provider.id}:gpt-4o-mini`))?.label).toBe('gpt-4o-mini');
    await expect(aiModels.resolve(accountOf(owner), `${provider.id}:gpt-5`)).rejects.toMatchObject({
      code: 'bad_request',
      message: `The AI model "${provider.id}:gpt-5" is not set up for this account`,
    });
    await expect(aiModels.resolve(accountOf(owner), 'env-openai:gpt-4o-mini')).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(aiModels.resolve(accountOf(owner), 'garbage')).rejects.toMatchObject({ code: 'bad_request' });

    // The flows AI step uses the account's default provider, with the step's model name if it gives one.
    expect(await aiModels.flowModel(accountOf(owner))).toMatchObject({
      ref: `${provider.id}:llama3.2:1b`,
      label: 'llama3.2:1b',
    });
    expect(await aiModels.flowModel(accountOf(owner), 'gpt-4o-mini')).toMatchObject({
      ref: `${provider.id}:gpt-4o-mini`,
    });

    for (const defaultModel of [`${provider.id}:gpt-5`, 'env-openai:gpt-4o-mini', 'nonsense']) {
      const bad = await put(owner.client, `/api/ai/settings?accountId=${accountOf(owner)}`, { defaultModel });
      expect(bad.status).toBe(400);
      expect(bad.body.error.field).toBe('defaultModel');
    }

    // Deleting the provider forgets the default that named it.
    await owner.client.delete(`/api/ai/providers/${provider.id}`);
    expect((await modelsOf(owner)).body.defaultModel).toBeNull();
    expect(await aiModels.resolve(accountOf(owner))).toBeNull();
  });

  it('reuses a resolved model until the account changes its providers or default (here at once, elsewhere within keepMs)', async () => {
    const account = accountOf(owner);
    const settings = `/api/ai/settings?accountId=${account}`;
    const { body: provider } = await addOpenAi(owner);
    const kept = accountAiModels({
      db: server.db,
      secret: TEST_SECRET,

      allowPrivateHttp: true,
      keepMs: 60_000,
    });
    const first = await kept.resolve(account);
    expect(first?.ref).toBe(`${provider.id}:gpt-4o-mini`);
    expect(await kept.resolve(account)).toBe(first);

    // Changes through the API in this process are seen by the next resolve.
    await put(owner.client, settings, { defaultModel: `${provider.id}:llama3.2:1b` });
    expect((await kept.resolve(account))?.ref).toBe(`${provider.id}:llama3.2:1b`);
    await owner.client.patch(`/api/ai/providers/${provider.id}`, { models: ['gpt-4o-mini'] });
    expect((await kept.resolve(account))?.ref).toBe(`${provider.id}:gpt-4o-mini`);
    const { body: second } = await addOpenAi(owner, { name: 'Second' });
    await put(owner.client, settings, { defaultModel: `${second.id}:llama3.2:1b` });
    expect((await kept.resolve(account))?.ref).toBe(`${second.id}:llama3.2:1b`);
    await owner.client.delete(`/api/ai/providers/${second.id}`);
    expect((await kept.resolve(account))?.ref).toBe(`${provider.id}:gpt-4o-mini`);
    await owner.client.delete(`/api/ai/providers/${provider.id}`);
    expect(await kept.resolve(account)).toBeNull();

    // A change written by another process is seen once the kept models expire.
    let clock = Date.now();
    const brief = accountAiModels({
      db: server.db,
      secret: TEST_SECRET,

      allowPrivateHttp: true,
      keepMs: 100,
      now: () => clock,
    });
    const { body: third } = await addOpenAi(owner);
    expect((await brief.resolve(account))?.ref).toBe(`${third.id}:gpt-4o-mini`);
    await server.db
      .update(aiProviders)
      .set({ models: ['llama3.2:1b'] })
      .where(eq(aiProviders.id, third.id));
    expect((await brief.resolve(account))?.ref).toBe(`${third.id}:gpt-4o-mini`);
    clock += 150;
    expect((await brief.resolve(account))?.ref).toBe(`${third.id}:llama3.2:1b`);
    await owner.client.delete(`/api/ai/providers/${third.id}`);
  });

  it('runs a flow’s AI step on the account’s default provider, with its key', async () => {
    const { body: provider } = await addOpenAi(owner);
    await put(owner.client, `/api/ai/settings?accountId=${accountOf(owner)}`, {
      defaultModel: `${provider.id}:llama3.2:1b`,
    });
    openai.setReply(() => 'Flows answer.');
    const nodes = [
      { id: 't', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} },
      { id: 'ai', type: 'ai', name: 'Ask', position: { x: 300, y: 0 }, params: { prompt: 'Hello' } },
    ];
    const edges = [{ id: 'e0', source: 't', target: 'ai', sourceHandle: 'main', targetHandle: 'main' }];
    const flow = await owner.client.post('/api/flows', {
      accountId: accountOf(owner),
      name: 'AI flow',
      graph: { nodes, edges },
    });
    expect(flow.status, flow.text).toBe(201);
    expect((await owner.client.post(`/api/flows/${flow.body.id}/publish`, {})).status).toBe(200);
    const run = await owner.client.post(`/api/flows/${flow.body.id}/run`, {});
    expect(run.status, run.text).toBe(201);
    const execution = await waitFor(
      async () => (await owner.client.get(`/api/executions/${run.body.id}`)).body,
      (e) => ['succeeded', 'failed'].includes(e.status),
    );
    expect(execution.status, JSON.stringify(execution.error)).toBe('succeeded');
    const step = execution.steps.find((s: { nodeId: string }) => s.nodeId === 'ai');
    expect(step.output.main[0]).toMatchObject({ ai: 'Flows answer.' });
    expect(openai.requests.at(-1)?.body.model).toBe('llama3.2:1b');
    expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    openai.setReply(() => 'OK');
    await owner.client.delete(`/api/ai/providers/${provider.id}`);
  });

  it('keeps accounts apart: another account cannot see, change, test or use a provider', async () => {
    const { body: provider } = await addOpenAi(owner);
    const ownerAccount = accountOf(owner);

    expect((await modelsOf(stranger, ownerAccount)).status).toBe(404);
    expect((await stranger.client.patch(`/api/ai/providers/${provider.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await stranger.client.delete(`/api/ai/providers/${provider.id}`)).status).toBe(404);
    const strangerTest = await stranger.client.post(`/api/ai/providers/${provider.id}/test`, {
      accountId: accountOf(stranger),
    });
    expect(strangerTest.status).toBe(404);
    expect(
      (await stranger.client.post(`/api/ai/providers/${provider.id}/test`, { accountId: ownerAccount })).status,
    ).toBe(404);
    const adopt = await put(stranger.client, `/api/ai/settings?accountId=${accountOf(stranger)}`, {
      defaultModel: `${provider.id}:gpt-4o-mini`,
    });
    expect(adopt.status).toBe(400);
    expect(
      (await put(stranger.client, `/api/ai/settings?accountId=${ownerAccount}`, { defaultModel: null })).status,
    ).toBe(404);
    const created = await stranger.client.post('/api/ai/providers', {
      accountId: ownerAccount,
      kind: 'anthropic',
      name: 'Sneaky',
      models: ['claude-haiku-4-5'],
    });
    expect(created.status).toBe(404);

    // The stranger's own provider does not make the owner's ref theirs.
    await addOpenAi(stranger, { name: 'Theirs', apiKey: undefined });
    await expect(modelsFor().resolve(accountOf(stranger), `${provider.id}:gpt-4o-mini`)).rejects.toMatchObject({
      code: 'bad_request',
    });
    expect((await modelsOf(stranger)).body.providers.map((p: { name: string }) => p.name)).toEqual(['Theirs']);
    expect((await modelsOf(owner)).body.providers.map((p: { name: string }) => p.name)).toEqual(['Local']);
    expect((await stranger.client.get('/api/ai/models?accountId=')).status).toBe(400);
    await owner.client.delete(`/api/ai/providers/${provider.id}`);
  });

  it('lets members read and test, and only owners and admins change', async () => {
    const { accountId: businessId, colleague } = await businessAccountWithMember(server, owner, {
      name: 'AI Co',
      handle: 'ai-co',
      member: { name: 'Kai', email: 'kai@example.com' },
    });

    const created = await owner.client.post('/api/ai/providers', {
      accountId: businessId,
      kind: 'openai-compatible',
      name: 'Team',
      baseUrl: openai.baseUrl,
      apiKey: OPENAI_KEY,
      models: ['gpt-4o-mini'],
    });
    expect(created.status).toBe(201);
    const listed = await modelsOf(colleague, businessId);
    expect(listed.body.providers).toHaveLength(1);
    expect(listed.text).not.toContain(OPENAI_KEY);
    const tested = await colleague.client.post(`/api/ai/providers/${created.body.id}/test`, {
      accountId: businessId,
    });
    expect(tested.body.ok).toBe(true);
    expect((await colleague.client.patch(`/api/ai/providers/${created.body.id}`, { name: 'X' })).status).toBe(403);
    expect((await colleague.client.delete(`/api/ai/providers/${created.body.id}`)).status).toBe(403);
    expect(
      (await put(colleague.client, `/api/ai/settings?accountId=${businessId}`, { defaultModel: null })).status,
    ).toBe(403);
  });

  it('talks to Anthropic through the Messages API, as JSON and streamed', async () => {
    const created = await owner.client.post('/api/ai/providers', {
      accountId: accountOf(owner),
      kind: 'anthropic',
      name: 'Claude',
      baseUrl: anthropic.baseUrl,
      apiKey: ANTHROPIC_KEY,
      models: ['claude-haiku-4-5'],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.text).not.toContain(ANTHROPIC_KEY);
    const tested = await owner.client.post(`/api/ai/providers/${created.body.id}/test`, {
      accountId: accountOf(owner),
    });
    expect(tested.body).toEqual({
      ok: true,
      message: 'claude-haiku-4-5 answered: OK from Claude, streamed in pieces.',
    });
    expect(anthropic.requests.at(-1)?.headers['x-api-key']).toBe(ANTHROPIC_KEY);

    const resolved = await modelsFor().resolve(accountOf(owner), `${created.body.id}:claude-haiku-4-5`);
    const pieces: string[] = [];
    for await (const piece of streamText({ model: resolved!.model, prompt: 'Hi', maxRetries: 0 }).textStream)
      pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('OK from Claude, streamed in pieces.');
    expect(anthropic.requests.at(-1)?.body.stream).toBe(true);
    // As the default model, an Anthropic provider answers the flows AI step too.
    await put(owner.client, `/api/ai/settings?accountId=${accountOf(owner)}`, {
      defaultModel: `${created.body.id}:claude-haiku-4-5`,
    });
    const flowsAi = createAiApi({ accountId: accountOf(owner), resolveModel: modelsFor().flowModel });
    const answered = await flowsAi.generate({ prompt: 'Hi from a flow', signal: new AbortController().signal });
    expect(answered).toEqual({ text: 'OK from Claude, streamed in pieces.', model: 'claude-haiku-4-5' });
    expect(anthropic.requests.at(-1)?.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(JSON.stringify(anthropic.requests.at(-1)?.body)).toContain('Hi from a flow');

    await owner.client.patch(`/api/ai/providers/${created.body.id}`, { apiKey: 'sk-ant-wrong' });
    const refused = await owner.client.post(`/api/ai/providers/${created.body.id}/test`, {
      accountId: accountOf(owner),
    });
    expect(refused.body).toEqual({
      ok: false,
      message: `The AI provider at ${new URL(anthropic.baseUrl).host} refused the API key (401): invalid x-api-key`,
    });
    // Back to Anthropic's own endpoint.
    const ownEndpoint = await owner.client.patch(`/api/ai/providers/${created.body.id}`, { baseUrl: null });
    expect(ownEndpoint.body.baseUrl).toBeNull();
    await owner.client.delete(`/api/ai/providers/${created.body.id}`);
  });
});

describe('AI providers from the server environment', () => {
  it('lists them read-only beside the account’s, without their keys, and they answer', async () => {
    const envServer = await startTestServer({
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: OPENAI_KEY,
      FLOWMIND_AI_MODEL: 'gpt-4o-mini',
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
      FLOWMIND_ANTHROPIC_MODELS: 'claude-haiku-4-5, claude-sonnet-4-5',
    });
    try {
      const member = await signUpVerified(envServer, { name: 'Eve', email: 'eve@example.com' });
      const res = await member.client.get(`/api/ai/models?accountId=${accountOf(member)}`);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(OPENAI_KEY);
      expect(res.text).not.toContain(ANTHROPIC_KEY);
      expect(res.body.providers).toMatchObject([
        {
          id: 'env-openai',
          kind: 'openai-compatible',
          fromEnvironment: true,
          hasApiKey: true,
          models: ['gpt-4o-mini'],
        },
        {
          id: 'env-anthropic',
          kind: 'anthropic',
          name: 'Anthropic',
          fromEnvironment: true,
          hasApiKey: true,
          models: ['claude-haiku-4-5', 'claude-sonnet-4-5'],
        },
      ]);
      expect(res.body.models.map((m: { ref: string }) => m.ref)).toEqual([
        'env-openai:gpt-4o-mini',
        'env-anthropic:claude-haiku-4-5',
        'env-anthropic:claude-sonnet-4-5',
      ]);
      expect(res.body.models[0].isDefault).toBe(true);

      expect((await member.client.patch('/api/ai/providers/env-openai', { name: 'Mine' })).status).toBe(404);
      expect((await member.client.delete('/api/ai/providers/env-anthropic')).status).toBe(404);

      const tested = await member.client.post('/api/ai/providers/env-anthropic/test', { accountId: accountOf(member) });
      expect(tested.body).toEqual({
        ok: true,
        message: 'claude-haiku-4-5 answered: OK from Claude, streamed in pieces.',
      });

      const set = await put(member.client, `/api/ai/settings?accountId=${accountOf(member)}`, {
        defaultModel: 'env-anthropic:claude-sonnet-4-5',
      });
      expect(set.body.defaultModel).toBe('env-anthropic:claude-sonnet-4-5');
      const env = { OPENAI_BASE_URL: openai.baseUrl, ANTHROPIC_API_KEY: ANTHROPIC_KEY };
      const resolved = await accountAiModels({
        db: envServer.db,
        secret: TEST_SECRET,
        ai: aiServerConfig(env),
      }).resolve(accountOf(member));
      expect(resolved).toMatchObject({ ref: 'env-anthropic:claude-sonnet-4-5', label: 'claude-sonnet-4-5' });
      // The server's providers take any model name their endpoint serves; other providers' refs still fail.
      const unlisted = await accountAiModels({
        db: envServer.db,
        secret: TEST_SECRET,
        ai: aiServerConfig(env),
      }).resolve(accountOf(member), 'env-openai:llama3.2:1b');
      expect(unlisted).toMatchObject({ ref: 'env-openai:llama3.2:1b', label: 'llama3.2:1b' });
      await expect(
        accountAiModels({ db: envServer.db, secret: TEST_SECRET, ai: aiServerConfig(env) }).resolve(
          accountOf(member),
          'env-gemini:pro',
        ),
      ).rejects.toMatchObject({ code: 'bad_request' });
      // The account's default among the server's providers is the flows step's too.
      expect(
        await accountAiModels({ db: envServer.db, secret: TEST_SECRET, ai: aiServerConfig(env) }).flowModel(
          accountOf(member),
        ),
      ).toMatchObject({ ref: 'env-anthropic:claude-sonnet-4-5' });
    } finally {
      await envServer.close();
    }
  });
});
