import type { FilterGroup } from '@flowmind/shared/table-queries';
import type { RecordValues, TableRecord } from '@flowmind/shared/tables';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { errorMessage } from '../../../lib/api';
import { alerts } from '../../../shell/alert-store';
import { tablesApi } from '../tables-api';

/**
 * Records a board or a calendar loads at most. They show whole result sets rather than windows, so past this they
 * say "showing N of M" and a filter or search narrows them down.
 */
export const VIEW_RECORDS_CAP = 1000;

type ViewRecords = { records: TableRecord[]; total: number };

/**
 * The records of a kanban or calendar view: the view's filter and sorts (or `filter` when given, which replaces the
 * view's) and the search, up to VIEW_RECORDS_CAP. Fetched again when the table's `version` moves, so other people's
 * changes show up. `update` writes values optimistically and puts them back if the server refuses.
 */
export function useViewRecords({
  tableId,
  viewId,
  filter,
  search,
  version,
  enabled = true,
}: {
  tableId: string;
  viewId: string;
  filter?: FilterGroup;
  search: string;
  version: unknown;
  enabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(
    () => ['view-records', tableId, viewId, filter ?? null, search] as const,
    [tableId, viewId, filter, search],
  );
  const query = useQuery({
    queryKey,
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<ViewRecords> => {
      const page = await tablesApi.records({
        tableId,
        query: { viewId, filter, search: search || undefined, offset: 0, limit: VIEW_RECORDS_CAP },
        signal,
      });
      if (page.nextCursor === null) return { records: page.records, total: page.records.length };
      // More than the cap: the page leaves the count out when a filter narrows it, so ask for it.
      const total =
        page.total ??
        (await tablesApi.countRecords({ tableId, query: { viewId, filter, search: search || undefined }, signal }))
          .total;
      return { records: page.records, total };
    },
  });

  const writing = useRef(0);
  const refetch = query.refetch;
  const firstVersion = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger
  useEffect(() => {
    if (firstVersion.current) {
      firstVersion.current = false;
      return;
    }
    // A write of ours is on its way: its own answer refetches, an earlier read could undo the optimistic change.
    if (writing.current === 0) void refetch();
  }, [version, refetch]);

  const patchCache = useCallback(
    (change: (records: TableRecord[]) => TableRecord[]) =>
      queryClient.setQueryData<ViewRecords>(queryKey, (data) =>
        data ? { ...data, records: change(data.records) } : data,
      ),
    [queryClient, queryKey],
  );

  /** Writes values to one record: shown at once, sent, and undone with the server's message if refused. */
  const update = useCallback(
    async (recordId: string, values: RecordValues): Promise<boolean> => {
      const before = queryClient.getQueryData<ViewRecords>(queryKey);
      writing.current += 1;
      await queryClient.cancelQueries({ queryKey });
      patchCache((records) =>
        records.map((record) =>
          record.id === recordId ? { ...record, values: { ...record.values, ...values } } : record,
        ),
      );
      try {
        await tablesApi.updateRecords({ tableId, records: [{ id: recordId, values }] });
        return true;
      } catch (failure) {
        queryClient.setQueryData(queryKey, before);
        alerts.error(errorMessage(failure, 'Could not save the change'));
        return false;
      } finally {
        writing.current -= 1;
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient, queryKey, patchCache, tableId],
  );

  /** Adds a record with the given values and returns it (or null after telling why it failed). */
  const create = useCallback(
    async (values: RecordValues): Promise<TableRecord | null> => {
      try {
        const [record] = await tablesApi.createRecords({ tableId, records: [{ values }] });
        if (record) patchCache((records) => [...records, record]);
        void queryClient.invalidateQueries({ queryKey });
        return record ?? null;
      } catch (failure) {
        alerts.error(errorMessage(failure, 'Could not add the record'));
        return null;
      }
    },
    [queryClient, queryKey, patchCache, tableId],
  );

  return {
    records: query.data?.records ?? [],
    total: query.data?.total ?? 0,
    isPending: query.isPending,
    error: query.error,
    update,
    create,
  };
}
