import { RefreshCw, X } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn';
import { useIsOnline } from './online-status';
import { useNewBuildAvailable } from './use-build-poll';

export function UpdateToast() {
  const available = useNewBuildAvailable();
  const online = useIsOnline();
  const [dismissed, setDismissed] = useState(false);
  if (!available || dismissed) return null;
  return (
    <div
      role="status"
      className={cn(
        'fixed right-4 left-4 z-[94] flex animate-slide-in-right items-center gap-3 rounded-lg border bg-popover px-4 py-3 shadow-lg sm:left-auto sm:w-96',
        // Stay clear of the offline strip.
        online ? 'bottom-4' : 'bottom-14',
      )}
    >
      <RefreshCw className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="flex-1 text-sm">A new version of Flowmind is available</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-primary px-3 py-1.5 font-medium text-primary-foreground text-xs hover:bg-primary-hover"
      >
        Reload
      </button>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        className="-m-1 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        aria-label="Dismiss"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
