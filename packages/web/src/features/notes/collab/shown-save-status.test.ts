import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoteDocStatus } from './note-doc-provider';
import { SAVED_SHOWN_AFTER_MS, shownSaveStatus } from './shown-save-status';

/** A provider's status and its listeners, set by hand. */
function statusSource(status: NoteDocStatus) {
  const listeners = new Set<() => void>();
  return {
    status,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: NoteDocStatus) {
      this.status = next;
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
  };
}

describe('the save status as shown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows saving at once, and saved only once nothing was saved for a moment: typing re-renders it once, not twice a key', () => {
    const source = statusSource('saved');
    const shown = shownSaveStatus(source);
    let renders = 0;
    shown.subscribe(() => renders++);
    expect(shown.get()).toBe('saved');
    // Ten keystrokes, each saved 45 ms later, 60 ms apart.
    for (let key = 0; key < 10; key++) {
      source.set('saving');
      vi.advanceTimersByTime(45);
      source.set('saved');
      vi.advanceTimersByTime(15);
    }
    expect(shown.get()).toBe('saving');
    expect(renders).toBe(1);
    vi.advanceTimersByTime(SAVED_SHOWN_AFTER_MS - 16);
    expect(shown.get()).toBe('saving');
    vi.advanceTimersByTime(1);
    expect(shown.get()).toBe('saved');
    expect(renders).toBe(2);
  });

  it('shows offline and loading at once, and never saved while offline', () => {
    const source = statusSource('saved');
    const shown = shownSaveStatus(source);
    shown.subscribe(() => {});
    source.set('saving');
    source.set('offline');
    expect(shown.get()).toBe('offline');
    source.set('saving');
    source.set('saved');
    source.set('offline');
    vi.advanceTimersByTime(SAVED_SHOWN_AFTER_MS);
    expect(shown.get()).toBe('offline');
  });

  it('follows the provider only while someone looks, and starts from its status then', () => {
    const source = statusSource('loading');
    const shown = shownSaveStatus(source);
    source.set('saved');
    const stop = shown.subscribe(() => {});
    expect(shown.get()).toBe('saved');
    expect(source.listening()).toBe(1);
    source.set('saving');
    source.set('saved');
    stop();
    expect(source.listening()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
