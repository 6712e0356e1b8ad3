import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import { liveClient } from '../../live/live-client';
import { sessionStore } from '../../session/session-store';
import { NoteDocProvider, type NoteDocStatus } from './note-doc-provider';
import { shownSaveStatus } from './shown-save-status';

export type NoteDocState = {
  doc: Y.Doc;
  provider: NoteDocProvider;
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
 *
 * The save status is not in it: it changes twice per keystroke ('saving', then 'saved'), and a component that
 * shows it reads it with `useNoteDocStatus`, so typing does not re-render the note around the editor (nor,
 * while typing goes on, the save state itself).
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
      synced: provider.synced,
      readOnly: provider.readOnly,
      error: provider.error,
    });
    setState(read());
    const stop = provider.subscribe(() =>
      setState((previous) => {
        const next = read();
        const same =
          previous?.provider === provider &&
          previous.synced === next.synced &&
          previous.readOnly === next.readOnly &&
          previous.error === next.error;
        return same ? previous : next;
      }),
    );
    return () => {
      stop();
      provider.destroy();
      setState(null);
    };
  }, [noteId]);
  return state;
}

const noSubscription = () => () => {};

/**
 * The provider's save status as shown ('loading' without one; 'saved' a moment late, see shown-save-status.ts),
 * re-rendering only the component that shows it.
 */
export function useNoteDocStatus(provider: NoteDocProvider | null | undefined): NoteDocStatus {
  const shown = useMemo(() => (provider ? shownSaveStatus(provider) : null), [provider]);
  return useSyncExternalStore(shown?.subscribe ?? noSubscription, () => shown?.get() ?? 'loading');
}
