import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { type RefObject, useEffect } from 'react';
import { cn } from '../lib/cn';
import { useStore } from '../lib/create-store';
import { type AlertKind, alertStore, alerts, alertsTopStore } from './alert-store';

const icons: Record<AlertKind, typeof Info> = { error: CircleAlert, success: CircleCheck, info: Info };
const iconColors: Record<AlertKind, string> = {
  error: 'text-destructive',
  success: 'text-success',
  info: 'text-primary',
};

// The bottom edge of each element the alerts keep clear of; the alerts start below the lowest.
const keptClear = new Map<HTMLElement, number>();
const placeAlerts = () => alertsTopStore.set(Math.max(0, ...keptClear.values()));

/**
 * While mounted, the alerts start below this element (a screen's header with its actions, a toolbar over the
 * content), whatever its height.
 */
export function useAlertsBelow(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const place = () => {
      keptClear.set(element, Math.round(element.getBoundingClientRect().bottom));
      placeAlerts();
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      keptClear.delete(element);
      placeAlerts();
    };
  }, [ref]);
}

/** Top-right alerts (spec §8); errors are announced assertively, the rest politely. */
export function Alerts() {
  const items = useStore(alertStore);
  const top = useStore(alertsTopStore);
  return (
    <div
      className="pointer-events-none fixed right-4 left-4 z-[95] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
      style={{ top: top + 16 }}
    >
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
