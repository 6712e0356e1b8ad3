import type { NoteDetail, NoteSort, NoteSummary } from '@flowmind/shared/notes';
import { notesLivePath } from '@flowmind/shared/notes';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { liveClient } from '../live/live-client';
import { notesApi } from './notes-api';

export type NoteFilters = { q: string; sort: NoteSort; tag: string | null; trash: boolean };

export const notesKey = (accountId: string | null) => ['notes', accountId] as const;
export const noteKey = (accountId: string | null, noteId: string) => ['notes', accountId, 'detail', noteId] as const;

const POLL_MS = 15_000;

/** Changes arrive with every save while someone types; the lists refetch at most this often. */
const REFRESH_EVERY_MS = 1_000;

/**
 * Keeps the account's note lists and tags current: a change announced on the live socket (another tab, a
 * colleague, a flow) refetches them. Returns whether polling stands in for the socket.
 */
export function useNotesLiveRefresh(accountId: string | null): boolean {
  const queryClient = useQueryClient();
  const [polling, setPolling] = useState(false);
  useEffect(() => {
    setPolling(false);
    if (!accountId) return;
    let initial = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      void queryClient.invalidateQueries({
        queryKey: notesKey(accountId),
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    };
    const stop = liveClient.subscribe(notesLivePath(accountId), {
      onSnapshot: () => {
        setPolling(false);
        // The first snapshot only says what we already fetched over HTTP.
        if (initial) {
          initial = false;
          return;
        }
        timer ??= setTimeout(refresh, REFRESH_EVERY_MS);
      },
      onError: () => setPolling(true),
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [accountId, queryClient]);
  return polling;
}

/** One page after another of notes matching the filters (search ranks by relevance, the rest by `sort`). */
export function useNoteList(accountId: string | null, filters: NoteFilters, { poll }: { poll: boolean }) {
  const query = useInfiniteQuery({
    queryKey: [...notesKey(accountId), 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      notesApi.list(
        {
          accountId: accountId as string,
          q: filters.q || undefined,
          sort: filters.sort,
          tag: filters.tag ?? undefined,
          trash: filters.trash,
          cursor: pageParam ?? undefined,
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: accountId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: poll ? POLL_MS : false,
  });
  const notes = useMemo<NoteSummary[]>(() => query.data?.pages.flatMap((page) => page.notes) ?? [], [query.data]);
  return { ...query, notes };
}

export function useNoteTags(accountId: string | null) {
  return useQuery({
    queryKey: [...notesKey(accountId), 'tags'],
    queryFn: () => notesApi.tags(accountId as string),
    enabled: accountId !== null,
  });
}

export function useNote(accountId: string | null, noteId: string | null) {
  const queryClient = useQueryClient();
  // Title, tags, pin and sharing changed elsewhere land in the open note (the body comes through Yjs).
  useEffect(() => {
    if (!accountId || !noteId) return;
    return liveClient.subscribe(`notes/${noteId}`, {
      onSnapshot: (snapshot) => {
        const summary = snapshot.docs?.[0] as Partial<NoteDetail> | undefined;
        if (!summary) return;
        queryClient.setQueryData<NoteDetail>(noteKey(accountId, noteId), (previous) =>
          previous ? { ...previous, ...summary, content: previous.content } : previous,
        );
      },
      onError: () => undefined,
    });
  }, [accountId, noteId, queryClient]);
  return useQuery({
    queryKey: noteKey(accountId, noteId ?? ''),
    queryFn: () => notesApi.get(noteId as string),
    enabled: accountId !== null && noteId !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

/** After a write: put the fresh note into its detail query and refetch the lists and tags around it. */
export function useNotesRefresh(accountId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(
    (note?: NoteDetail) => {
      if (note) queryClient.setQueryData(noteKey(accountId, note.id), note);
      void queryClient.invalidateQueries({
        queryKey: notesKey(accountId),
        predicate: (query) => !note || query.queryKey[3] !== note.id,
      });
    },
    [accountId, queryClient],
  );
}
