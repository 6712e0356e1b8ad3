import { Info, X } from 'lucide-react';
import { createStore, useStore } from '../../lib/create-store';
import { ALERT_DURATION_MS } from '../../shell/alert-store';

type ActionToast = { id: number; message: string; actionLabel: string; onAction: () => void };

const toastStore = createStore<ActionToast[]>([]);
let nextId = 1;

function dismiss(id: number) {
  toastStore.set((items) => items.filter((item) => item.id !== id));
}

/** An alert with one action (e.g. "Undo"); it stays a little longer than a plain alert so there is time to act. */
export function showActionToast({
  message,
  actionLabel = 'Undo',
  onAction,
}: {
  message: string;
  actionLabel?: string;
  onAction: () => void;
}) {
  const id = nextId++;
  toastStore.set((items) => [...items.slice(-2), { id, message, actionLabel, onAction }]);
  setTimeout(() => dismiss(id), ALERT_DURATION_MS * 2);
}

export function ActionToasts() {
  const items = useStore(toastStore);
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 left-4 z-[90] flex flex-col items-end gap-2 sm:left-auto sm:w-96">
      {items.map((item) => (
        <div
          key={item.id}
          role="status"
          className="pointer-events-auto flex w-full animate-slide-in-right items-center gap-3 rounded-lg border bg-popover px-4 py-3 shadow-lg"
        >
          <Info className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <p className="min-w-0 flex-1 break-words text-sm">{item.message}</p>
          <button
            type="button"
            className="rounded-md px-2 py-1 font-medium text-primary text-sm hover:bg-primary-soft"
            onClick={() => {
              dismiss(item.id);
              item.onAction();
            }}
          >
            {item.actionLabel}
          </button>
          <button
            type="button"
            onClick={() => dismiss(item.id)}
            className="-m-1 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
            aria-label="Dismiss"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
