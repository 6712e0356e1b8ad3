import type { NoteDetail } from '@flowmind/shared/notes';
import { ShareLinkDialog } from '../../components/share-link-dialog';
import { notesApi } from './notes-api';

export { shareUrl } from '../../components/share-link-dialog';

/** Share a note by link: anyone with it can read the note (signed out too) until the link is revoked. */
export function ShareNoteDialog({
  note,
  open,
  onOpenChange,
  onChanged,
}: {
  note: NoteDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}) {
  return (
    <ShareLinkDialog
      what="note"
      publicId={note.publicId}
      share={() => notesApi.share(note.id)}
      revoke={() => notesApi.unshare(note.id)}
      open={open}
      onOpenChange={onOpenChange}
      onChanged={onChanged}
    />
  );
}
