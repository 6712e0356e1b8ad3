import { NOTE_FRAGMENT, noteExtensions } from '@flowmind/shared/note-doc';
import type { AnyExtension } from '@tiptap/core';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Placeholder } from '@tiptap/extensions/placeholder';
import { UndoRedo } from '@tiptap/extensions/undo-redo';
import type { Plugin } from '@tiptap/pm/state';
import { common, createLowlight } from 'lowlight';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { highlightOnlyTouchedCode, NearBlocks, syncOnlyDocumentChanges } from './long-note-plugins';

export const lowlight = createLowlight(common);

/** A plugin's key as ProseMirror names it (`name$`, `name$1`, …); '' for none or for a disabled slot (false). */
const pluginKeyOf = (plugin: Plugin | false | null | undefined) =>
  (plugin ? (plugin.spec.key as { key?: string } | undefined)?.key : undefined) ?? '';

/** The highlighted code block, asking lowlight again only when a change touches code (long-note-plugins.ts). */
const NoteCodeBlock = CodeBlockLowlight.extend({
  addProseMirrorPlugins() {
    return (this.parent?.() ?? []).map((plugin) =>
      pluginKeyOf(plugin).startsWith('lowlight$') ? highlightOnlyTouchedCode(plugin as Plugin, this.name) : plugin,
    );
  },
});

/** Collaboration whose sync writes to Yjs only after transactions that changed the document. */
const NoteCollaboration = Collaboration.extend({
  addProseMirrorPlugins() {
    return (this.parent?.() ?? []).map((plugin) =>
      pluginKeyOf(plugin).startsWith('y-sync$') ? syncOnlyDocumentChanges(plugin as Plugin) : plugin,
    );
  },
});

/**
 * The note schema from the shared package (the server reads and writes the same one) with the editor's
 * view-only parts on top. The code block is swapped for the highlighted one, which keeps the node's name and
 * attributes (a test checks the schemas match).
 */
export function noteEditorExtensions({
  doc,
  caret,
  placeholder = "Write, or type '/' for blocks…",
}: {
  /** The shared document; without it the editor edits only its own content (read-only views, previews). */
  doc?: Y.Doc | null;
  /** Shows other people's carets (Yjs awareness) and this user's to them. */
  caret?: { awareness: Awareness; user: { name: string; color: string } } | null;
  placeholder?: string;
} = {}): AnyExtension[] {
  const carets =
    doc && caret ? [CollaborationCaret.configure({ provider: { awareness: caret.awareness }, user: caret.user })] : [];
  return [
    ...noteExtensions({ codeBlock: false }),
    NoteCodeBlock.configure({ lowlight, defaultLanguage: null }),
    Placeholder.configure({
      placeholder: ({ node }) => (node.type.name === 'heading' ? 'Heading' : placeholder),
      showOnlyCurrent: true,
      includeChildren: false,
    }),
    // With Yjs, undo is Yjs' own (it only undoes this user's changes); without it, ProseMirror's history.
    doc ? NoteCollaboration.configure({ document: doc, field: NOTE_FRAGMENT }) : UndoRedo,
    ...carets,
    NearBlocks,
  ];
}
