import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { coalesceUpdates } from './coalesce-updates';

describe('coalescing a document’s updates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes a burst of typing once, merged, and everything in it', () => {
    const doc = new Y.Doc();
    const written: Uint8Array[] = [];
    const skipped = Symbol('loaded');
    coalesceUpdates({
      doc,
      write: (update) => written.push(update),
      delayMs: 250,
      skip: (origin) => origin === skipped,
    });
    const text = doc.getText('t');
    for (const character of 'typed quickly') {
      text.insert(text.length, character);
      vi.advanceTimersByTime(10);
    }
    // What came from where it is written to is not written back.
    doc.transact(() => text.insert(0, '>'), skipped);
    expect(written).toHaveLength(0);
    vi.advanceTimersByTime(250 - 10 * 13);
    expect(written).toHaveLength(1);
    const copy = new Y.Doc();
    for (const update of written) Y.applyUpdate(copy, update);
    expect(copy.getText('t').toString()).toBe('typed quickly');
  });

  it('writes at once on flush and on stop, and nothing after stop', () => {
    const doc = new Y.Doc();
    const written: Uint8Array[] = [];
    const store = coalesceUpdates({ doc, write: (update) => written.push(update), delayMs: 250, skip: () => false });
    doc.getText('t').insert(0, 'a');
    store.flush();
    expect(written).toHaveLength(1);
    doc.getText('t').insert(1, 'b');
    store.stop();
    expect(written).toHaveLength(2);
    doc.getText('t').insert(2, 'c');
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('writes each update at once while it should not coalesce, after what it held', () => {
    const doc = new Y.Doc();
    // What the copy holds after each write.
    const written: string[] = [];
    const copy = new Y.Doc();
    let coalescing = true;
    coalesceUpdates({
      doc,
      write: (update) => {
        Y.applyUpdate(copy, update);
        written.push(copy.getText('t').toString());
      },
      delayMs: 250,
      skip: () => false,
      coalesce: () => coalescing,
    });
    const text = doc.getText('t');
    text.insert(0, 'a');
    text.insert(1, 'b');
    coalescing = false;
    text.insert(2, 'c');
    text.insert(3, 'd');
    expect(written).toEqual(['abc', 'abcd']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
