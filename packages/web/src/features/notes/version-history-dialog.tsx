import type { NoteDetail, NoteVersion } from '@flowmind/shared/notes';
import { useQuery } from '@tanstack/react-query';
import { History, RotateCcw, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { relativeTime } from '../../lib/relative-time';
import { alerts } from '../../shell/alert-store';
import { NoteViewer } from './editor/note-viewer';
import { notesApi } from './notes-api';

const reasons: Record<NoteVersion['reason'], string> = {
  auto: 'Autosave',
  manual: 'Saved version',
  restore: 'Before a restore',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The note's earlier versions: pick one to read it, restore it (the current text is kept as a version first). */
export function VersionHistoryDialog({
  note,
  open,
  onOpenChange,
  onRestored,
}: {
  note: NoteDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRestored: (note: NoteDetail) => void;
}) {
  const versions = useQuery({
    queryKey: ['notes', 'versions', note.id],
    queryFn: () => notesApi.versions(note.id),
    enabled: open,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<'save' | 'restore' | null>(null);
  const selected = selectedId ?? versions.data?.[0]?.id ?? null;
  const preview = useQuery({
    queryKey: ['notes', 'versions', note.id, selected],
    queryFn: () => notesApi.version(note.id, selected as string),
    enabled: open && selected !== null,
  });

  useEffect(() => {
    if (!open) setSelectedId(null);
  }, [open]);

  const saveNow = async () => {
    setPending('save');
    try {
      const version = await notesApi.saveVersion(note.id);
      await versions.refetch();
      setSelectedId(version.id);
    } catch (failure) {
      alerts.error(errorMessage(failure));
    } finally {
      setPending(null);
    }
  };

  const restore = async () => {
    if (!selected) return;
    setPending('restore');
    try {
      const restored = await notesApi.restoreVersion(note.id, selected);
      alerts.success('Version restored');
      onRestored(restored);
      onOpenChange(false);
    } catch (failure) {
      alerts.error(errorMessage(failure));
    } finally {
      setPending(null);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Version history"
      description="Earlier versions of this note. Restoring one keeps the current text as a version too."
      className="md:max-w-4xl"
    >
      {() => (
        <div className="grid min-h-0 gap-4 md:grid-cols-[220px_1fr]">
          <div className="grid content-start gap-2">
            <Button variant="outline" size="sm" pending={pending === 'save'} onClick={() => void saveNow()}>
              <Save aria-hidden="true" />
              Save a version now
            </Button>
            {versions.isPending ? (
              <div className="grid gap-1.5" role="status" aria-label="Loading versions">
                {[0, 1, 2].map((index) => (
                  <Skeleton key={index} className="h-10" />
                ))}
              </div>
            ) : versions.error ? (
              <p role="alert" className="text-destructive text-sm">
                Could not load versions: {errorMessage(versions.error)}
              </p>
            ) : versions.data?.length ? (
              <ul aria-label="Versions" className="grid max-h-48 gap-0.5 overflow-y-auto md:max-h-[50vh]">
                {versions.data.map((version) => (
                  <li key={version.id}>
                    <button
                      type="button"
                      aria-current={version.id === selected ? 'true' : undefined}
                      onClick={() => setSelectedId(version.id)}
                      className={cn(
                        'grid w-full rounded-md px-2 py-1.5 text-left hover:bg-accent',
                        version.id === selected && 'bg-accent',
                      )}
                    >
                      <span className="text-sm" title={timeFormat.format(new Date(version.createdAt))}>
                        {relativeTime(version.createdAt)}
                      </span>
                      <span className="text-muted-foreground text-xs">{reasons[version.reason]}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="flex items-center gap-2 text-muted-foreground text-sm">
                <History className="size-4" aria-hidden="true" />
                No versions yet.
              </p>
            )}
          </div>
          <div className="grid min-w-0 content-start gap-3">
            <div className="max-h-[50vh] min-h-40 overflow-y-auto rounded-lg border bg-background p-4">
              {preview.data ? (
                <>
                  <h2 className="mb-3 font-bold text-xl">{preview.data.title || 'Untitled'}</h2>
                  <NoteViewer content={preview.data.content} label="Version preview" />
                </>
              ) : preview.error ? (
                <p role="alert" className="text-destructive text-sm">
                  {errorMessage(preview.error)}
                </p>
              ) : selected ? (
                <div className="grid gap-2" role="status" aria-label="Loading version">
                  <Skeleton className="h-6 w-1/2" />
                  <Skeleton className="h-4" />
                  <Skeleton className="h-4 w-5/6" />
                </div>
              ) : (
                <p className="text-muted-foreground text-sm">Pick a version to read it.</p>
              )}
            </div>
            <Button
              className="justify-self-end"
              disabled={!preview.data}
              pending={pending === 'restore'}
              onClick={() => void restore()}
            >
              <RotateCcw aria-hidden="true" />
              Restore this version
            </Button>
          </div>
        </div>
      )}
    </FormDialog>
  );
}
