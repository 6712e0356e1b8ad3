import { describe, expect, it } from 'vitest';
import { aiServerConfig } from '../config';
import { signUpVerified, startTestServer, TEST_SECRET } from '../test/test-server';
import { accountAiModels } from './ai-models';
import {
  ANTHROPIC_KEY,
  accountOf,
  anthropic,
  OPENAI_KEY,
  openai,
  put,
  useAiProviderServers,
} from './ai-providers-test-setup';

// The server environment's providers are tried on a test server started with them: this file needs only the local AI servers.
useAiProviderServers({ testServer: false });

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
