import type { NoteDetail } from '@flowmind/shared/notes';
import { ArrowLeft, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { relativeTime } from '../../lib/relative-time';
import { NoteViewer } from './editor/note-viewer';
import type { NoteActions } from './use-note-actions';

/** A note in the trash: read-only, with restore and delete for good. */
export function TrashedNote({
  note,
  actions,
  onBack,
}: {
  note: NoteDetail;
  actions: NoteActions;
  onBack?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<'restore' | 'delete' | null>(null);
  return (
    <article className="flex min-h-full flex-col" aria-label={note.title || 'Untitled'}>
      <div className="flex flex-wrap items-center gap-2 border-b bg-destructive-soft px-3 py-2 sm:px-6">
        {onBack && (
          <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
            <ArrowLeft aria-hidden="true" />
            Notes
          </Button>
        )}
        <p className="flex-1 text-sm">
          This note is in the trash{note.deletedAt ? ` (moved ${relativeTime(note.deletedAt)})` : ''}.
        </p>
        <Button
          size="sm"
          variant="outline"
          pending={pending === 'restore'}
          onClick={async () => {
            setPending('restore');
            await actions.restore(note);
            setPending(null);
          }}
        >
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
        <Button size="sm" variant="destructive" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Delete forever
        </Button>
      </div>
      <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 pt-6 opacity-80 sm:px-10 sm:pt-10">
        <h1 className="font-bold text-2xl tracking-tight sm:text-[28px]">{note.title || 'Untitled'}</h1>
        <NoteViewer content={note.content} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete forever?"
        description={`"${note.title || 'Untitled'}" will be deleted with its versions. This cannot be undone.`}
        confirmLabel="Delete forever"
        pending={pending === 'delete'}
        onConfirm={async () => {
          setPending('delete');
          await actions.removeForever(note);
          setPending(null);
          setConfirming(false);
        }}
      />
    </article>
  );
}
