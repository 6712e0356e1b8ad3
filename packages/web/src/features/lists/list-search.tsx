import { SearchInput } from '../../components/ui/input';
import type { TrashableList } from './use-trashable-list';

/** The search box over a list page's items; its label is also its placeholder. */
export function ListSearch<T extends { id: string; name: string }>({
  list,
  label,
  className,
}: {
  list: TrashableList<T>;
  label: string;
  className: string;
}) {
  return (
    <SearchInput
      frameClassName={className}
      type="search"
      aria-label={label}
      placeholder={label}
      value={list.search}
      onChange={(event) => list.setSearch(event.target.value)}
    />
  );
}
