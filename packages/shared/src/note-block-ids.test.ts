import { describe, expect, it } from 'vitest';
import { withoutEmptyBlockIds } from './note-block-ids';
import { noteSchema } from './note-doc';

describe('block ids', () => {
  it('puts a blockId attribute on paragraphs and headings (assigned by the editor; checked in the browser by e2e/notes-collab)', () => {
    expect(noteSchema.nodes.paragraph?.spec.attrs).toHaveProperty('blockId');
    expect(noteSchema.nodes.heading?.spec.attrs).toHaveProperty('blockId');
    expect(noteSchema.nodes.codeBlock?.spec.attrs).not.toHaveProperty('blockId');
  });

  it('drops only null ids from JSON', () => {
    expect(
      withoutEmptyBlockIds({
        type: 'doc',
        content: [
          { type: 'paragraph', attrs: { blockId: null } },
          { type: 'heading', attrs: { level: 2, blockId: null } },
          { type: 'paragraph', attrs: { blockId: 'abc' } },
        ],
      }),
    ).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph' },
        { type: 'heading', attrs: { level: 2 } },
        { type: 'paragraph', attrs: { blockId: 'abc' } },
      ],
    });
  });
});
