import { createAnthropic } from '@ai-sdk/anthropic';
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicServer, startAnthropicServer } from './anthropic-server';

let anthropic: AnthropicServer;
beforeAll(async () => {
  anthropic = await startAnthropicServer({
    apiKey: 'sk-ant-right',
    reply: () => 'A streamed answer in several pieces.',
  });
});
afterAll(() => anthropic.close());

const client = (apiKey: string) => createAnthropic({ baseURL: anthropic.baseUrl, apiKey });

describe('startAnthropicServer', () => {
  it('answers the AI SDK as JSON', async () => {
    const result = await generateText({
      model: client('sk-ant-right')('claude-haiku-4-5'),
      prompt: 'Hi',
      maxRetries: 0,
    });
    expect(result.text).toBe('A streamed answer in several pieces.');
    expect(result.usage.inputTokens).toBe(12);
    expect(anthropic.requests.at(-1)?.headers['x-api-key']).toBe('sk-ant-right');
  });

  it('streams the Messages API events when the client asks for stream: true', async () => {
    const result = streamText({ model: client('sk-ant-right')('claude-haiku-4-5'), prompt: 'Hi', maxRetries: 0 });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('A streamed answer in several pieces.');
    expect((await result.usage).outputTokens).toBe(6);
    expect(await result.finishReason).toBe('stop');
    expect(anthropic.requests.at(-1)?.body.stream).toBe(true);
  });

  it('refuses a wrong key and an unknown model as Anthropic does', async () => {
    const wrongKey = generateText({ model: client('sk-ant-wrong')('claude-haiku-4-5'), prompt: 'Hi', maxRetries: 0 });
    await expect(wrongKey).rejects.toSatisfy((e) => APICallError.isInstance(e) && e.statusCode === 401);
    const unknown = generateText({ model: client('sk-ant-right')('claude-nope'), prompt: 'Hi', maxRetries: 0 });
    await expect(unknown).rejects.toSatisfy((e) => APICallError.isInstance(e) && e.statusCode === 404);
  });
});
