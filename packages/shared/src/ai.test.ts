import { describe, expect, it } from 'vitest';
import { baseUrlProblem, CreateAiProvider, TestAiProvider, UpdateAiProvider, UpdateAiSettings } from './ai';

const valid = {
  accountId: 'acc_1',
  kind: 'openai-compatible',
  name: 'Ollama',
  baseUrl: 'http://localhost:11434/v1',
  models: ['llama3.2:1b'],
};

describe('AI contracts', () => {
  it.each([
    ['an OpenAI-compatible provider', valid, true],
    ['Anthropic without a base URL', { ...valid, kind: 'anthropic', baseUrl: undefined }, true],
    ['a key', { ...valid, apiKey: 'sk-1' }, true],
    ['an unknown kind', { ...valid, kind: 'gemini' }, false],
    ['a blank name', { ...valid, name: '  ' }, false],
    ['a base URL that is not a URL', { ...valid, baseUrl: 'localhost' }, false],
    ['no models', { ...valid, models: [] }, false],
    ['a blank model', { ...valid, models: [' '] }, false],
    ['51 models', { ...valid, models: Array.from({ length: 51 }, (_, i) => `m${i}`) }, false],
    ['a 501-character key', { ...valid, apiKey: 'k'.repeat(501) }, false],
  ])('CreateAiProvider: %s', (_name, input, ok) => {
    expect(CreateAiProvider.safeParse(input).success).toBe(ok);
  });

  it.each([
    [{}, true],
    [{ apiKey: null }, true],
    [{ apiKey: 'sk-2', name: 'New' }, true],
    [{ baseUrl: null }, true],
    [{ baseUrl: 'nope' }, false],
    [{ models: [] }, false],
  ])('UpdateAiProvider %j → %s', (input, ok) => {
    expect(UpdateAiProvider.safeParse(input).success).toBe(ok);
  });

  it('names a default model by ref or clears it, and tests a provider in an account', () => {
    expect(UpdateAiSettings.safeParse({ defaultModel: 'aip_1:gpt-4o-mini' }).success).toBe(true);
    expect(UpdateAiSettings.safeParse({ defaultModel: null }).success).toBe(true);
    expect(UpdateAiSettings.safeParse({ defaultModel: '' }).success).toBe(false);
    expect(TestAiProvider.safeParse({ accountId: 'acc_1' }).success).toBe(true);
    expect(TestAiProvider.safeParse({ model: 'gpt-4o-mini' }).success).toBe(false);
  });

  it.each([
    ['openai-compatible', 'https://api.openai.com/v1', null],
    ['openai-compatible', 'HTTP://localhost:11434/v1', null],
    ['openai-compatible', '', 'Enter the base URL, such as https://api.openai.com/v1'],
    ['openai-compatible', null, 'Enter the base URL, such as https://api.openai.com/v1'],
    ['openai-compatible', 'localhost:11434', 'The base URL must start with http:// or https://'],
    ['anthropic', 'ftp://proxy/v1', 'The base URL must start with http:// or https://'],
    ['anthropic', null, null],
  ] as const)('baseUrlProblem(%s, %j)', (kind, baseUrl, problem) => {
    expect(baseUrlProblem(kind, baseUrl)).toBe(problem);
  });
});
