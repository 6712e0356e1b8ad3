/** What the runner reads of an abort signal; an AbortSignal is one, and so is `RunAbort`. */
export type RunSignal = {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
};

/**
 * An abort signal for one run, without what an AbortController costs (an EventTarget per run,
 * several per webhook call): a run's steps get a real AbortSignal only when they read one.
 */
export class RunAbort implements RunSignal {
  aborted = false;
  reason: unknown = undefined;
  #listeners: Set<() => void> | null = null;
  get signal(): RunSignal {
    return this;
  }
  abort(reason?: unknown) {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#listeners;
    this.#listeners = null;
    if (listeners) for (const listener of listeners) listener();
  }
  addEventListener(_type: 'abort', listener: () => void) {
    if (this.aborted) return;
    this.#listeners ??= new Set();
    this.#listeners.add(listener);
  }
  removeEventListener(_type: 'abort', listener: () => void) {
    this.#listeners?.delete(listener);
  }
}

/** The run was cancelled: its step in flight is saved as cancelled and the execution ends so. */
export class Cancelled extends Error {}
/** Another worker holds the execution now (or this process shuts down): nothing more is written. */
export class LostClaim extends Error {}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleepUnlessAborted(ms: number, signal: RunSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
