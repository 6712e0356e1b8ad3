import type { Execution, ExecutionStatus } from '@flowmind/shared/flows';
import { LIVE_COLLECTION_LIMIT } from '@flowmind/shared/live';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { liveQueryKey, useLiveQuery } from '../../live/use-live-query';
import { byNewest, mergeExecutions } from './execution-format';
import { executionsApi } from './executions-api';

export const executionsLivePath = (accountId: string) => `accounts/${accountId}/executions`;

/** The first HTTP read before the socket's snapshot arrives (the API pages at most 200). */
const FIRST_READ = 200;
const PAGE_SIZE = 100;
/** One "Load more" reads pages until something older shows, but never more than this many. */
const MAX_PAGES_PER_CLICK = 5;

type OlderPages = { key: string; rows: Execution[]; cursor: string | null; done: boolean };

/**
 * The account's executions, newest first: the latest ones live (the socket keeps at most
 * LIVE_COLLECTION_LIMIT), and older ones read page by page over HTTP with "Load more". The filters apply to both.
 */
export function useExecutions({
  accountId,
  status,
  flowId,
}: {
  accountId: string | null;
  status: ExecutionStatus | null;
  flowId: string | null;
}) {
  const live = useLiveQuery<Execution[]>(accountId ? executionsLivePath(accountId) : null, {
    fetch: () =>
      executionsApi
        .list({ accountId: accountId as string, limit: FIRST_READ })
        .then((page) => [...page.executions].sort(byNewest)),
    fromDocs: (docs) => [...(docs as unknown as Execution[])].sort(byNewest),
  });
  const key = `${accountId}|${status ?? ''}|${flowId ?? ''}`;
  const [pages, setPages] = useState<OlderPages>({ key, rows: [], cursor: null, done: false });
  const older = pages.key === key ? pages : { key, rows: [], cursor: null, done: false };
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<string | null>(null);

  const liveRows = live.data ?? [];
  const rows = useMemo(
    () => mergeExecutions({ live: liveRows, older: older.rows, status, flowId }),
    [liveRows, older.rows, status, flowId],
  );
  // Below the window's size the live list holds every execution there is.
  const windowFull = liveRows.length >= Math.min(FIRST_READ, LIVE_COLLECTION_LIMIT);
  const canLoadMore = !older.done && (older.cursor !== null || windowFull);

  const loadMore = useCallback(async () => {
    if (!accountId || loadingMore) return;
    setLoadingMore(true);
    setLoadMoreError(null);
    const oldestShown = rows.at(-1)?.createdAt;
    let cursor = older.cursor;
    const fetched: Execution[] = [];
    try {
      for (let page = 0; page < MAX_PAGES_PER_CLICK; page++) {
        const answer = await executionsApi.list({ accountId, status, flowId, limit: PAGE_SIZE, cursor });
        fetched.push(...answer.executions);
        cursor = answer.nextCursor;
        const reachedOlder = fetched.some((e) => oldestShown === undefined || e.createdAt < oldestShown);
        if (!cursor || reachedOlder) break;
      }
      setPages({ key, rows: [...older.rows, ...fetched], cursor, done: cursor === null });
    } catch (failure) {
      setLoadMoreError(errorMessage(failure));
    } finally {
      setLoadingMore(false);
    }
  }, [accountId, status, flowId, key, older, rows, loadingMore]);

  return {
    rows,
    isPending: live.isPending && !live.error,
    error: live.error ? errorMessage(live.error) : (live.liveError?.message ?? null),
    refetch: live.refetch,
    canLoadMore,
    loadMore,
    loadingMore,
    loadMoreError,
  };
}

export function useRefreshExecutions(accountId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (accountId) void queryClient.invalidateQueries({ queryKey: liveQueryKey(executionsLivePath(accountId)) });
  }, [accountId, queryClient]);
}
