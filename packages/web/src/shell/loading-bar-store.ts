import { createStore } from '../lib/create-store';

/** Spec §9 loading-bar constants. */
export const LOADING_BAR = {
  color: '#4F1DED',
  errorColor: '#DC2626',
  height: 4,
  duration: 2000,
  throttle: 200,
  hideDelay: 500,
  resetDelay: 400,
} as const;

type LoadingBarState = { visible: boolean; progress: number; error: boolean };

export const loadingBarStore = createStore<LoadingBarState>({ visible: false, progress: 0, error: false });

let active = false;
let startedAt = 0;
let throttleTimer: ReturnType<typeof setTimeout> | undefined;
let tickTimer: ReturnType<typeof setInterval> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let resetTimer: ReturnType<typeof setTimeout> | undefined;

/** Approaches 100 % without reaching it, about 80 % after `duration`. */
const estimate = (elapsed: number) => (200 / Math.PI) * Math.atan((elapsed / LOADING_BAR.duration) * 2);

function clearTimers() {
  clearTimeout(throttleTimer);
  clearInterval(tickTimer);
  clearTimeout(hideTimer);
  clearTimeout(resetTimer);
}

function show() {
  loadingBarStore.set((s) => ({ ...s, visible: true, progress: estimate(Date.now() - startedAt) }));
  tickTimer = setInterval(() => {
    loadingBarStore.set((s) => ({ ...s, progress: estimate(Date.now() - startedAt) }));
  }, 100);
}

function complete() {
  loadingBarStore.set((s) => ({ ...s, visible: true, progress: 100 }));
  hideTimer = setTimeout(() => {
    loadingBarStore.set((s) => ({ ...s, visible: false }));
    resetTimer = setTimeout(
      () => loadingBarStore.set({ visible: false, progress: 0, error: false }),
      LOADING_BAR.resetDelay,
    );
  }, LOADING_BAR.hideDelay);
}

export const loadingBar = {
  start() {
    if (active) return;
    active = true;
    clearTimers();
    startedAt = Date.now();
    loadingBarStore.set({ visible: false, progress: 0, error: false });
    // Loads shorter than the throttle never flash a bar.
    throttleTimer = setTimeout(show, LOADING_BAR.throttle);
  },
  finish() {
    if (!active) return;
    active = false;
    const shown = loadingBarStore.get().visible;
    clearTimers();
    if (shown) complete();
    else loadingBarStore.set({ visible: false, progress: 0, error: false });
  },
  /** Ends the load in the error colour; always visible, since an error should not pass unnoticed. */
  error() {
    active = false;
    clearTimers();
    loadingBarStore.set((s) => ({ ...s, error: true }));
    complete();
  },
};
