import { useMemo, useState } from 'react';
import { showActionToast } from '../../components/ui/action-toasts';
import { errorMessage } from '../../lib/api';
import { alerts } from '../../shell/alert-store';

/** What a list query gives (a live query or a plain one). */
type ListQuery<T> = {
  data?: T[];
  error: unknown;
  isPending: boolean;
  refetch(): unknown;
  liveError?: { message: string } | null;
};

/** The calls that move an item in and out of the trash, by its id. */
type TrashApi = {
  trash(id: string): Promise<unknown>;
  restore(id: string): Promise<unknown>;
  removeForever(id: string): Promise<unknown>;
};

/**
 * The controller of a list page with a trash (flows, tables): which list shows, the search over
 * it, the load states, and running a row action with its success or error message.
 */
export function useTrashableList<T extends { id: string; name: string }>({
  live,
  trashed,
  inTrash,
  accountLoading,
  matches,
  refresh,
  api,
}: {
  live: ListQuery<T>;
  trashed: ListQuery<T>;
  inTrash: boolean;
  accountLoading: boolean;
  /** Whether an item matches the lower-cased search text. */
  matches(item: T, needle: string): boolean;
  /** Reads the lists again after a write. */
  refresh(): void;
  api: TrashApi;
}) {
  const [search, setSearch] = useState('');
  const source = inTrash ? trashed : live;
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const list = source.data ?? [];
    return needle ? list.filter((item) => matches(item, needle)) : list;
  }, [source.data, search, matches]);

  /** Runs a row action: its success message, or its error in words; the lists are read again either way. */
  const run = async (action: () => Promise<unknown>, success?: string) => {
    try {
      await action();
      if (success) alerts.success(success);
    } catch (failure) {
      alerts.error(errorMessage(failure));
    } finally {
      refresh();
    }
  };
  const restore = (item: T) => run(() => api.restore(item.id), `"${item.name}" restored`);

  return {
    search,
    setSearch,
    visible,
    loadError: source.liveError?.message ?? (source.error ? errorMessage(source.error) : null),
    isLoading: accountLoading || (source.isPending && !source.error),
    retry: () => void source.refetch(),
    run,
    restore,
    /** Trashing is undone from the toast, so it asks nothing first. */
    moveToTrash: (item: T) =>
      run(async () => {
        await api.trash(item.id);
        showActionToast({ message: `"${item.name}" moved to trash`, onAction: () => void restore(item) });
      }),
    removeForever: (item: T) => run(() => api.removeForever(item.id), `"${item.name}" deleted`),
  };
}

export type TrashableList<T extends { id: string; name: string }> = ReturnType<typeof useTrashableList<T>>;
