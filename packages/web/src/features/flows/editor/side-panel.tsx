import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** A panel on the right of the canvas (a full-height sheet over it on a phone). */
export function SidePanel({
  title,
  onClose,
  children,
  label,
}: {
  title?: ReactNode;
  onClose?: () => void;
  children: ReactNode;
  label: string;
}) {
  return (
    <aside
      aria-label={label}
      className="absolute inset-0 z-30 flex min-h-0 flex-col bg-background sm:static sm:z-auto sm:w-[380px] sm:shrink-0 sm:border-l lg:w-[420px]"
    >
      {title !== undefined && (
        <header className="flex h-12 shrink-0 items-center gap-2 border-b px-3">
          <h2 className="min-w-0 flex-1 truncate font-semibold text-sm">{title}</h2>
          {onClose && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </header>
      )}
      {children}
    </aside>
  );
}
