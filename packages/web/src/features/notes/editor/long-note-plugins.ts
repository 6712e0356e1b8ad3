import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { type EditorState, Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';

/*
 * Two library plugins do work proportional to the whole document on every transaction, which in a long note
 * (50,000 words) is most of the time of a keystroke. These wrappers skip that work when it cannot matter; the
 * plugins themselves are unchanged, so their results are the same.
 */

/**
 * y-tiptap's sync plugin writes the editor's document into Yjs from its view's `update`, which ProseMirror calls
 * after every transaction, also those that only move the caret or set metadata (collaborators' carets, menus).
 * Each call diffs the whole top level of the document against the Yjs fragment and turns the selection into
 * Yjs positions. With the document unchanged there is nothing to write, so the update is skipped.
 */
export function syncOnlyDocumentChanges(plugin: Plugin): Plugin {
  const spec = plugin.spec as { view?: (view: EditorView) => PluginViewLike };
  const makeView = spec.view;
  if (!makeView) return plugin;
  spec.view = (view) => {
    const inner = makeView(view);
    return {
      update: (current, previous) => {
        if (current.state.doc !== previous.doc) inner.update?.(current, previous);
      },
      destroy: () => inner.destroy?.(),
    };
  };
  return plugin;
}

type PluginViewLike = { update?: (view: EditorView, previous: EditorState) => void; destroy?: () => void };

/**
 * The lowlight plugin's state looks for every code block in the old and the new document on every transaction
 * (twice a whole-document walk) before deciding whether to highlight again. Here it is asked only when the
 * transaction can have touched a code block: a change next to or inside one, or the caret in one, or a step
 * whose extent is unknown; otherwise its decorations are mapped, which is what it would have done.
 */
export function highlightOnlyTouchedCode(plugin: Plugin, codeBlockName: string): Plugin {
  const state = plugin.spec.state as
    | { apply: (tr: Transaction, value: unknown, oldState: EditorState, newState: EditorState) => unknown }
    | undefined;
  if (!state) return plugin;
  const apply = state.apply;
  state.apply = (tr, value, oldState, newState) => {
    if (!tr.docChanged) return value;
    const inCode = (editorState: EditorState) => editorState.selection.$head.parent.type.name === codeBlockName;
    if (inCode(oldState) || inCode(newState) || touchesNode(tr, codeBlockName)) {
      return apply(tr, value, oldState, newState);
    }
    return (value as { map: (mapping: Transaction['mapping'], doc: PmNode) => unknown }).map(tr.mapping, tr.doc);
  };
  return plugin;
}

/** Whether any step of `tr` changed a node named `name` (before or after the step), or might have. */
function touchesNode(tr: Transaction, name: string): boolean {
  for (let index = 0; index < tr.steps.length; index++) {
    const before = tr.docs[index] as PmNode;
    const after = index + 1 < tr.steps.length ? (tr.docs[index + 1] as PmNode) : tr.doc;
    let ranges = 0;
    let touched = false;
    tr.steps[index]?.getMap().forEach((oldStart, oldEnd, newStart, newEnd) => {
      ranges++;
      touched ||= hasNodeNear(before, oldStart, oldEnd, name) || hasNodeNear(after, newStart, newEnd, name);
    });
    // A step with no mapped range (an attribute step) may have changed a code block's language.
    if (touched || ranges === 0) return true;
  }
  return false;
}

function hasNodeNear(doc: PmNode, from: number, to: number, name: string): boolean {
  let found = false;
  doc.nodesBetween(Math.max(0, from - 1), Math.min(doc.content.size, to + 1), (node) => {
    if (node.type.name === name) found = true;
    return !found && !node.isTextblock;
  });
  return found;
}

/** Top-level blocks each side of the caret's that are always fully rendered. */
export const NEAR_BLOCKS = 25;

type NearBlocksState = { center: number; long: boolean; decorations: DecorationSet };

const nearBlocksKey = new PluginKey<NearBlocksState>('nearBlocks');

function nearBlocks(doc: PmNode, center: number): NearBlocksState {
  if (doc.childCount <= 2 * NEAR_BLOCKS + 1) return { center, long: false, decorations: DecorationSet.empty };
  const decorations: Decoration[] = [];
  doc.forEach((node, offset, index) => {
    if (Math.abs(index - center) <= NEAR_BLOCKS) {
      decorations.push(Decoration.node(offset, offset + node.nodeSize, { class: 'note-near' }));
    }
  });
  return { center, long: true, decorations: DecorationSet.create(doc, decorations) };
}

const caretBlock = (state: EditorState) => state.selection.$head.index(0);

/**
 * Whether every step of `tr` changed only text inside one textblock, through which the marks of the top-level
 * blocks map exactly. Any other step (Enter, a block turned into another, a paste, the collaboration sync, which
 * loads the note and applies every change from others as one step replacing the whole document) may have made
 * or replaced blocks that mapping would leave unmarked.
 */
function onlyInsideTextblocks(tr: Transaction): boolean {
  for (let index = 0; index < tr.steps.length; index++) {
    const before = tr.docs[index] as PmNode;
    const after = index + 1 < tr.steps.length ? (tr.docs[index + 1] as PmNode) : tr.doc;
    let inside = true;
    tr.steps[index]?.getMap().forEach((oldStart, oldEnd, newStart, newEnd) => {
      inside &&= withinOneTextblock(before, oldStart, oldEnd) && withinOneTextblock(after, newStart, newEnd);
    });
    // A step with no mapped range (an attribute or mark step) leaves every block where it was.
    if (!inside) return false;
  }
  return true;
}

function withinOneTextblock(doc: PmNode, from: number, to: number): boolean {
  const $from = doc.resolve(from);
  return $from.parent.isTextblock && to <= $from.end();
}

/**
 * In a long note, marks the top-level blocks near the caret (`note-near`) and the editor (`note-long`); the
 * stylesheet renders every other block with `content-visibility: auto`: off screen, the browser neither lays it
 * out, paints it, nor walks its text on every caret move (which Chromium does for input methods, and which in a
 * 50,000-word note took most of a keystroke). Blocks near the caret are always rendered: a block that has just
 * appeared is skipped by the browser until its next frame, and text typed into it before then lands in the wrong
 * place. Marking the few near blocks rather than the many far ones keeps ProseMirror's view update, which looks
 * up every top-level block's decorations among those of the top level, from growing with the square of the
 * note's length. The marks are rebuilt when the caret's block has moved far enough or a change did more than
 * edit text inside a textblock, and mapped through typing.
 */
export function nearBlocksPlugin(): Plugin<NearBlocksState> {
  return new Plugin<NearBlocksState>({
    key: nearBlocksKey,
    state: {
      init: (_, state) => nearBlocks(state.doc, caretBlock(state)),
      apply(tr, previous, _oldState, state) {
        if (!tr.docChanged && !tr.selectionSet) return previous;
        const center = caretBlock(state);
        if (Math.abs(center - previous.center) > NEAR_BLOCKS / 2 || (tr.docChanged && !onlyInsideTextblocks(tr))) {
          return nearBlocks(state.doc, center);
        }
        if (!tr.docChanged) return previous;
        return { ...previous, decorations: previous.decorations.map(tr.mapping, tr.doc) };
      },
    },
    props: {
      decorations: (state) => nearBlocksKey.getState(state)?.decorations,
      attributes: (state): Record<string, string> =>
        nearBlocksKey.getState(state)?.long ? { class: 'note-long' } : {},
    },
  });
}

export const NearBlocks = Extension.create({
  name: 'nearBlocks',
  addProseMirrorPlugins: () => [nearBlocksPlugin()],
});
