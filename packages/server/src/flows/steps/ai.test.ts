import type { Item } from '@flowmind/shared/flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiServerConfig } from '../../config';
import { type OpenAiServer, startOpenAiServer } from '../../test/openai-server';
import { createAiApi, NO_AI_MODEL } from '../ai/ai-api';
import { aiStep } from './ai';
import type { StepResult } from './step';
import { testContext } from './test-context';

let openai: OpenAiServer;
beforeAll(async () => {
  openai = await startOpenAiServer({ apiKey: 'sk-test', models: ['gpt-4o-mini', 'small-model'] });
});
afterAll(() => openai.close());

const main = (result: StepResult): Item[] => ('outputs' in result ? (result.outputs.main ?? []) : []);
const env = () => ({ OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: 'sk-test', FLOWMIND_AI_MODEL: 'gpt-4o-mini' });
// Stands in for the engine's `{{ }}` evaluation: `{{name}}` reads the item's field.
const evaluate = (template: unknown, item: Item) =>
  typeof template === 'string'
    ? template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(item[key] ?? ''))
    : template;

async function run(params: Record<string, unknown>, items: Item[], aiEnv: NodeJS.ProcessEnv = env()) {
  const ctx = testContext({
    type: 'ai',
    params,
    items,
    evaluate,
    services: { ai: createAiApi({ server: aiServerConfig(aiEnv).openai }) },
  });
  return main(await aiStep.run(ctx));
}

describe('ai step', () => {
  it('prompts once per item and puts the text answer into a copy of the item', async () => {
    openai.requests.length = 0;
    openai.setReply((request) => `Summary of: ${String(request.body.messages.at(-1)?.content)}`);
    const items = [
      { id: 1, note: 'The build broke' },
      { id: 2, note: 'Customers love the new editor' },
    ];
    const out = await run({ prompt: 'Summarise: {{note}}', system: 'Be brief.', outputField: 'summary' }, items);
    expect(out).toEqual([
      { id: 1, note: 'The build broke', summary: 'Summary of: Summarise: The build broke' },
      { id: 2, note: 'Customers love the new editor', summary: 'Summary of: Summarise: Customers love the new editor' },
    ]);
    expect(items[0]).toEqual({ id: 1, note: 'The build broke' });
    expect(openai.requests).toHaveLength(2);
    const [first] = openai.requests;
    expect(first?.path).toBe('/v1/chat/completions');
    expect(first?.headers.authorization).toBe('Bearer sk-test');
    expect(first?.body.model).toBe('gpt-4o-mini');
    expect(first?.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Summarise: The build broke' },
    ]);
  });

  it('uses the model the step names, and `ai` as the default field', async () => {
    openai.requests.length = 0;
    openai.setReply(() => 'ok');
    const [item] = await run({ prompt: 'Hi', model: 'small-model' }, [{}]);
    expect(item).toEqual({ ai: 'ok' });
    expect(openai.requests[0]?.body.model).toBe('small-model');
  });

  it('answers JSON matching a schema given as JSON text or as an object', async () => {
    openai.requests.length = 0;
    openai.setReply(() => '{"sentiment":"positive","score":0.9}');
    const schema = {
      type: 'object',
      properties: { sentiment: { type: 'string', enum: ['positive', 'negative'] }, score: { type: 'number' } },
      required: ['sentiment', 'score'],
      additionalProperties: false,
    };
    const [fromText] = await run({ prompt: 'Rate: {{text}}', output: 'json', schema: JSON.stringify(schema) }, [
      { text: 'Great!' },
    ]);
    expect(fromText).toEqual({ text: 'Great!', ai: { sentiment: 'positive', score: 0.9 } });
    const [fromObject] = await run({ prompt: 'Rate it', output: 'json', schema, outputField: 'rating' }, [{}]);
    expect(fromObject).toEqual({ rating: { sentiment: 'positive', score: 0.9 } });
    const format = openai.requests[0]?.body.response_format;
    expect(format?.type).toBe('json_schema');
    expect(format?.json_schema?.schema).toMatchObject(schema);
  });

  it('fails in words when the answer does not match the schema, or the schema is not JSON', async () => {
    openai.setReply(() => '{"sentiment":"meh"}');
    const schema = {
      type: 'object',
      properties: { sentiment: { type: 'string', enum: ['positive'] } },
      required: ['sentiment'],
    };
    await expect(run({ prompt: 'Rate', output: 'json', schema }, [{}])).rejects.toThrow(
      `The AI model's answer does not match the JSON schema (sentiment: Invalid input: expected "positive"): {"sentiment":"meh"}`,
    );
    openai.setReply(() => 'Sure! Here is some prose.');
    await expect(run({ prompt: 'Rate', output: 'json', schema }, [{}])).rejects.toThrow(
      "The AI model's answer is not JSON: Sure! Here is some prose.",
    );
    await expect(run({ prompt: 'Rate', output: 'json', schema: '{ nope' }, [{}])).rejects.toThrow(
      /^The JSON schema is not valid JSON/,
    );
  });

  it('says what to do when no model is configured', async () => {
    await expect(run({ prompt: 'Hi' }, [{}], {})).rejects.toThrow(NO_AI_MODEL);
    expect(NO_AI_MODEL).toBe(
      'No AI model is configured. Add one in Settings → AI models, or set OPENAI_BASE_URL and OPENAI_API_KEY on the server.',
    );
  });
});
