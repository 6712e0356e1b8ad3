import type { ChatSession } from '@flowmind/shared/chat';
import { CHAT_LIMITS } from '@flowmind/shared/chat';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, MoreHorizontal, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Input } from '../../components/ui/input';
import { NameDialog } from '../../components/ui/name-dialog';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { chatApi } from './chat-api';
import { chatKey, chatListKey } from './chat-streams';

const TitleSchema = z.string().trim().min(1, 'Enter a title').max(CHAT_LIMITS.title);

/** The user's chats in the account: search, open, rename, delete, start a new one. */
export function ChatSidebar({
  accountId,
  activeId,
  onNavigate,
}: {
  accountId: string;
  activeId: string | null;
  onNavigate?: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const sessions = useInfiniteQuery({
    queryKey: [...chatListKey(accountId), q],
    queryFn: ({ pageParam }) => chatApi.list({ accountId, q, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const [renaming, setRenaming] = useState<ChatSession | null>(null);
  const [deleting, setDeleting] = useState<ChatSession | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const list = sessions.data?.pages.flatMap((page) => page.sessions) ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: chatListKey(accountId) });

  return (
    <nav aria-label="Chats" className="flex h-full min-h-0 flex-col gap-2 p-2">
      <Button
        variant="outline"
        className="justify-start"
        onClick={() => {
          navigate('/agents');
          onNavigate?.();
        }}
      >
        <Plus aria-hidden="true" /> New chat
      </Button>
      <div className="relative">
        <Search
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search chats"
          aria-label="Search chats"
          className="pl-8"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {sessions.isPending ? (
          <p className="px-2 py-3 text-muted-foreground text-sm">Loading chats…</p>
        ) : sessions.isError ? (
          <div className="px-2 py-3 text-sm">
            <p className="text-destructive">{errorMessage(sessions.error, 'Could not load your chats')}</p>
            <Button variant="link" onClick={() => sessions.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="px-2 py-3 text-muted-foreground text-sm">
            {q ? `No chats match “${q}”.` : 'No chats yet. Ask something to start one.'}
          </p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {list.map((session) => (
              <li key={session.id} className="group relative">
                <Link
                  to={`/agents/${session.id}`}
                  onClick={onNavigate}
                  aria-current={session.id === activeId ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 rounded-md py-2 pr-9 pl-2.5 text-sm hover:bg-accent',
                    session.id === activeId && 'bg-accent font-medium',
                  )}
                >
                  <MessageSquare className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="truncate">{session.title || 'New chat'}</span>
                </Link>
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <button
                      type="button"
                      aria-label={`Actions for ${session.title || 'New chat'}`}
                      className="-translate-y-1/2 absolute top-1/2 right-1 rounded p-1 text-muted-foreground opacity-100 hover:bg-background hover:text-foreground focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100 data-[state=open]:opacity-100"
                    >
                      <MoreHorizontal className="size-4" />
                    </button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => setRenaming(session)}>
                      <Pencil aria-hidden="true" /> Rename
                    </DropdownMenuItem>
                    <DropdownMenuItem
                      className="text-destructive"
                      onSelect={() => {
                        setDeleteError(null);
                        setDeleting(session);
                      }}
                    >
                      <Trash2 aria-hidden="true" /> Delete
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </li>
            ))}
          </ul>
        )}
        {sessions.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-1 w-full"
            disabled={sessions.isFetchingNextPage}
            onClick={() => sessions.fetchNextPage()}
          >
            {sessions.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        )}
      </div>

      <NameDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title="Rename chat"
        submitLabel="Rename"
        initialName={renaming?.title ?? ''}
        placeholder="Chat title"
        schema={TitleSchema}
        onSubmit={async (title) => {
          if (!renaming) return;
          const session = await chatApi.update(renaming.id, { title });
          queryClient.setQueryData(chatKey(session.id), (current: { session: ChatSession } | undefined) =>
            current ? { ...current, session } : current,
          );
          await refresh();
          setRenaming(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete chat?"
        description={`“${deleting?.title || 'New chat'}” and all its messages will be deleted for good.`}
        confirmLabel="Delete"
        pending={deletePending}
        error={deleteError ?? undefined}
        onConfirm={async () => {
          if (!deleting) return;
          setDeletePending(true);
          try {
            await chatApi.remove(deleting.id);
            queryClient.removeQueries({ queryKey: chatKey(deleting.id) });
            await refresh();
            if (deleting.id === activeId) navigate('/agents', { replace: true });
            setDeleting(null);
          } catch (error) {
            setDeleteError(errorMessage(error, 'Could not delete the chat'));
          } finally {
            setDeletePending(false);
          }
        }}
      />
    </nav>
  );
}
