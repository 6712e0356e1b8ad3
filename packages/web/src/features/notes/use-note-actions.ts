import type { NoteDetail, UpdateNote } from '@flowmind/shared/notes';
import { useMemo } from 'react';
import { showActionToast } from '../../components/ui/action-toasts';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { notesApi } from './notes-api';
import { useNotesRefresh } from './use-notes';

const named = (note: { title: string }) => `"${note.title || 'Untitled'}"`;

/**
 * Everything that changes a note besides its body. Each action refreshes the lists, shows failures as an
 * alert, and resolves to the note the server answered with (or null when it failed).
 */
export function useNoteActions(accountId: string | null, { onOpen }: { onOpen: (noteId: string | null) => void }) {
  const refresh = useNotesRefresh(accountId);
  return useMemo(() => {
    async function run<T>(action: () => Promise<T>, success?: string): Promise<T | null> {
      try {
        const result = await action();
        if (result && typeof result === 'object' && 'id' in result) refresh(result as unknown as NoteDetail);
        else refresh();
        if (success) alerts.success(success);
        return result;
      } catch (failure) {
        alerts.error(errorMessage(failure));
        refresh();
        return null;
      }
    }
    return {
      create: async (input: { title?: string; markdown?: string } = {}) => {
        if (!accountId) return null;
        const note = await run(() => notesApi.create({ accountId, ...input }));
        if (note) onOpen(note.id);
        return note;
      },
      update: (noteId: string, input: UpdateNote) => run(() => notesApi.update(noteId, input)),
      duplicate: async (note: NoteDetail) => {
        const copy = await run(() => notesApi.duplicate(note.id), `${named(note)} duplicated`);
        if (copy) onOpen(copy.id);
        return copy;
      },
      trash: async (note: NoteDetail) => {
        const trashed = await run(() => notesApi.trash(note.id));
        if (!trashed) return null;
        onOpen(null);
        showActionToast({
          message: `${named(note)} moved to trash`,
          onAction: () => {
            void run(() => notesApi.restore(note.id), `${named(note)} restored`).then((restored) => {
              if (restored) onOpen(restored.id);
            });
          },
        });
        return trashed;
      },
      restore: (note: NoteDetail) => run(() => notesApi.restore(note.id), `${named(note)} restored`),
      removeForever: async (note: NoteDetail) => {
        const done = await run(() => notesApi.removeForever(note.id).then(() => true), `${named(note)} deleted`);
        if (done) onOpen(null);
        return done;
      },
    };
  }, [accountId, refresh, onOpen]);
}

export type NoteActions = ReturnType<typeof useNoteActions>;
