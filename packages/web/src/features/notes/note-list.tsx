import type { NoteSummary } from '@flowmind/shared/notes';
import { Pin } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { relativeTime } from '../../lib/relative-time';
import { HighlightedText } from './highlighted-text';

export const UNTITLED = 'Untitled';

export function NoteListSkeleton() {
  return (
    <div className="grid gap-1 p-2" role="status" aria-busy="true" aria-label="Loading notes">
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <div key={index} className="grid gap-1.5 rounded-md px-2 py-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The notes beside the open one. Up and down arrows move between them (and open the note), so the list can
 * be browsed without a mouse.
 */
export function NoteList({
  notes,
  selectedId,
  onSelect,
}: {
  notes: NoteSummary[];
  selectedId: string | null;
  onSelect: (noteId: string) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-note-id]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))];
    if (!next) return;
    event.preventDefault();
    next.focus();
    onSelect(next.dataset.noteId as string);
  };
  return (
    <ul ref={listRef} aria-label="Notes" className="grid gap-0.5 p-1.5" onKeyDown={onKeyDown}>
      {notes.map((note) => {
        const selected = note.id === selectedId;
        return (
          <li key={note.id}>
            <button
              type="button"
              data-note-id={note.id}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(note.id)}
              className={cn(
                'grid w-full gap-0.5 rounded-md px-2.5 py-2 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                selected && 'bg-accent',
              )}
            >
              <span className="flex min-w-0 items-center gap-1.5">
                {note.pinned && (
                  <Pin className="size-3 shrink-0 fill-current text-primary" aria-label="Pinned" role="img" />
                )}
                <span className={cn('truncate font-medium text-sm', !note.title && 'text-muted-foreground')}>
                  {note.highlight?.title.length ? (
                    <HighlightedText segments={note.highlight.title} />
                  ) : (
                    note.title || UNTITLED
                  )}
                </span>
              </span>
              <span className="line-clamp-2 text-muted-foreground text-xs leading-snug">
                {note.highlight?.body.length ? (
                  <HighlightedText segments={note.highlight.body} />
                ) : (
                  note.excerpt || 'No content'
                )}
              </span>
              <span className="flex min-w-0 items-center gap-1.5 text-[11px] text-muted-foreground">
                <span className="shrink-0">
                  {note.deletedAt ? `Deleted ${relativeTime(note.deletedAt)}` : relativeTime(note.updatedAt)}
                </span>
                {note.tags.slice(0, 3).map((tag) => (
                  <span key={tag} className="truncate rounded bg-muted px-1 py-px">
                    #{tag}
                  </span>
                ))}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
