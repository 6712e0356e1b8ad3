import type { LiveDoc } from '@flowmind/shared/live';
import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type LiveError, liveClient } from './live-client';

export const liveQueryKey = (path: string | null): QueryKey => ['live', path];

/**
 * The first HTTP read of a live path, which must not undo a snapshot: when one arrived while the
 * read was under way (a run that finished meanwhile), the read's older answer is dropped and the
 * snapshot's data kept. Else a run could show "running" for good, no snapshot being left to come.
 */
export function firstReadOf<T>(
  queryClient: QueryClient,
  path: string,
  fetch: () => Promise<T>,
  snapshots: Map<string, number>,
): () => Promise<T> {
  return async () => {
    const before = snapshots.get(path) ?? 0;
    const answer = await fetch();
    if ((snapshots.get(path) ?? 0) === before) return answer;
    return queryClient.getQueryData<T>(liveQueryKey(path)) ?? answer;
  };
}

type LiveQueryOptions<T> = {
  /** The REST read of the same data: gives a first answer even before the socket is up. */
  fetch: () => Promise<T>;
  /** Turns a snapshot's documents into the query's shape. */
  fromDocs: (docs: LiveDoc[]) => T;
  limit?: number;
};

/**
 * Data that stays current: a TanStack query, first filled over HTTP and then replaced by every snapshot the live
 * socket sends for `path`. Pass null as the path to wait (e.g. until an account is chosen).
 */
export function useLiveQuery<T>(path: string | null, { fetch, fromDocs, limit }: LiveQueryOptions<T>) {
  const queryClient = useQueryClient();
  const [liveError, setLiveError] = useState<LiveError | null>(null);
  const fromDocsRef = useRef(fromDocs);
  fromDocsRef.current = fromDocs;
  const snapshots = useRef(new Map<string, number>()).current;

  const query = useQuery({
    queryKey: liveQueryKey(path),
    queryFn: path ? firstReadOf(queryClient, path, fetch, snapshots) : fetch,
    enabled: path !== null,
    // Snapshots keep the data fresh; refetching on focus would only repeat what the socket already said.
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    setLiveError(null);
    if (!path) return;
    return liveClient.subscribe(
      path,
      {
        onSnapshot: (snapshot) => {
          setLiveError(null);
          snapshots.set(path, (snapshots.get(path) ?? 0) + 1);
          queryClient.setQueryData(liveQueryKey(path), fromDocsRef.current(snapshot.docs ?? []));
        },
        onError: (error) => setLiveError(error),
      },
      { limit },
    );
  }, [path, limit, queryClient, snapshots]);

  return { ...query, liveError };
}
