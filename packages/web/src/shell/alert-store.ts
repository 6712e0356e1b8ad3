import { createStore } from '../lib/create-store';

/** Spec §9: alerts stay for 5000 ms. */
export const ALERT_DURATION_MS = 5000;

export type AlertKind = 'error' | 'success' | 'info';
export type AlertItem = { id: number; kind: AlertKind; message: string };

export const alertStore = createStore<AlertItem[]>([]);

/**
 * How far down the page the alerts start, in px: a screen whose own header carries its main actions (the flow
 * editor's Run, Publish, on/off) keeps the alerts below it, so an alert never hides what it reports on.
 */
export const alertsTopStore = createStore(0);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  alertStore.set((items) => items.filter((item) => item.id !== id));
}

function push(kind: AlertKind, message: string) {
  const id = nextId++;
  // Identical alerts in a burst (a retrying request, a double click) show once.
  const items = alertStore.get().filter((item) => !(item.kind === kind && item.message === message));
  alertStore.set([...items.slice(-3), { id, kind, message }]);
  timers.set(
    id,
    setTimeout(() => dismiss(id), ALERT_DURATION_MS),
  );
  return id;
}

export const alerts = {
  error: (message: string) => push('error', message),
  success: (message: string) => push('success', message),
  info: (message: string) => push('info', message),
  dismiss,
};
