import { noteSchema } from '@flowmind/shared/note-doc';
import type { Node as PmNode } from '@tiptap/pm/model';
import { EditorState, Plugin, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { describe, expect, it } from 'vitest';
import { highlightOnlyTouchedCode, NEAR_BLOCKS, nearBlocksPlugin, syncOnlyDocumentChanges } from './long-note-plugins';

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

describe('near blocks', () => {
  const key = (state: EditorState) => state.plugins[0]?.getState(state);
  const nearIndexes = (state: EditorState) => {
    const found: number[] = [];
    const decorations = key(state).decorations;
    state.doc.forEach((node, offset, index) => {
      const marks = decorations.find(offset, offset + node.nodeSize);
      if (
        marks.some((mark: { from: number; to: number }) => mark.from === offset && mark.to === offset + node.nodeSize)
      )
        found.push(index);
    });
    return found;
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const at = (doc: PmNode, index: number) => TextSelection.create(doc, inside(doc, index));

  it('marks the blocks up to NEAR_BLOCKS away from the caret and the editor as long, and nothing in a short note', () => {
    const doc = longDoc(200);
    const state = EditorState.create({ doc, plugins: [nearBlocksPlugin()], selection: at(doc, 100) });
    expect(nearIndexes(state)).toEqual(range(100 - NEAR_BLOCKS, 100 + NEAR_BLOCKS));
    expect(key(state).long).toBe(true);
    expect(state.plugins[0]?.props.attributes).toBeTypeOf('function');
    const attributes = state.plugins[0]?.props.attributes as (state: EditorState) => Record<string, string>;
    expect(attributes(state)).toEqual({ class: 'note-long' });

    const short = EditorState.create({ doc: longDoc(2 * NEAR_BLOCKS + 1), plugins: [nearBlocksPlugin()] });
    expect(nearIndexes(short)).toEqual([]);
    expect(attributes(short)).toEqual({});
  });

  it('follows the caret, and a block made next to it (Enter, a block turned into code) is near at once', () => {
    const doc = longDoc(200);
    let state = EditorState.create({ doc, plugins: [nearBlocksPlugin()] });
    expect(nearIndexes(state)).toEqual(range(0, NEAR_BLOCKS));
    state = state.apply(state.tr.setSelection(at(state.doc, 150)));
    expect(nearIndexes(state)).toEqual(range(150 - NEAR_BLOCKS, 150 + NEAR_BLOCKS));
    // Enter at the caret: the new block, where the caret is now, is near (marked in the same transaction).
    state = state.apply(state.tr.split(state.selection.from));
    expect(nearIndexes(state)).toEqual(range(151 - NEAR_BLOCKS, 151 + NEAR_BLOCKS));
    // The new paragraph turned into a code block, as the slash menu does.
    const $caret = state.selection.$from;
    state = state.apply(state.tr.setBlockType($caret.before(), $caret.after(), noteSchema.nodes.codeBlock as never));
    expect(state.doc.child(151).type.name).toBe('codeBlock');
    expect(nearIndexes(state)).toContain(151);
    expect(nearIndexes(state)).toEqual(range(151 - NEAR_BLOCKS, 151 + NEAR_BLOCKS));
  });

  it("marks a note that arrives in one step replacing everything, as the collaboration sync loads it and applies others' changes", () => {
    const empty = EditorState.create({ schema: noteSchema, plugins: [nearBlocksPlugin()] });
    expect(key(empty).long).toBe(false);
    // The caret where it was, at the start (the sync puts it back there).
    const load = empty.tr.replaceWith(0, empty.doc.content.size, longDoc(200).content);
    let state = empty.apply(load.setSelection(TextSelection.create(load.doc, 1)));
    expect(key(state).long).toBe(true);
    expect(nearIndexes(state)).toEqual(range(0, NEAR_BLOCKS));
    const remote = state.tr.replaceWith(0, state.doc.content.size, longDoc(201).content);
    state = state.apply(remote.setSelection(TextSelection.create(remote.doc, 1)));
    expect(nearIndexes(state)).toEqual(range(0, NEAR_BLOCKS));
  });

  it('maps the marks through typing instead of building them again', () => {
    const doc = longDoc(200);
    let state = EditorState.create({ doc, plugins: [nearBlocksPlugin()], selection: at(doc, 100) });
    // A caret move of a few blocks keeps the marks where they were.
    state = state.apply(state.tr.setSelection(at(state.doc, 110)));
    expect(nearIndexes(state)).toEqual(range(100 - NEAR_BLOCKS, 100 + NEAR_BLOCKS));
    // Typing and deleting there map them (built again, they would be centred on block 110).
    state = state.apply(state.tr.insertText('typed'));
    state = state.apply(state.tr.delete(state.selection.from - 2, state.selection.from));
    expect(nearIndexes(state)).toEqual(range(100 - NEAR_BLOCKS, 100 + NEAR_BLOCKS));
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
