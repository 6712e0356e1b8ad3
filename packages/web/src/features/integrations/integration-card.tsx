import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One card of the integrations page: its icon, title and description, a main action, then its connections. */
export function IntegrationCard({
  titleId,
  icon: Icon,
  title,
  description,
  action,
  children,
}: {
  /** The heading's id, which names the card for assistive technology. */
  titleId: string;
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="rounded-xl border bg-background shadow-xs">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:px-5">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary-soft-foreground">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-[15px]">
              {title}
            </h2>
            <p className="text-muted-foreground text-sm">{description}</p>
          </div>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The line a card shows in place of its list while it has no connections. */
export function NoConnections({ children }: { children: ReactNode }) {
  return <p className="border-t px-4 py-3 text-muted-foreground text-sm sm:px-5">{children}</p>;
}
