import { Skeleton } from '../../components/ui/skeleton';

/** Four placeholder rows while a list loads, announced as busy under the given label. */
export function ListSkeleton({ label, rowClassName }: { label: string; rowClassName: string }) {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className={rowClassName} />
      ))}
    </div>
  );
}
