import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiServer, startOpenAiServer } from './openai-server';

let openai: OpenAiServer;
beforeAll(async () => {
  openai = await startOpenAiServer({ reply: () => 'A streamed answer in several pieces.' });
});
afterAll(() => openai.close());

describe('startOpenAiServer', () => {
  it('streams server-sent events when the client asks for stream: true', async () => {
    const provider = createOpenAICompatible({ name: 'test', baseURL: openai.baseUrl, includeUsage: true });
    const result = streamText({ model: provider.chatModel('gpt-4o-mini'), prompt: 'Hi', maxRetries: 0 });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('A streamed answer in several pieces.');
    expect((await result.usage).totalTokens).toBe(15);
    expect(openai.requests.at(-1)?.body.stream).toBe(true);
  });

  it('lists its models', async () => {
    const response = await fetch(`${openai.baseUrl}/models`);
    expect(await response.json()).toMatchObject({ data: [{ id: 'gpt-4o-mini' }] });
  });
});
