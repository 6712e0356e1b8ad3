import { Search, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import type { TrashableList } from './use-trashable-list';

/**
 * The states of a list with a trash, in one order for every list page: a load error with Try again,
 * the skeleton, the items, no match for the search (with Clear search), an empty trash, or the
 * first-use empty state.
 */
export function ListStates<T extends { id: string; name: string }>({
  list,
  noun,
  inTrash,
  skeleton,
  trashDescription,
  empty,
  children,
}: {
  list: TrashableList<T>;
  /** The plural the messages use: "flows", "tables". */
  noun: string;
  inTrash: boolean;
  skeleton: ReactNode;
  /** What the empty trash says about the items that wait in it. */
  trashDescription: string;
  empty: ReactNode;
  /** The items, shown when there are any. */
  children: ReactNode;
}) {
  const needle = list.search.trim();
  if (list.loadError)
    return (
      <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm">
        <p className="text-destructive">
          Could not load {noun}: {list.loadError}
        </p>
        <Button className="mt-3" size="sm" variant="outline" onClick={list.retry}>
          Try again
        </Button>
      </div>
    );
  if (list.isLoading) return skeleton;
  if (list.visible.length > 0) return children;
  if (needle)
    return (
      <EmptyState icon={Search} title={`No ${noun} match`} description={`Nothing is named like "${needle}".`}>
        <Button variant="outline" onClick={() => list.setSearch('')}>
          Clear search
        </Button>
      </EmptyState>
    );
  return inTrash ? <EmptyState icon={Trash2} title="The trash is empty" description={trashDescription} /> : empty;
}
