import type { View } from '@flowmind/shared/table-views';
import type { Field, Table } from '@flowmind/shared/tables';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { liveQueryKey, useLiveQuery } from '../live/use-live-query';
import { tablesApi } from './tables-api';

export const tablesLivePath = (accountId: string) => `accounts/${accountId}/tables`;
export const tableLivePath = (tableId: string) => `tables/${tableId}`;
export const fieldsLivePath = (tableId: string) => `tables/${tableId}/fields`;
export const viewsLivePath = (tableId: string) => `tables/${tableId}/views`;

/** A table as the live document carries it: `version` changes on every record or field change. */
export type LiveTable = Table & { version?: number | string };

/** Most recently changed first, the order people come back to their tables in. */
const byLastChange = (a: Table, b: Table) => b.updatedAt.localeCompare(a.updatedAt);

/** The account's tables (not in the trash), kept live. */
export function useTables(accountId: string | null) {
  return useLiveQuery<Table[]>(accountId ? tablesLivePath(accountId) : null, {
    fetch: () => tablesApi.list({ accountId: accountId as string }).then((tables) => [...tables].sort(byLastChange)),
    fromDocs: (docs) => (docs as unknown as Table[]).filter((table) => !table.deletedAt).sort(byLastChange),
  });
}

/** Tables in the trash; read over HTTP when the Trash filter is open. */
export function useTrashedTables(accountId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['tables-trash', accountId],
    queryFn: () => tablesApi.list({ accountId: accountId as string, trash: true }),
    enabled: enabled && accountId !== null,
  });
}

export function useRefreshTables(accountId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (!accountId) return;
    void queryClient.invalidateQueries({ queryKey: liveQueryKey(tablesLivePath(accountId)) });
    void queryClient.invalidateQueries({ queryKey: ['tables-trash', accountId] });
  }, [accountId, queryClient]);
}

export function useTable(tableId: string) {
  return useLiveQuery<LiveTable | null>(tableLivePath(tableId), {
    fetch: () => tablesApi.get(tableId),
    fromDocs: (docs) => (docs?.[0] as unknown as LiveTable | undefined) ?? null,
  });
}

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

export function useFields(tableId: string) {
  return useLiveQuery<Field[]>(fieldsLivePath(tableId), {
    fetch: () => tablesApi.fields(tableId).then((fields) => [...fields].sort(byPosition)),
    fromDocs: (docs) => [...(docs as unknown as Field[])].sort(byPosition),
  });
}

export function useViews(tableId: string) {
  return useLiveQuery<View[]>(viewsLivePath(tableId), {
    fetch: () => tablesApi.views(tableId).then((views) => [...views].sort(byPosition)),
    fromDocs: (docs) => [...(docs as unknown as View[])].sort(byPosition),
  });
}
