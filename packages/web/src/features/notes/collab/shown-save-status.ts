import type { NoteDocStatus } from './note-doc-provider';

/** How long the save state keeps showing 'saving' after the last change was saved, before it shows 'saved'. */
export const SAVED_SHOWN_AFTER_MS = 500;

type StatusSource = { readonly status: NoteDocStatus; subscribe(listener: () => void): () => void };

/**
 * The save status as shown: the provider's, except that going from 'saving' to 'saved' waits
 * SAVED_SHOWN_AFTER_MS (and is called off if saving starts again meanwhile). Typing saves every few
 * dozen milliseconds, so the provider's status flips twice a keystroke; shown as is, every flip
 * re-renders the save state and swaps its icon. Showing 'saving' a little longer is never untrue.
 */
export function shownSaveStatus(source: StatusSource, delayMs = SAVED_SHOWN_AFTER_MS) {
  let shown = source.status;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopSource: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const show = (next: NoteDocStatus) => {
    if (next === shown) return;
    shown = next;
    for (const listener of listeners) listener();
  };
  const follow = () => {
    const actual = source.status;
    if (actual === 'saved' && shown === 'saving') {
      timer ??= setTimeout(() => {
        timer = undefined;
        show(source.status);
      }, delayMs);
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    show(actual);
  };

  return {
    get: () => shown,
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) {
        shown = source.status;
        stopSource = source.subscribe(follow);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stopSource?.();
        stopSource = null;
        clearTimeout(timer);
        timer = undefined;
      };
    },
  };
}
