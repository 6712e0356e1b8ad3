import { Check, CloudOff, Loader2 } from 'lucide-react';
import type { NoteDocStatus } from './collab/note-doc-provider';

/** The note's saved state beside the title: what is typed is never silently at risk. */
export function SaveState({ status }: { status: NoteDocStatus }) {
  if (status === 'loading') return null;
  const content =
    status === 'saving' ? (
      <>
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
        Saving…
      </>
    ) : status === 'offline' ? (
      <>
        <CloudOff className="size-3.5 text-warning" aria-hidden="true" />
        Offline — changes kept on this device
      </>
    ) : (
      <>
        <Check className="size-3.5" aria-hidden="true" />
        Saved
      </>
    );
  return (
    <output
      aria-live="polite"
      className="inline-flex items-center gap-1 whitespace-nowrap text-muted-foreground text-xs"
    >
      {content}
    </output>
  );
}
