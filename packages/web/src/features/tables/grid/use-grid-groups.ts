import { RECORD_GROUP_LIMIT } from '@flowmind/shared/table-queries';
import type { View } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';
import { tablesApi } from '../tables-api';
import { groupedLayout, isGroupable, type RowGroup, toRowGroups } from './grid-groups';

type Collapsed = { fieldId: string; keys: string[] };

/** Collapsing is a way of looking, not a change to the view: kept per browser, per view and group field. */
function useCollapsedGroups(viewId: string | undefined, fieldId: string | null) {
  const storageKey = `${storageKeys.collapsedGroups}.${viewId}`;
  const [stored, setStored] = useState<Collapsed | null>(() => readJson<Collapsed>(localStorage, storageKey));
  const [storedFor, setStoredFor] = useState(storageKey);
  if (storedFor !== storageKey) {
    setStoredFor(storageKey);
    setStored(readJson<Collapsed>(localStorage, storageKey));
  }
  const keys = useMemo(() => new Set(stored && stored.fieldId === fieldId ? stored.keys : []), [stored, fieldId]);
  const save = useCallback(
    (next: Set<string>) => {
      if (!fieldId) return;
      const value = { fieldId, keys: [...next] };
      setStored(value);
      writeJson(localStorage, storageKey, value);
    },
    [fieldId, storageKey],
  );
  return { keys, save };
}

/**
 * A grouped grid's groups: counted by the server for the view's filter and the search (fetched again when the
 * table's `version` moves, so counts follow everyone's writes), laid out as header rows between record offsets.
 */
export function useGridGroups({
  tableId,
  view,
  fields,
  search,
  version,
  total,
}: {
  tableId: string;
  view: View | undefined;
  fields: Field[];
  search: string;
  version: unknown;
  total: number | null;
}) {
  const field = fields.find((candidate) => candidate.id === view?.config.groupByFieldId && isGroupable(candidate));
  const fieldId = field?.id ?? null;
  // The filter goes along explicitly: a view whose new filter is still being saved is counted with it already.
  const filter = view?.config.filter ?? { conjunction: 'and' as const, conditions: [] };
  const query = useQuery({
    queryKey: ['record-groups', tableId, view?.id, fieldId, filter, search, version],
    enabled: fieldId !== null && view?.type === 'grid',
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      tablesApi.groups({
        tableId,
        fieldId: fieldId as string,
        query: { viewId: view?.id, filter, search: search || undefined },
        signal,
      }),
  });
  const collapsed = useCollapsedGroups(view?.id, fieldId);
  const counts = query.data?.fieldId === fieldId ? query.data : undefined;
  // Only a capped list leaves records out; otherwise the counts are the truth, even while `total` catches up.
  const groups = useMemo(
    () => (counts ? toRowGroups(counts.groups, counts.groups.length >= RECORD_GROUP_LIMIT ? total : null) : []),
    [counts, total],
  );
  const layout = useMemo(
    () => (counts ? groupedLayout(groups, collapsed.keys) : null),
    [counts, groups, collapsed.keys],
  );
  const { keys, save } = collapsed;

  const toggle = useCallback(
    (group: RowGroup) => {
      const next = new Set(keys);
      if (!next.delete(group.key)) next.add(group.key);
      save(next);
    },
    [keys, save],
  );
  const collapseAll = useCallback(() => save(new Set(groups.map((group) => group.key))), [groups, save]);
  const expandAll = useCallback(() => save(new Set()), [save]);

  return { field, groups, layout, collapsedCount: keys.size, toggle, collapseAll, expandAll, error: query.error };
}
