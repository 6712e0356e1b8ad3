import type { View } from '@flowmind/shared/table-views';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { liveQueryKey } from '../../live/use-live-query';
import { tablesApi } from '../tables-api';
import { viewsLivePath } from '../use-tables';
import { viewsApi } from '../views-api';

const byPosition = (a: View, b: View) => a.position - b.position;

/**
 * Creating, renaming, duplicating and deleting a table's views. Each answer goes into the views cache at once
 * (the live snapshot follows), so switching to a new view does not wait for the socket.
 */
export function useViewActions(tableId: string) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = liveQueryKey(viewsLivePath(tableId));
    const put = (view: View) =>
      queryClient.setQueryData<View[]>(key, (views = []) =>
        [...views.filter((item) => item.id !== view.id), view].sort(byPosition),
      );
    return {
      create: async ({ name, type }: Pick<View, 'name' | 'type'>) => {
        const view = await viewsApi.create({ tableId, input: { name, type } });
        put(view);
        return view;
      },
      rename: async (view: View, name: string) =>
        put(await tablesApi.updateView({ tableId, viewId: view.id, input: { name } })),
      /** Same type and settings; a copy of a shared form starts unshared, with a link of its own once shared. */
      duplicate: async (view: View, name: string) => {
        const copy = await viewsApi.create({
          tableId,
          input: { name, type: view.type, config: { ...view.config, formPublic: false } },
        });
        put(copy);
        return copy;
      },
      remove: async (view: View) => {
        await viewsApi.remove({ tableId, viewId: view.id });
        queryClient.setQueryData<View[]>(key, (views = []) => views.filter((item) => item.id !== view.id));
      },
    };
  }, [queryClient, tableId]);
}
