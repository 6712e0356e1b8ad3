import type { Field, TableRecord } from '@flowmind/shared/tables';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { tablesApi } from '../tables-api';

const PAGE = 20;

/** Records of a linked table matching a search (in the database), a page at a time, with the table's primary field. */
export function useLinkSearch(linkedTableId: string, search: string) {
  const fields = useQuery({
    queryKey: ['linked-fields', linkedTableId],
    queryFn: () => tablesApi.fields(linkedTableId),
    enabled: linkedTableId !== '',
  });
  const records = useInfiniteQuery({
    queryKey: ['link-search', linkedTableId, search],
    queryFn: ({ pageParam, signal }) =>
      tablesApi.records({
        tableId: linkedTableId,
        query: { search: search || undefined, offset: pageParam, limit: PAGE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.nextCursor ? pages.length * PAGE : undefined),
    enabled: linkedTableId !== '',
    // The list keeps what it shows while the next search loads, so Enter picks what is on screen.
    placeholderData: keepPreviousData,
  });
  const primary: Field | undefined = fields.data?.find((field) => field.isPrimary) ?? fields.data?.[0];
  const found: TableRecord[] = records.data?.pages.flatMap((page) => page.records) ?? [];
  return {
    primary,
    found,
    pending: records.isPending || fields.isPending,
    error: records.error ?? fields.error,
    hasMore: records.hasNextPage,
    loadingMore: records.isFetchingNextPage,
    loadMore: () => void records.fetchNextPage(),
  };
}
