import { streamText } from 'ai';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiProviders } from '../db/schema-ai';
import { createAiApi } from '../flows/ai/ai-api';
import { TEST_SECRET } from '../test/test-server';
import { waitFor } from '../test/wait';
import { accountAiModels } from './ai-models';
import {
  ANTHROPIC_KEY,
  accountOf,
  addOpenAi,
  anthropic,
  modelsFor,
  modelsOf,
  OPENAI_KEY,
  openai,
  owner,
  put,
  server,
  useAiProviderServers,
} from './ai-providers-test-setup';

useAiProviderServers();

describe('AI providers', () => {
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
