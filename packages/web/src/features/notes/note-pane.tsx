import type { NoteDetail } from '@flowmind/shared/notes';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { ArrowLeft, FileQuestion, Pin, Share2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import type { NoteDocProvider } from './collab/note-doc-provider';
import { useNoteDoc, useNoteDocStatus } from './collab/use-note-doc';
import { NoteEditor } from './editor/note-editor';
import { NoteMoreMenu } from './note-more-menu';
import { NoteTags } from './note-tags';
import { NoteTitleInput } from './note-title-input';
import { SaveState } from './save-state';
import { ShareNoteDialog } from './share-note-dialog';
import { TrashedNote } from './trashed-note';
import { useCaretUser } from './use-caret-user';
import type { NoteActions } from './use-note-actions';
import { noteKey, useNote } from './use-notes';
import { VersionHistoryDialog } from './version-history-dialog';

type PaneProps = {
  accountId: string | null;
  noteId: string;
  actions: NoteActions;
  tagSuggestions: string[];
  /** A note just made: the caret starts in its title. */
  focusTitle?: boolean;
  /** Phones show the note full-screen; this goes back to the list. */
  onBack?: () => void;
};

function PaneSkeleton() {
  return (
    <div className="grid gap-4 p-6" role="status" aria-busy="true" aria-label="Loading note">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-1/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function BodySkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading the note's text">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function BackButton({ onBack }: { onBack?: () => void }) {
  if (!onBack) return null;
  return (
    <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
      <ArrowLeft aria-hidden="true" />
      Notes
    </Button>
  );
}

/** The note's save state, in a component of its own: it changes with every keystroke. */
function NoteSaveState({ provider, titleSaving }: { provider?: NoteDocProvider; titleSaving: boolean }) {
  const status = useNoteDocStatus(provider);
  return <SaveState status={titleSaving ? 'saving' : status} />;
}

/** The open note: its title, tags and body, with what can be done to it. */
export function NotePane(props: PaneProps) {
  const { accountId, noteId, onBack } = props;
  const note = useNote(accountId, noteId);
  if (note.error) {
    const missing = note.error instanceof ApiError && note.error.status === 404;
    return (
      <div className="p-4">
        <BackButton onBack={onBack} />
        <EmptyState
          icon={FileQuestion}
          title={missing ? 'This note is not available' : 'Could not open this note'}
          description={
            missing ? 'It may have been deleted, or it belongs to another account.' : errorMessage(note.error)
          }
          className="mt-4"
        >
          {!missing && (
            <Button variant="outline" onClick={() => void note.refetch()}>
              Try again
            </Button>
          )}
        </EmptyState>
      </div>
    );
  }
  if (!note.data) return <PaneSkeleton />;
  if (note.data.deletedAt) return <TrashedNote note={note.data} actions={props.actions} onBack={onBack} />;
  return <OpenNote key={note.data.id} {...props} note={note.data} />;
}

function OpenNote({ accountId, note, actions, tagSuggestions, focusTitle, onBack }: PaneProps & { note: NoteDetail }) {
  const queryClient = useQueryClient();
  const user = useCaretUser();
  const handle = useNoteDoc(note.id);
  const [titleSaving, setTitleSaving] = useState(false);
  const [dialog, setDialog] = useState<'share' | 'history' | null>(null);
  const titleRef = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: noteKey(accountId, note.id) });
  useLeaveGuard({ flush: () => handle?.provider.saveNow(), pending: () => handle?.provider.unsaved ?? false });

  return (
    <article className="flex min-h-full flex-col" aria-label={note.title || 'Untitled'}>
      <div className="sticky top-0 z-20 flex flex-wrap items-center gap-1 border-b bg-background/95 px-3 py-1.5 backdrop-blur sm:px-6">
        <BackButton onBack={onBack} />
        <div className="flex-1" />
        <div className="max-sm:order-last max-sm:basis-full max-sm:pb-0.5">
          <NoteSaveState provider={handle?.provider} titleSaving={titleSaving} />
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={note.pinned ? 'Unpin' : 'Pin'}
          aria-pressed={note.pinned}
          title={note.pinned ? 'Unpin' : 'Pin to the top'}
          onClick={() => void actions.update(note.id, { pinned: !note.pinned })}
        >
          <Pin className={cn(note.pinned && 'fill-current text-primary')} aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDialog('share')}>
          <Share2 aria-hidden="true" />
          <span className="max-sm:sr-only">{note.publicId ? 'Shared' : 'Share'}</span>
        </Button>
        <NoteMoreMenu note={note} actions={actions} onHistory={() => setDialog('history')} />
      </div>
      <div className="mx-auto grid w-full max-w-3xl gap-3 px-4 pt-6 sm:px-10 sm:pt-10">
        <NoteTitleInput
          ref={titleRef}
          autoFocus={focusTitle}
          value={note.title}
          onSave={(title) => actions.update(note.id, { title })}
          onSavingChange={setTitleSaving}
          onEnterBody={() => editorRef.current?.commands.focus('start')}
        />
        <NoteTags
          tags={note.tags}
          suggestions={tagSuggestions}
          onChange={(tags) => void actions.update(note.id, { tags })}
        />
        <div className="mt-2">
          {handle?.error ? (
            <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm">
              <span className="text-destructive">Could not open the text of this note: {handle.error}</span>
            </p>
          ) : handle?.synced ? (
            <NoteEditor
              key={handle.doc.guid}
              doc={handle.doc}
              awareness={handle.provider.awareness}
              remote={handle.provider}
              user={user}
              editable={!handle.readOnly}
              editorRef={editorRef}
              onEscapeToTitle={() => titleRef.current?.focus()}
              onLeave={() =>
                document.querySelector<HTMLElement>(`button[data-note-id="${CSS.escape(note.id)}"]`)?.focus()
              }
            />
          ) : (
            <BodySkeleton />
          )}
        </div>
      </div>
      <ShareNoteDialog
        note={note}
        open={dialog === 'share'}
        onOpenChange={(open) => setDialog(open ? 'share' : null)}
        onChanged={refetch}
      />
      <VersionHistoryDialog
        note={note}
        open={dialog === 'history'}
        onOpenChange={(open) => setDialog(open ? 'history' : null)}
        onRestored={(restored) => queryClient.setQueryData(noteKey(accountId, note.id), restored)}
      />
    </article>
  );
}
