import type { LucideIcon } from 'lucide-react';

/** The tinted square that leads each row of a list page. */
export function ListItemIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
      <Icon className="size-4" aria-hidden="true" />
    </div>
  );
}
