import { describe, expect, it } from 'vitest';
import { businessAccountWithMember } from '../test/test-server';
import {
  accountOf,
  addOpenAi,
  modelsFor,
  modelsOf,
  OPENAI_KEY,
  openai,
  owner,
  put,
  server,
  stranger,
  useAiProviderServers,
} from './ai-providers-test-setup';

useAiProviderServers();

describe('AI providers', () => {
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
});
