import type { Field, View, ViewConfig } from '@flowmind/shared/tables';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';
import { liveQueryKey } from '../live/use-live-query';
import { tablesApi } from './tables-api';
import { viewsLivePath } from './use-tables';

/** The fields a view shows, in its order: the primary field first, then the view's order, then the rest. */
export function orderFields(fields: Field[], config: ViewConfig | undefined): { all: Field[]; visible: Field[] } {
  const primary = fields.filter((field) => field.is_primary);
  const rest = fields.filter((field) => !field.is_primary);
  const order = config?.fieldOrder ?? [];
  const rank = (field: Field) => {
    const index = order.indexOf(field.id);
    return index === -1 ? order.length + field.position : index;
  };
  const all = [...primary, ...[...rest].sort((a, b) => rank(a) - rank(b))];
  const hidden = new Set(config?.hiddenFieldIds ?? []);
  return { all, visible: all.filter((field) => field.is_primary || !hidden.has(field.id)) };
}

/** Writes to the current view's config: shown at once, saved in the background, put back if refused. */
/**
 * Saves a view's config, showing it at once. `onSaved` runs once the server has it: record queries
 * name the view and the server applies its saved filter and sorts, so anything fetched while the save
 * was on its way used the old ones and must be fetched again.
 */
export function useViewConfig(tableId: string, view: View | undefined, onSaved?: () => void) {
  const queryClient = useQueryClient();
  const key = liveQueryKey(viewsLivePath(tableId));
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const update = useCallback(
    async (config: Partial<ViewConfig>) => {
      if (!view) return;
      const before = queryClient.getQueryData<View[]>(key);
      queryClient.setQueryData<View[]>(key, (views) =>
        views?.map((item) => (item.id === view.id ? { ...item, config: { ...item.config, ...config } } : item)),
      );
      try {
        // The whole config goes up: UpdateView's `ViewConfig.partial()` still fills defaults for absent keys, so a
        // partial config would reset the rest of the view.
        await tablesApi.updateView({ tableId, viewId: view.id, input: { config: { ...view.config, ...config } } });
        onSavedRef.current?.();
      } catch (failure) {
        queryClient.setQueryData(key, before);
        alerts.error(errorMessage(failure, 'Could not save the view'));
      }
    },
    [queryClient, key, tableId, view],
  );
  return useMemo(() => ({ update }), [update]);
}
