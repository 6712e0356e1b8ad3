import { cn } from '../../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  // The default corner radius only applies when the caller does not choose one (classes are not merged).
  const rounded = /(^|\s)rounded/.test(className ?? '') ? '' : 'rounded-md';
  return <div aria-hidden="true" className={cn('animate-pulse bg-muted', rounded, className)} />;
}
