import { noteSchema } from '@flowmind/shared/note-doc';
import type { Node as PmNode } from '@tiptap/pm/model';
import { EditorState, Plugin, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { describe, expect, it } from 'vitest';
import { farBlocksPlugin, highlightOnlyTouchedCode, NEAR_BLOCKS, syncOnlyDocumentChanges } from './long-note-plugins';

const paragraph = (text: string) => noteSchema.node('paragraph', null, text ? [noteSchema.text(text)] : []);
const longDoc = (blocks: number) =>
  noteSchema.node(
    'doc',
    null,
    Array.from({ length: blocks }, (_, i) => paragraph(`Block ${i}`)),
  );
/** The position inside the index-th top-level block. */
const inside = (doc: PmNode, index: number) => {
  let pos = 0;
  for (let i = 0; i < index; i++) pos += doc.child(i).nodeSize;
  return pos + 1;
};

describe('far blocks', () => {
  const farIndexes = (state: EditorState) => {
    const found: number[] = [];
    const decorations = state.plugins[0]?.getState(state).decorations;
    state.doc.forEach((node, offset, index) => {
      if (decorations.find(offset + 1, offset + 1).length > 0) found.push(index);
    });
    return found;
  };

  it('marks the blocks more than NEAR_BLOCKS away from the caret, and none in a short note', () => {
    const doc = longDoc(200);
    const state = EditorState.create({
      doc,
      plugins: [farBlocksPlugin()],
      selection: TextSelection.create(doc, inside(doc, 100)),
    });
    const far = farIndexes(state);
    expect(far).not.toContain(100 - NEAR_BLOCKS);
    expect(far).not.toContain(100 + NEAR_BLOCKS);
    expect(far).toContain(100 - NEAR_BLOCKS - 1);
    expect(far).toContain(100 + NEAR_BLOCKS + 1);
    expect(far).toHaveLength(200 - (2 * NEAR_BLOCKS + 1));

    const short = EditorState.create({ doc: longDoc(2 * NEAR_BLOCKS), plugins: [farBlocksPlugin()] });
    expect(farIndexes(short)).toEqual([]);
  });

  it('follows the caret: blocks near where it moved lose the mark, and a new block next to it never has it', () => {
    const doc = longDoc(200);
    let state = EditorState.create({ doc, plugins: [farBlocksPlugin()] });
    expect(farIndexes(state)).toContain(150);
    state = state.apply(state.tr.setSelection(TextSelection.create(doc, inside(doc, 150))));
    expect(farIndexes(state)).not.toContain(150);
    expect(farIndexes(state)).toContain(0);
    // Enter at the caret: the new block is near, unmarked.
    state = state.apply(state.tr.split(state.selection.from));
    expect(farIndexes(state)).not.toContain(151);
    // The marks were mapped, not rebuilt: the blocks that had one still do, and only those.
    expect(farIndexes(state)).toHaveLength(200 - (2 * NEAR_BLOCKS + 1));
  });
});

describe('highlighting only touched code', () => {
  const counting = () => {
    let calls = 0;
    const plugin = new Plugin({
      state: {
        init: () => ({ map: () => 'mapped' }),
        apply: (_tr, value) => {
          calls++;
          return value;
        },
      },
    });
    highlightOnlyTouchedCode(plugin, 'codeBlock');
    return { plugin, calls: () => calls };
  };
  const docWithCode = noteSchema.node('doc', null, [
    paragraph('Text before'),
    noteSchema.node('codeBlock', null, [noteSchema.text('const a = 1;')]),
    paragraph('Text after'),
    paragraph('Last'),
  ]);

  it('asks the highlighter when a change is in, next to, or replaces a code block, not for typing elsewhere', () => {
    const { plugin, calls } = counting();
    let state = EditorState.create({ doc: docWithCode, plugins: [plugin] });
    const last = inside(docWithCode, 3);
    state = state.apply(state.tr.insertText('x', last));
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, last)));
    expect(calls()).toBe(0);

    state = state.apply(state.tr.insertText('y', inside(state.doc, 1) + 2));
    expect(calls()).toBe(1);
    // Deleting the code block.
    const codeStart = inside(state.doc, 1) - 1;
    state = state.apply(state.tr.delete(codeStart, codeStart + (state.doc.child(1).nodeSize as number)));
    expect(calls()).toBe(2);
    // A paragraph turned into code.
    state = state.apply(state.tr.setBlockType(1, 2, noteSchema.nodes.codeBlock as never));
    expect(calls()).toBe(3);
  });
});

describe('syncing only document changes', () => {
  it('passes view updates on when the document changed, not for selection or metadata', () => {
    let updates = 0;
    const plugin = syncOnlyDocumentChanges(new Plugin({ view: () => ({ update: () => void updates++ }) }));
    const doc = longDoc(3);
    const before = EditorState.create({ doc, plugins: [plugin] });
    const view = { state: before } as unknown as EditorView;
    const pluginView = plugin.spec.view?.(view);
    const moved = before.apply(before.tr.setSelection(TextSelection.create(doc, 3)).setMeta('x', 1));
    pluginView?.update?.({ state: moved } as unknown as EditorView, before);
    expect(updates).toBe(0);
    const typed = moved.apply(moved.tr.insertText('!'));
    pluginView?.update?.({ state: typed } as unknown as EditorView, moved);
    expect(updates).toBe(1);
  });
});
