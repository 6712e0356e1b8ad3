import type { Item } from '@flowmind/shared/flows';
import { type StepDefinition, StepError } from './step';

const text = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** Creates a note or appends Markdown to one, once per input item. */
export const noteStep: StepDefinition = {
  type: 'note',
  sideEffects: true,
  async run(ctx) {
    const out: Item[] = [];
    const count = Math.max(ctx.items.length, 1);
    for (let i = 0; i < count; i += 1) {
      const params = await ctx.params(i);
      const markdown = text(params.text);
      if (!markdown.trim()) throw new StepError('Text is required');
      if (params.operation === 'append') {
        const noteId = text(params.noteId).trim();
        if (!noteId) throw new StepError('Note id is required to append');
        out.push(await ctx.services.notes.append({ noteId, markdown }));
      } else {
        out.push(
          await ctx.services.notes.create({
            title: text(params.title),
            markdown,
            idempotencyKey: `${ctx.idempotencyKey}:${i}`,
          }),
        );
      }
    }
    return { outputs: { main: out } };
  },
};
