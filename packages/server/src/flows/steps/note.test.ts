import { describe, expect, it } from 'vitest';
import { noteStep } from './note';
import { testContext } from './test-context';

describe('note step', () => {
  it('creates one note per item with the resolved title and text', async () => {
    const created: { title: string; markdown: string }[] = [];
    const ctx = testContext({
      type: 'note',
      params: { operation: 'create', title: 'Lead {{name}}', text: '# {{name}}' },
      items: [{ name: 'Ann' }, { name: 'Bo' }],
      evaluate: (template, item) =>
        typeof template === 'string' ? template.replace('{{name}}', String((item as { name: string }).name)) : template,
      services: {
        notes: {
          create: async (input) => {
            created.push(input);
            return { id: `n${created.length}`, title: input.title };
          },
          append: async () => ({ id: '', title: '' }),
        },
      },
    });
    const result = await noteStep.run(ctx);
    // Each note is keyed by the step run and its item, so a run again after a crash finds it.
    expect(created).toEqual([
      { title: 'Lead Ann', markdown: '# Ann', idempotencyKey: `${ctx.idempotencyKey}:0` },
      { title: 'Lead Bo', markdown: '# Bo', idempotencyKey: `${ctx.idempotencyKey}:1` },
    ]);
    expect(result).toEqual({
      outputs: {
        main: [
          { id: 'n1', title: 'Lead Ann' },
          { id: 'n2', title: 'Lead Bo' },
        ],
      },
    });
  });

  it('appends to a note by id and refuses empty text or a missing id', async () => {
    const appended: { noteId: string; markdown: string }[] = [];
    const services = {
      notes: {
        create: async () => ({ id: '', title: '' }),
        append: async (input: { noteId: string; markdown: string }) => {
          appended.push(input);
          return { id: input.noteId, title: 'Log' };
        },
      },
    };
    await noteStep.run(
      testContext({ type: 'note', params: { operation: 'append', noteId: 'nte_1', text: '- done' }, services }),
    );
    expect(appended).toEqual([{ noteId: 'nte_1', markdown: '- done' }]);
    await expect(
      noteStep.run(testContext({ type: 'note', params: { operation: 'append', text: 'x' }, services })),
    ).rejects.toThrow('Note id is required to append');
    await expect(
      noteStep.run(testContext({ type: 'note', params: { operation: 'create', text: ' ' }, services })),
    ).rejects.toThrow('Text is required');
  });
});
