import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiServerConfig } from '../../config';
import { type OpenAiServer, startOpenAiServer } from '../../test/openai-server';
import { createAiApi, NO_AI_MODEL } from './ai-api';

const openAiFrom = (env: NodeJS.ProcessEnv) => aiServerConfig(env).openai;

let openai: OpenAiServer;
beforeAll(async () => {
  openai = await startOpenAiServer({ apiKey: 'sk-right', models: ['gpt-4o-mini', 'other-model'] });
});
afterAll(() => openai.close());

const signal = new AbortController().signal;

describe('createAiApi', () => {
  it('prefers the account’s model from the resolver over the env, with the step’s model name', async () => {
    openai.requests.length = 0;
    const asked: [string, string | null | undefined][] = [];
    const provider = createOpenAICompatible({ name: 'local', baseURL: openai.baseUrl, apiKey: 'sk-right' });
    const ai = createAiApi({
      server: openAiFrom({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'sk-env' }),
      accountId: 'acc_1',
      resolveModel: async (accountId, requested) => {
        asked.push([accountId, requested]);
        const model = requested || 'gpt-4o-mini';
        return { model: provider.chatModel(model), ref: `local:${model}`, label: model, host: 'local' };
      },
    });
    expect(await ai.generate({ prompt: 'Hi', signal })).toEqual({
      text: 'Hello from the test model.',
      model: 'gpt-4o-mini',
    });
    expect(await ai.generate({ prompt: 'Hi', model: 'other-model', signal })).toMatchObject({ model: 'other-model' });
    expect(asked).toEqual([
      ['acc_1', undefined],
      ['acc_1', 'other-model'],
    ]);
    expect(openai.requests[0]?.headers.authorization).toBe('Bearer sk-right');
    expect(openai.requests[1]?.body.model).toBe('other-model');
  });

  it('falls back to the env when the resolver has nothing', async () => {
    const ai = createAiApi({
      server: openAiFrom({ OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: 'sk-right' }),
      resolveModel: async () => null,
    });
    expect((await ai.generate({ prompt: 'Hi', signal })).text).toBe('Hello from the test model.');
    const none = createAiApi({ server: openAiFrom({}), resolveModel: async () => null });
    await expect(none.generate({ prompt: 'Hi', signal })).rejects.toThrow(NO_AI_MODEL);
  });

  it('turns provider errors into words', async () => {
    const host = new URL(openai.baseUrl).host;
    const wrongKey = createAiApi({
      server: openAiFrom({ OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: 'sk-wrong' }),
    });
    await expect(wrongKey.generate({ prompt: 'Hi', signal })).rejects.toThrow(
      `The AI provider at ${host} refused the API key (401): Incorrect API key provided.`,
    );
    const ai = createAiApi({ server: openAiFrom({ OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: 'sk-right' }) });
    await expect(ai.generate({ prompt: 'Hi', model: 'gpt-9', signal })).rejects.toThrow(
      `The AI model "gpt-9" was not found at ${host}: The model \`gpt-9\` does not exist`,
    );
    openai.setReply(() => ({ status: 429, message: 'Slow down' }));
    await expect(ai.generate({ prompt: 'Hi', signal })).rejects.toThrow(
      `The AI provider at ${host} is rate limiting requests: Slow down`,
    );
    openai.setReply(() => 'Hello from the test model.');
  });

  it('says when the provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ai = createAiApi({ server: openAiFrom({ OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` }) });
    await expect(ai.generate({ prompt: 'Hi', signal })).rejects.toThrow(
      `Could not reach the AI provider at 127.0.0.1:${port}: `,
    );
  });
});
