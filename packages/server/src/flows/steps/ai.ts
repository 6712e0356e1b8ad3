import type { Item } from '@flowmind/shared/flows';
import { type StepDefinition, StepError } from './step';

/** The schema param: JSON text as the form saves it, or an object an expression produced. */
function parseSchema(value: unknown): Record<string, unknown> {
  let schema = value;
  if (typeof value === 'string') {
    try {
      schema = JSON.parse(value);
    } catch (error) {
      throw new StepError(`The JSON schema is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    throw new StepError('The JSON schema must be an object, like { "type": "object", "properties": { … } }');
  return schema as Record<string, unknown>;
}

const text = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

export const aiStep: StepDefinition = {
  type: 'ai',
  sideEffects: true,
  async run(ctx) {
    const out: Item[] = [];
    for (let i = 0; i < ctx.items.length; i++) {
      const p = await ctx.params(i);
      const prompt = text(p.prompt).trim();
      if (!prompt) throw new StepError('The prompt is empty');
      const schema = p.output === 'json' ? parseSchema(p.schema) : undefined;
      const answer = await ctx.services.ai.generate({
        prompt,
        system: text(p.system).trim() || undefined,
        model: text(p.model).trim() || undefined,
        schema,
        signal: ctx.signal,
      });
      ctx.log('info', `Answered by ${answer.model}`);
      const field = text(p.outputField).trim() || 'ai';
      out.push({ ...ctx.items[i], [field]: schema ? answer.object : answer.text });
    }
    return { outputs: { main: out } };
  },
};
