import { useQuery } from '@tanstack/react-query';
import { ShareUnavailable } from '../../components/share-unavailable';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { usePageHeader } from '../page-header/use-page-header';
import { NoteViewer } from './editor/note-viewer';
import { notesApi } from './notes-api';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

export function usePublicNote(publicId: string) {
  return useQuery({
    queryKey: ['public-note', publicId],
    queryFn: () => notesApi.publicNote(publicId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** /share/nts_…: a note someone shared by link, read-only, for anyone (signed in or not). */
export function SharedNote({ publicId }: { publicId: string }) {
  const note = usePublicNote(publicId);
  usePageHeader({ title: note.data?.title || 'Shared note', loading: note.isPending });

  if (note.error) return <ShareUnavailable error={note.error} what="note" />;
  if (!note.data) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" role="status" aria-busy="true" aria-label="Loading note">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    );
  }
  return (
    <article className="mx-auto w-full max-w-3xl rounded-xl border bg-background px-5 py-8 shadow-xs sm:px-12 sm:py-12">
      <h1 className="font-bold text-3xl tracking-tight">{note.data.title || 'Untitled'}</h1>
      <p className="mt-2 mb-8 text-muted-foreground text-sm">
        Updated <time dateTime={note.data.updatedAt}>{timeFormat.format(new Date(note.data.updatedAt))}</time>
      </p>
      <NoteViewer content={note.data.content} label={note.data.title || 'Shared note'} />
    </article>
  );
}
