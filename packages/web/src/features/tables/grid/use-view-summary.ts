import { summariesFor } from '@flowmind/shared/table-summary';
import type { SummaryFunction, View } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tablesApi } from '../tables-api';
import { useViews } from '../use-tables';

/** The summaries of a view that still fit their fields (a field's type may have changed since one was chosen). */
export function usableSummaries(fields: Field[], summaries: Record<string, SummaryFunction>) {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const chosen = summaries[field.id];
      return chosen && summariesFor(field).includes(chosen) ? [[field.id, chosen]] : [];
    }),
  );
}

/**
 * A grid footer's figures over the whole view, from the server. The chosen summaries are sent as shown (a new
 * choice counts at once); the filter is the view's saved one, so the key follows the saved view and the figures are
 * asked for again once a filter change is saved, and again whenever the table's `version` moves (anyone's write).
 */
export function useViewSummary({
  tableId,
  view,
  fields,
  search,
  version,
}: {
  tableId: string;
  view: View;
  fields: Field[];
  search: string;
  version: unknown;
}) {
  const saved = useViews(tableId).data?.find((item) => item.id === view.id);
  const summaries = usableSummaries(fields, view.config.summaries);
  const enabled = Object.keys(summaries).length > 0;
  return useQuery({
    queryKey: ['view-summary', tableId, view.id, summaries, saved?.config.filter ?? null, search, version],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => tablesApi.summary({ tableId, viewId: view.id, summaries, search, signal }),
  });
}
