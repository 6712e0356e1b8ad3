import { generateText } from 'ai';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiProviders } from '../db/schema-ai';
import { signUpVerified, startTestServer, TEST_SECRET } from '../test/test-server';
import { freePort } from '../test/wait';
import { accountAiModels, aiKeyBox } from './ai-models';
import {
  accountOf,
  addOpenAi,
  modelsFor,
  modelsOf,
  OPENAI_KEY,
  openai,
  owner,
  server,
  useAiProviderServers,
} from './ai-providers-test-setup';

useAiProviderServers();

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
});
