import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/**
 * Said where records would be when the search or the view's filters leave none: an empty grid alone reads as an
 * empty table, and the way back is one click.
 */
export function HiddenRecordsNotice({
  search,
  filtered,
  onClearSearch,
  onClearFilters,
  className,
}: {
  search: string;
  filtered: boolean;
  onClearSearch: () => void;
  onClearFilters: () => void;
  className?: string;
}) {
  const searched = search !== '';
  const description =
    searched && filtered
      ? `The search “${search}” and this view’s filters hide all records.`
      : searched
        ? `The search “${search}” hides all records.`
        : 'This view’s filters hide all records.';
  return (
    <EmptyState icon={SearchX} title="No records to show" description={description} className={className}>
      {searched && (
        <Button size="sm" variant="outline" onClick={onClearSearch}>
          Clear search
        </Button>
      )}
      {filtered && (
        <Button size="sm" variant="outline" onClick={onClearFilters}>
          Clear filters
        </Button>
      )}
    </EmptyState>
  );
}
