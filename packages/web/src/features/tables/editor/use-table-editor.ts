import type { View, ViewConfig } from '@flowmind/shared/table-views';
import type { Field } from '@flowmind/shared/tables';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { alerts } from '../../../shell/alert-store';
import { liveQueryKey } from '../../live/use-live-query';
import { tablesApi } from '../tables-api';
import { viewsLivePath } from '../use-tables';

/** The fields a view shows, in its order: the primary field first, then the view's order, then the rest. */
export function orderFields(fields: Field[], config: ViewConfig | undefined): { all: Field[]; visible: Field[] } {
  const primary = fields.filter((field) => field.isPrimary);
  const rest = fields.filter((field) => !field.isPrimary);
  const order = config?.fieldOrder ?? [];
  const rank = (field: Field) => {
    const index = order.indexOf(field.id);
    return index === -1 ? order.length + field.position : index;
  };
  const all = [...primary, ...[...rest].sort((a, b) => rank(a) - rank(b))];
  const hidden = new Set(config?.hiddenFieldIds ?? []);
  return { all, visible: all.filter((field) => field.isPrimary || !hidden.has(field.id)) };
}

/**
 * A view's config as the user last set it, and `update` to change it. A change shows at once (an overlay on the
 * live view, so a live snapshot taken before the save cannot undo it) and is saved in the background; saves of
 * one page go one after another, each sending only the keys it changes, so quick changes never overwrite each
 * other. `onSaved` runs once the server has a change: record queries name the view and the server applies its saved
 * filter and sorts, so anything fetched while the save was on its way used the old ones and must be fetched again.
 */
export function useViewConfig(tableId: string, view: View | undefined, onSaved?: () => void) {
  const queryClient = useQueryClient();
  const key = liveQueryKey(viewsLivePath(tableId));
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const [pending, setPending] = useState<Record<string, Partial<ViewConfig>>>({});
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const viewId = view?.id;
  const update = useCallback(
    async (config: Partial<ViewConfig>) => {
      if (!viewId) return;
      setPending((current) => ({ ...current, [viewId]: { ...current[viewId], ...config } }));
      const save = queue.current.then(() => tablesApi.updateView({ tableId, viewId, input: { config } }));
      queue.current = save.catch(() => undefined);
      try {
        const saved = await save;
        queryClient.setQueryData<View[]>(key, (views) => views?.map((item) => (item.id === viewId ? saved : item)));
        onSavedRef.current?.();
      } catch (failure) {
        alerts.error(errorMessage(failure, 'Could not save the view'));
      } finally {
        // Keys a later change has set again stay until that change is saved.
        setPending((current) => {
          const left = Object.fromEntries(
            Object.entries(current[viewId] ?? {}).filter(([name, value]) => value !== config[name as keyof ViewConfig]),
          );
          const { [viewId]: _, ...others } = current;
          return Object.keys(left).length > 0 ? { ...others, [viewId]: left } : others;
        });
      }
    },
    [queryClient, key, tableId, viewId],
  );
  const overlay = viewId ? pending[viewId] : undefined;
  const shown = useMemo(
    () => (view && overlay ? { ...view, config: { ...view.config, ...overlay } } : view),
    [view, overlay],
  );
  return useMemo(() => ({ view: shown, update }), [shown, update]);
}
