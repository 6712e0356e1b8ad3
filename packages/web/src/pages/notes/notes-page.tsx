import type { NoteSort } from '@flowmind/shared/notes';
import { FileText, NotebookPen, Plus, Search, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionToasts } from '../../components/ui/action-toasts';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { NoteList, NoteListSkeleton } from '../../features/notes/note-list';
import { NotePane } from '../../features/notes/note-pane';
import { NEW_NOTE_SHORTCUT, NotesFiltersBar } from '../../features/notes/notes-filters-bar';
import { useNoteActions } from '../../features/notes/use-note-actions';
import { useNoteList, useNotesLiveRefresh, useNoteTags } from '../../features/notes/use-notes';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMediaQuery } from '../../lib/use-media-query';
import { alerts } from '../../shell/alert-store';

const SEARCH_DEBOUNCE_MS = 250;
const IMPORT_MAX_BYTES = 2_000_000;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** /notes: the account's notes beside the open one (on phones, the list and then the note full-screen). */
export function NotesPage() {
  const [params, setParams] = useSearchParams();
  const noteId = params.get('note');
  const trash = params.get('view') === 'trash';
  const split = useMediaQuery('(min-width: 768px)');
  const { account } = useActiveAccount();
  const accountId = account?.id ?? null;
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<NoteSort>('updated');
  const [tag, setTag] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  /** The note this page just made: its title takes the caret. */
  const [freshId, setFreshId] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const polling = useNotesLiveRefresh(accountId);
  const list = useNoteList(accountId, { q, sort, tag, trash }, { poll: polling });
  const tags = useNoteTags(accountId);

  const openNote = useCallback(
    (id: string | null, { replace = false }: { replace?: boolean } = {}) => {
      // From the address as it is now, not as it was when an action started: a trash that
      // finishes after a click on the Trash tab must not take the user back to the list.
      const next = new URLSearchParams(window.location.search);
      if (id) next.set('note', id);
      else next.delete('note');
      setParams(next, { replace });
    },
    [setParams],
  );
  const actions = useNoteActions(accountId, { onOpen: openNote });

  const create = useCallback(async () => {
    setCreating(true);
    if (trash) setParams({});
    const note = await actions.create();
    if (note) setFreshId(note.id);
    setCreating(false);
  }, [actions, trash, setParams]);

  usePageHeader({
    title: 'Notes',
    description: 'Manage your notes here',
    showFloatingButton: false,
    showTabs: false,
    buttonText: 'New note',
    buttonAction: () => void create(),
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN') {
        event.preventDefault();
        void create();
      } else if (event.key === '/' && !isTyping(event.target) && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [create]);

  const importFile = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      alerts.error('That file is too large to import (2 MB at most).');
      return;
    }
    const markdown = await file.text();
    const title = file.name.replace(/\.(md|markdown|txt)$/i, '').slice(0, 500);
    const note = await actions.create({ title, markdown });
    if (note) alerts.success(`"${note.title || 'Untitled'}" imported`);
  };

  const showList = split || !noteId;
  const listPanel = (
    <section
      aria-label="Note list"
      className={cn('flex min-h-0 flex-col bg-surface md:border-r', !split && 'rounded-xl border')}
    >
      <NotesFiltersBar
        search={search}
        onSearch={setSearch}
        sort={sort}
        onSort={setSort}
        tag={tag}
        onTag={setTag}
        tags={tags.data ?? []}
        trash={trash}
        onTrash={(next) => setParams(next ? { view: 'trash' } : {})}
        onImport={(file) => void importFile(file)}
        searchRef={searchRef}
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ListBody
          list={list}
          noteId={noteId}
          onSelect={(id) => openNote(id)}
          searching={Boolean(q)}
          filtered={Boolean(q || tag)}
          trash={trash}
          onClear={() => {
            setSearch('');
            setTag(null);
          }}
          onCreate={split ? undefined : () => void create()}
        />
      </div>
    </section>
  );

  return (
    <div
      className={cn(
        'grid min-h-[28rem]',
        split &&
          'h-[calc(100dvh-15rem)] grid-cols-[minmax(240px,300px)_minmax(0,1fr)] overflow-hidden rounded-xl border bg-background lg:h-[calc(100dvh-10.5rem)]',
      )}
    >
      {showList && listPanel}
      {noteId ? (
        <div className={cn('min-h-0 overflow-y-auto bg-background', !split && 'fixed inset-0 z-30 animate-fade-in')}>
          <NotePane
            key={noteId}
            accountId={accountId}
            noteId={noteId}
            actions={actions}
            tagSuggestions={(tags.data ?? []).map((entry) => entry.tag)}
            focusTitle={freshId === noteId}
            onBack={split ? undefined : () => openNote(null)}
          />
        </div>
      ) : (
        split && (
          <div className="flex items-center justify-center p-6">
            <EmptyState
              icon={trash ? Trash2 : FileText}
              title={trash ? 'Pick a note to restore it' : 'Pick a note, or start a new one'}
              description={
                trash
                  ? 'Notes in the trash can be restored or deleted for good.'
                  : `Press ${NEW_NOTE_SHORTCUT} for a new note, / to search. In a note, type / for blocks.`
              }
              className="w-full max-w-md border-none bg-transparent"
            >
              {!trash && (
                <Button onClick={() => void create()} pending={creating}>
                  <Plus aria-hidden="true" />
                  New note
                </Button>
              )}
            </EmptyState>
          </div>
        )
      )}
      <ActionToasts />
    </div>
  );
}

function ListBody({
  list,
  noteId,
  onSelect,
  searching,
  filtered,
  trash,
  onClear,
  onCreate,
}: {
  list: ReturnType<typeof useNoteList>;
  noteId: string | null;
  onSelect: (noteId: string) => void;
  searching: boolean;
  filtered: boolean;
  trash: boolean;
  onClear: () => void;
  /** Left out where the empty note pane beside the list already offers it. */
  onCreate?: () => void;
}) {
  if (list.error && !list.data) {
    return (
      <div role="alert" className="m-2 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm">
        <p className="text-destructive">Could not load notes: {errorMessage(list.error)}</p>
        <Button className="mt-2" size="sm" variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (list.isPending) return <NoteListSkeleton />;
  if (list.notes.length === 0) {
    const [Icon, title, description] = filtered
      ? [Search, 'No notes match', searching ? 'Try other words, or clear the search.' : 'No note has this tag.']
      : trash
        ? [Trash2, 'The trash is empty', 'Notes you move to the trash wait here.']
        : [NotebookPen, 'No notes yet', 'Plans, meeting notes, checklists: start with a blank page.'];
    return (
      <EmptyState icon={Icon} title={title} description={description} className="m-2 border-none px-3 py-10">
        {filtered ? (
          <Button size="sm" variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        ) : (
          !trash &&
          onCreate && (
            <Button size="sm" onClick={onCreate}>
              <Plus aria-hidden="true" />
              New note
            </Button>
          )
        )}
      </EmptyState>
    );
  }
  return (
    <div className={cn(list.isPlaceholderData && 'opacity-60 transition-opacity')}>
      <NoteList notes={list.notes} selectedId={noteId} onSelect={onSelect} />
      {list.hasNextPage && (
        <div className="p-2">
          <Button
            variant="ghost"
            size="sm"
            className="w-full"
            pending={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
