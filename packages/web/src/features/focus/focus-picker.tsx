import type { NoteSummary, NoteTask } from '@flowmind/shared/notes';
import { FileText, ListTodo } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { SearchInput } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import type { FocusTarget } from './focus-api';
import { useOpenTasks, useRecentNotes } from './use-focus';

const matches = (query: string, ...texts: string[]) => {
  const needle = query.trim().toLowerCase();
  return !needle || texts.some((text) => text.toLowerCase().includes(needle));
};

/** Pick an open task from any note's task lists, or a whole note. */
export function FocusPicker({
  open,
  onOpenChange,
  accountId,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: string;
  onPick: (target: FocusTarget) => void;
}) {
  const [query, setQuery] = useState('');
  const tasks = useOpenTasks(accountId, { enabled: open });
  const notes = useRecentNotes(accountId, { enabled: open });
  const byNote = useMemo(() => {
    const groups = new Map<string, { title: string; tasks: NoteTask[] }>();
    for (const task of tasks.data ?? []) {
      if (!matches(query, task.text, task.noteTitle)) continue;
      const group = groups.get(task.noteId) ?? { title: task.noteTitle, tasks: [] };
      group.tasks.push(task);
      groups.set(task.noteId, group);
    }
    return [...groups.entries()];
  }, [tasks.data, query]);
  const shownNotes = (notes.data ?? []).filter((note) => matches(query, note.title, note.excerpt));
  const nothingAtAll = tasks.isSuccess && notes.isSuccess && tasks.data.length === 0 && notes.data.length === 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Pick what to work on"
        description="An open task from your notes, or a whole note."
        className="max-w-lg"
      >
        <SearchInput
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search tasks and notes"
          aria-label="Search tasks and notes"
        />
        {nothingAtAll ? (
          <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-6 text-center">
            <ListTodo className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium text-sm">No tasks yet</p>
            <p className="text-muted-foreground text-sm">
              Write a note with a task list, then come back to work on it.
            </p>
            <ButtonLink to="/notes" size="sm">
              Go to Notes
            </ButtonLink>
          </div>
        ) : (
          <div className="-mx-1 grid max-h-[55vh] gap-4 overflow-y-auto px-1">
            <PickerSection
              title="Open tasks"
              loading={tasks.isPending}
              error={tasks.isError ? errorMessage(tasks.error) : null}
              onRetry={() => void tasks.refetch()}
              empty={
                query ? (
                  'No open task matches.'
                ) : (
                  <>
                    No open tasks. Add a task list in{' '}
                    <Link to="/notes" className="text-primary underline-offset-4 hover:underline">
                      Notes
                    </Link>
                    .
                  </>
                )
              }
              count={byNote.length}
            >
              {byNote.map(([noteId, group]) => (
                <div key={noteId} className="grid gap-1">
                  <p className="truncate px-2 font-medium text-muted-foreground text-xs">
                    {group.title || 'Untitled note'}
                  </p>
                  <ul className="grid gap-0.5">
                    {group.tasks.map((task) => (
                      <li key={`${task.index}:${task.text}`}>
                        <PickerRow
                          icon={ListTodo}
                          label={task.text || 'Empty task'}
                          onClick={() =>
                            onPick({ noteId, noteTitle: task.noteTitle, taskIndex: task.index, taskText: task.text })
                          }
                        />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </PickerSection>
            <PickerSection
              title="Notes"
              loading={notes.isPending}
              error={notes.isError ? errorMessage(notes.error) : null}
              onRetry={() => void notes.refetch()}
              empty={query ? 'No note matches.' : 'No notes yet.'}
              count={shownNotes.length}
            >
              <ul className="grid gap-0.5">
                {shownNotes.map((note: NoteSummary) => (
                  <li key={note.id}>
                    <PickerRow
                      icon={FileText}
                      label={note.title || 'Untitled note'}
                      detail={note.excerpt}
                      onClick={() =>
                        onPick({ noteId: note.id, noteTitle: note.title, taskIndex: null, taskText: null })
                      }
                    />
                  </li>
                ))}
              </ul>
            </PickerSection>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PickerSection({
  title,
  loading,
  error,
  onRetry,
  empty,
  count,
  children,
}: {
  title: string;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  empty: ReactNode;
  count: number;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-2" aria-label={title}>
      <h3 className="font-semibold text-sm">{title}</h3>
      {loading ? (
        <div className="grid gap-2" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : error ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm"
        >
          <span>{error}</span>
          <Button size="sm" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : count === 0 ? (
        <p className="px-2 text-muted-foreground text-sm">{empty}</p>
      ) : (
        children
      )}
    </section>
  );
}

function PickerRow({
  icon: Icon,
  label,
  detail,
  onClick,
}: {
  icon: typeof ListTodo;
  label: string;
  detail?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block break-words">{label}</span>
        {detail && <span className="block truncate text-muted-foreground text-xs">{detail}</span>}
      </span>
    </button>
  );
}
