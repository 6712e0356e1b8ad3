import { type AnyExtension, getSchema, type JSONContent } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { BlockIds } from './note-block-ids';

/**
 * The note document model, one for the browser's editor and the server's transforms (Markdown
 * import and export, search text, task ticks, version restore, flows appending). A node or mark
 * the editor adds must be here too, with the same name and attributes, or the server drops it.
 *
 * Headless: importable in Node (no DOM). The editor adds view-only extensions (placeholder,
 * highlighting of code blocks, collaboration, drag handles) on top of `noteExtensions()`.
 */
export function noteExtensions(options: { codeBlock?: boolean } = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      // Undo comes from Yjs when collaborating; the editor turns it back on where it is not.
      undoRedo: false,
      codeBlock: options.codeBlock === false ? false : undefined,
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    Image,
    BlockIds,
  ];
}

/** The ProseMirror schema of a note, for server-side work on documents. */
export const noteSchema = getSchema(noteExtensions());

/** The Yjs XML fragment that holds a note's document. */
export const NOTE_FRAGMENT = 'default';

export type NoteDoc = JSONContent;

export const EMPTY_NOTE_DOC: NoteDoc = { type: 'doc', content: [{ type: 'paragraph' }] };
