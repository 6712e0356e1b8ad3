import type { NoteDoc } from '@flowmind/shared/note-doc';
import { EditorContent, useEditor } from '@tiptap/react';
import { noteEditorExtensions } from './note-editor-extensions';
import './note-content.css';

/** A note's document shown read-only (shared links, version previews): the same schema and styles, no editing. */
export function NoteViewer({ content, label = 'Note' }: { content: NoteDoc; label?: string }) {
  const editor = useEditor(
    {
      editable: false,
      immediatelyRender: true,
      extensions: noteEditorExtensions({ placeholder: '' }),
      content,
      // A document to read, not a field: aria-readonly belongs to form roles, and a name needs a role.
      editorProps: { attributes: { class: 'note-content', role: 'document', 'aria-label': label } },
    },
    [content],
  );
  return <EditorContent editor={editor} />;
}
