import { NOTE_FRAGMENT, type NoteDoc, noteSchema } from '@flowmind/shared/note-doc';
import { prosemirrorJSONToYXmlFragment } from '@tiptap/y-tiptap';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';

export type NoteDocStatus = 'loading' | 'saved' | 'saving' | 'offline';
export type NoteDocHandle = { doc: Y.Doc; provider: unknown; status: NoteDocStatus; synced: boolean };

/**
 * Stand-in for the collab provider's `useNoteDoc` until it lands: a Y.Doc filled from the note's last saved
 * content, so the editor already runs on the Collaboration path. Nothing here is sent to the server, so the
 * status stays "offline".
 */
export function useLocalNoteDoc(noteId: string, content: NoteDoc | undefined): NoteDocHandle | null {
  const [handle, setHandle] = useState<NoteDocHandle | null>(null);
  const ready = content !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document is seeded once per note, not on every refetch
  useEffect(() => {
    if (!ready || !content) return;
    const doc = new Y.Doc();
    prosemirrorJSONToYXmlFragment(noteSchema, content, doc.getXmlFragment(NOTE_FRAGMENT));
    setHandle({ doc, provider: null, status: 'offline', synced: true });
    return () => {
      setHandle(null);
      doc.destroy();
    };
  }, [noteId, ready]);
  return handle;
}
