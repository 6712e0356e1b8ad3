import type { AiProvider } from '@flowmind/shared/ai';
import { describe, expect, it } from 'vitest';
import {
  applyPreset,
  emptyProviderForm,
  fieldOfServerError,
  OPENAI_COMPATIBLE_PRESETS,
  providerFormOf,
  toCreateRequest,
  toTryRequest,
  toUpdateRequest,
  withModel,
} from './ai-provider-form';

const [openai, ollama] = OPENAI_COMPATIBLE_PRESETS;
const saved: AiProvider = {
  id: 'aip_1',
  kind: 'openai-compatible',
  name: 'Local',
  baseUrl: 'http://localhost:11434/v1',
  hasApiKey: true,
  models: ['llama3.2'],
  fromEnvironment: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('AI provider form', () => {
  it('fills a preset’s endpoint, name and first model without overwriting what was typed', () => {
    const filled = applyPreset(emptyProviderForm(), openai!);
    expect(filled).toMatchObject({ name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', models: ['gpt-4o-mini'] });
    const switched = applyPreset(filled, ollama!);
    expect(switched).toMatchObject({ name: 'Ollama', baseUrl: 'http://localhost:11434/v1', models: ['gpt-4o-mini'] });
    const named = applyPreset({ ...emptyProviderForm(), name: 'My box' }, ollama!);
    expect(named.name).toBe('My box');
  });

  it('adds model names once, trimmed', () => {
    expect(withModel(['a'], ' b ')).toEqual(['a', 'b']);
    expect(withModel(['a'], 'a')).toEqual(['a']);
    expect(withModel(['a'], '  ')).toEqual(['a']);
  });

  it.each([
    [{ name: '', baseUrl: 'https://api.openai.com/v1', models: ['m'] }, { name: 'Enter a name' }],
    [{ name: 'X', baseUrl: '', models: ['m'] }, { baseUrl: 'Enter the base URL, such as https://api.openai.com/v1' }],
    [{ name: 'X', baseUrl: 'openai', models: ['m'] }, { baseUrl: 'Enter a URL such as https://api.openai.com/v1' }],
    [{ name: 'X', baseUrl: 'https://api.openai.com/v1', models: [] }, { models: 'Add at least one model' }],
  ])('refuses %j with %j', (fields, errors) => {
    const result = toCreateRequest({ ...emptyProviderForm(), ...fields }, 'acc_1');
    expect(result).toEqual({ ok: false, errors });
  });

  it('builds the create request, keeping a model typed but not added', () => {
    const form = { ...applyPreset(emptyProviderForm(), openai!), apiKey: ' sk-1 ', modelDraft: 'gpt-4o' };
    expect(toCreateRequest(form, 'acc_1')).toEqual({
      ok: true,
      value: {
        accountId: 'acc_1',
        kind: 'openai-compatible',
        name: 'OpenAI',
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-1',
        models: ['gpt-4o-mini', 'gpt-4o'],
      },
    });
    const anthropic = { ...emptyProviderForm('anthropic'), name: 'Claude', models: ['claude-haiku-4-5'] };
    expect(toCreateRequest(anthropic, 'acc_1')).toMatchObject({ ok: true, value: { baseUrl: undefined } });
  });

  it('sends only what changed, and the key only when replaced or removed', () => {
    const form = providerFormOf(saved);
    expect(form.keyAction).toBe('keep');
    expect(toUpdateRequest(form, saved)).toEqual({ ok: true, value: {} });
    expect(toUpdateRequest({ ...form, name: 'Box', modelDraft: 'qwen3' }, saved)).toEqual({
      ok: true,
      value: { name: 'Box', models: ['llama3.2', 'qwen3'] },
    });
    expect(toUpdateRequest({ ...form, keyAction: 'remove' }, saved)).toEqual({ ok: true, value: { apiKey: null } });
    expect(toUpdateRequest({ ...form, keyAction: 'replace', apiKey: 'sk-2' }, saved)).toEqual({
      ok: true,
      value: { apiKey: 'sk-2' },
    });
    expect(toUpdateRequest({ ...form, keyAction: 'replace', apiKey: '' }, saved)).toEqual({
      ok: false,
      errors: { apiKey: 'Enter the new key, or keep the saved one' },
    });
    expect(toUpdateRequest({ ...form, baseUrl: '' }, saved)).toMatchObject({
      ok: false,
      errors: { baseUrl: expect.any(String) },
    });
  });
});

describe('trying the endpoint before saving', () => {
  const checked = <T>(result: { ok: true; value: T } | { ok: false }) => {
    if (!result.ok) throw new Error('the form should be valid');
    return result.value;
  };

  it('tries a new provider with what was typed and its first model', () => {
    const form = { ...applyPreset(emptyProviderForm(), ollama!), apiKey: ' sk-1 ' };
    expect(toTryRequest(checked(toCreateRequest(form, 'acc_1')), form, 'acc_1')).toEqual({
      accountId: 'acc_1',
      kind: 'openai-compatible',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'sk-1',
      model: 'llama3.2',
    });
  });

  it('tries an edited endpoint with the saved key, a replaced one, or none; a rename needs no try', () => {
    const moved = { ...providerFormOf(saved), baseUrl: 'http://127.0.0.1:1234/v1' };
    const base = { accountId: 'acc_1', kind: 'openai-compatible', providerId: 'aip_1', model: 'llama3.2' };
    expect(toTryRequest(checked(toUpdateRequest(moved, saved)), moved, 'acc_1', saved)).toEqual({
      ...base,
      baseUrl: 'http://127.0.0.1:1234/v1',
      apiKey: undefined,
    });
    const removed = { ...providerFormOf(saved), keyAction: 'remove' as const };
    expect(toTryRequest(checked(toUpdateRequest(removed, saved)), removed, 'acc_1', saved)).toMatchObject({
      ...base,
      apiKey: null,
    });
    const renamed = { ...providerFormOf(saved), name: 'Ollama', models: ['llama3.2', 'qwen3'] };
    expect(toTryRequest(checked(toUpdateRequest(renamed, saved)), renamed, 'acc_1', saved)).toBeNull();
  });
});

it('puts a server error at the field it names, the form when it names none of them', () => {
  expect(fieldOfServerError('baseUrl')).toBe('baseUrl');
  expect(fieldOfServerError('model')).toBe('models');
  expect(fieldOfServerError('providerId')).toBe('form');
  expect(fieldOfServerError('accountId')).toBe('form');
  expect(fieldOfServerError(undefined)).toBe('form');
});
