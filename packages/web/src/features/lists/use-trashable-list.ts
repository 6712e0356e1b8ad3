import { useMemo, useState } from 'react';
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

/**
 * The controller of a list page with a trash (flows, tables): which list shows, the search over
 * it, the load states, and running a row action with its success or error message.
 */
export function useTrashableList<T>({
  live,
  trashed,
  inTrash,
  accountLoading,
  matches,
  refresh,
}: {
  live: ListQuery<T>;
  trashed: ListQuery<T>;
  inTrash: boolean;
  accountLoading: boolean;
  /** Whether an item matches the lower-cased search text. */
  matches(item: T, needle: string): boolean;
  /** Reads the lists again after a write. */
  refresh(): void;
}) {
  const [search, setSearch] = useState('');
  const source = inTrash ? trashed : live;
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const list = source.data ?? [];
    return needle ? list.filter((item) => matches(item, needle)) : list;
  }, [source.data, search, matches]);

  return {
    search,
    setSearch,
    visible,
    loadError: source.liveError?.message ?? (source.error ? errorMessage(source.error) : null),
    isLoading: accountLoading || (source.isPending && !source.error),
    retry: () => void source.refetch(),
    /** Runs a row action: its success message, or its error in words; the lists are read again either way. */
    async run(action: () => Promise<unknown>, success?: string) {
      try {
        await action();
        if (success) alerts.success(success);
      } catch (failure) {
        alerts.error(errorMessage(failure));
      } finally {
        refresh();
      }
    },
  };
}

export type TrashableList<T> = ReturnType<typeof useTrashableList<T>>;
