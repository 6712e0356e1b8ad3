import type { RecordPage } from '@flowmind/shared/table-queries';
import type { Field, RecordValues, TableRecord } from '@flowmind/shared/tables';
import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { errorMessage } from '../../../../lib/api';
import { alerts } from '../../../../shell/alert-store';
import { choicesOf } from '../../fields/field-types';
import { tablesApi } from '../../tables-api';

/** Cards a column fetches at a time; the next page comes as the column scrolls near its end. */
export const KANBAN_PAGE_SIZE = 50;

type Pages = InfiniteData<RecordPage, string | undefined>;
type Counts = { byKey: Map<string | null, number>; total: number };

const boardKey = (tableId: string, viewId: string, search: string) => ['kanban', tableId, viewId, search] as const;
const columnKey = (tableId: string, viewId: string, search: string, fieldId: string, key: string | null) =>
  [...boardKey(tableId, viewId, search), 'column', fieldId, key] as const;

/** The column a record's value puts it in: an option that still exists, else "No value" (null). */
export function columnOf(field: Field, values: RecordValues): string | null {
  const value = values[field.id];
  return typeof value === 'string' && choicesOf(field).some((choice) => choice.id === value) ? value : null;
}

/**
 * A board's data from the server: the count of every column over the whole view (GET …/groups: its filter and the
 * search) and, per column, pages of cards (useKanbanColumn). Moves are shown at once in both columns and their
 * counts, sent, and put back if refused. A change of the table's `version` (anyone's write) fetches it all again.
 */
export function useKanbanBoard({
  tableId,
  viewId,
  field,
  search,
  version,
}: {
  tableId: string;
  viewId: string;
  field: Field;
  search: string;
  version: unknown;
}) {
  const queryClient = useQueryClient();
  const board = useMemo(() => boardKey(tableId, viewId, search), [tableId, viewId, search]);
  const countsKey = useMemo(() => [...board, 'counts', field.id] as const, [board, field.id]);
  const counts = useQuery({
    queryKey: countsKey,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Counts> => {
      const answer = await tablesApi.groups({
        tableId,
        fieldId: field.id,
        query: { viewId, search: search || undefined },
        signal,
      });
      return {
        byKey: new Map(
          answer.groups.map((group) => [typeof group.value === 'string' ? group.value : null, group.count]),
        ),
        total: answer.total,
      };
    },
  });

  const writing = useRef(0);
  const firstVersion = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger
  useEffect(() => {
    if (firstVersion.current) {
      firstVersion.current = false;
      return;
    }
    // A write of ours is on its way: its own answer refetches, an earlier read could undo the optimistic move.
    if (writing.current === 0) void queryClient.invalidateQueries({ queryKey: board });
  }, [version]);

  /** Every loaded card, wherever it is (a drop or the record panel names a card by id). */
  const findRecord = useCallback(
    (recordId: string): TableRecord | undefined => {
      for (const [, data] of queryClient.getQueriesData<Pages>({ queryKey: [...board, 'column'] })) {
        for (const page of data?.pages ?? []) {
          const found = page.records.find((record) => record.id === recordId);
          if (found) return found;
        }
      }
      return undefined;
    },
    [queryClient, board],
  );

  const patchColumn = useCallback(
    (key: string | null, change: (records: TableRecord[]) => TableRecord[]) =>
      queryClient.setQueryData<Pages>(columnKey(tableId, viewId, search, field.id, key), (data) => {
        if (!data) return data;
        // The change is made on all the column's cards at once, then cut back into the same page sizes.
        const sizes = data.pages.map((page) => page.records.length);
        const changed = change(data.pages.flatMap((page) => page.records));
        let start = 0;
        const pages = data.pages.map((page, i) => {
          const size = i === data.pages.length - 1 ? changed.length - start : (sizes[i] ?? 0);
          const records = changed.slice(start, start + Math.max(0, size));
          start += Math.max(0, size);
          return { ...page, records };
        });
        return { ...data, pages };
      }),
    [queryClient, tableId, viewId, search, field.id],
  );

  /** Writes values to one card: shown at once (in its new column if it moves), sent, undone if refused. */
  const update = useCallback(
    async (record: TableRecord, values: RecordValues): Promise<boolean> => {
      writing.current += 1;
      await queryClient.cancelQueries({ queryKey: board });
      const before = queryClient.getQueriesData({ queryKey: board });
      const next = { ...record, values: { ...record.values, ...values } };
      const from = columnOf(field, record.values);
      const to = columnOf(field, next.values);
      if (from === to) {
        patchColumn(from, (records) => records.map((item) => (item.id === record.id ? next : item)));
      } else {
        patchColumn(from, (records) => records.filter((item) => item.id !== record.id));
        patchColumn(to, (records) => [next, ...records]);
        queryClient.setQueryData<Counts>(countsKey, (data) => {
          if (!data) return data;
          const byKey = new Map(data.byKey);
          byKey.set(from, Math.max(0, (byKey.get(from) ?? 0) - 1));
          byKey.set(to, (byKey.get(to) ?? 0) + 1);
          return { ...data, byKey };
        });
      }
      try {
        await tablesApi.updateRecords({ tableId, records: [{ id: record.id, values }] });
        return true;
      } catch (failure) {
        for (const [key, data] of before) queryClient.setQueryData(key, data);
        alerts.error(errorMessage(failure, 'Could not save the change'));
        return false;
      } finally {
        writing.current -= 1;
        void queryClient.invalidateQueries({ queryKey: board });
      }
    },
    [queryClient, board, countsKey, field, patchColumn, tableId],
  );

  /** Adds a card with the given values and returns it (or null after telling why it failed). */
  const create = useCallback(
    async (values: RecordValues): Promise<TableRecord | null> => {
      try {
        const [record] = await tablesApi.createRecords({ tableId, records: [{ values }] });
        void queryClient.invalidateQueries({ queryKey: board });
        return record ?? null;
      } catch (failure) {
        alerts.error(errorMessage(failure, 'Could not add the record'));
        return null;
      }
    },
    [queryClient, board, tableId],
  );

  return {
    countOf: (key: string | null) => counts.data?.byKey.get(key) ?? 0,
    total: counts.data?.total ?? 0,
    isPending: counts.isPending,
    error: counts.error,
    findRecord,
    update,
    create,
  };
}

/** One column's cards, a page at a time, in the view's sorts. */
export function useKanbanColumn({
  tableId,
  viewId,
  fieldId,
  search,
  columnKey: key,
}: {
  tableId: string;
  viewId: string;
  fieldId: string;
  search: string;
  columnKey: string | null;
}) {
  const query = useInfiniteQuery({
    queryKey: columnKey(tableId, viewId, search, fieldId, key),
    initialPageParam: undefined as string | undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam, signal }) =>
      tablesApi.kanbanRecords({
        tableId,
        viewId,
        fieldId,
        column: key,
        search: search || undefined,
        cursor: pageParam,
        limit: KANBAN_PAGE_SIZE,
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  // A card moved here optimistically can come again in a page fetched before the refetch: shown once.
  const records = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages.flatMap((page) => page.records) ?? []).filter(
      (record) => !seen.has(record.id) && Boolean(seen.add(record.id)),
    );
  }, [query.data]);
  return {
    records,
    isPending: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: query.fetchNextPage,
  };
}
