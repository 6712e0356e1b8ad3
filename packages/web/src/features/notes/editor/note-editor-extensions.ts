import { NOTE_FRAGMENT, noteExtensions } from '@flowmind/shared/note-doc';
import type { AnyExtension } from '@tiptap/core';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Placeholder } from '@tiptap/extensions/placeholder';
import { UndoRedo } from '@tiptap/extensions/undo-redo';
import { common, createLowlight } from 'lowlight';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';

export const lowlight = createLowlight(common);

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
    CodeBlockLowlight.configure({ lowlight, defaultLanguage: null }),
    Placeholder.configure({
      placeholder: ({ node }) => (node.type.name === 'heading' ? 'Heading' : placeholder),
      showOnlyCurrent: true,
      includeChildren: false,
    }),
    // With Yjs, undo is Yjs' own (it only undoes this user's changes); without it, ProseMirror's history.
    doc ? Collaboration.configure({ document: doc, field: NOTE_FRAGMENT }) : UndoRedo,
    ...carets,
  ];
}
