import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { liveClient } from '../../live/live-client';
import { sessionStore } from '../../session/session-store';
import { NoteDocProvider, type NoteDocStatus } from './note-doc-provider';

export type NoteDocState = {
  doc: Y.Doc;
  provider: NoteDocProvider;
  status: NoteDocStatus;
  /** The document holds the server's (or the offline copy's) content: safe to show the editor. */
  synced: boolean;
  readOnly: boolean;
  error: string | null;
};

/** The IndexedDB name of a note's offline copy: per user, so another account on this browser never sees it. */
export const offlineKeyOf = (userId: string | undefined, noteId: string) =>
  userId ? `flowmind-note:${userId}:${noteId}` : null;

/**
 * A note's collaborative document: a Y.Doc kept in step with the server over the live socket and
 * kept offline in IndexedDB. Give `doc` to TipTap's Collaboration extension with
 * `field: NOTE_FRAGMENT`; show the editor once `synced`. Null until the provider exists.
 */
export function useNoteDoc(noteId: string | null): NoteDocState | null {
  const [state, setState] = useState<NoteDocState | null>(null);
  useEffect(() => {
    if (!noteId) {
      setState(null);
      return;
    }
    const provider = new NoteDocProvider(noteId, {
      transport: liveClient,
      offlineKey: offlineKeyOf(sessionStore.get().user?.id, noteId),
    });
    const read = (): NoteDocState => ({
      doc: provider.doc,
      provider,
      status: provider.status,
      synced: provider.synced,
      readOnly: provider.readOnly,
      error: provider.error,
    });
    setState(read());
    const stop = provider.subscribe(() => setState(read()));
    return () => {
      stop();
      provider.destroy();
      setState(null);
    };
  }, [noteId]);
  return state;
}
