import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '../lib/cn';
import { useStore } from '../lib/create-store';
import { type AlertKind, alertStore, alerts } from './alert-store';

const icons: Record<AlertKind, typeof Info> = { error: CircleAlert, success: CircleCheck, info: Info };
const iconColors: Record<AlertKind, string> = {
  error: 'text-destructive',
  success: 'text-success',
  info: 'text-primary',
};

/** Top-right alerts (spec §8); errors are announced assertively, the rest politely. */
export function Alerts() {
  const items = useStore(alertStore);
  return (
    <div className="pointer-events-none fixed top-4 right-4 left-4 z-[95] flex flex-col items-end gap-2 sm:left-auto sm:w-96">
      {items.map((item) => {
        const Icon = icons[item.kind];
        return (
          <div
            key={item.id}
            role={item.kind === 'error' ? 'alert' : 'status'}
            className="pointer-events-auto flex w-full animate-slide-in-right items-start gap-3 rounded-lg border bg-popover px-4 py-3 shadow-lg"
          >
            <Icon className={cn('mt-0.5 size-4 shrink-0', iconColors[item.kind])} aria-hidden="true" />
            <p className="min-w-0 flex-1 break-words text-sm">{item.message}</p>
            <button
              type="button"
              onClick={() => alerts.dismiss(item.id)}
              className="-m-1 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
              aria-label="Dismiss"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
