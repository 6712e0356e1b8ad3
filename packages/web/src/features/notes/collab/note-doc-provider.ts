import type { LiveNoteMessage, LiveNoteServerMessage } from '@flowmind/shared/live';
import { IndexeddbPersistence } from 'y-indexeddb';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { LiveChannel } from '../../live/live-client';
import { coalesceUpdates } from './coalesce-updates';

export type NoteDocStatus = 'loading' | 'saved' | 'saving' | 'offline';

/** What the provider needs of the live client (the app's `liveClient`; tests hand in their own). */
export type NoteLiveTransport = {
  attach(channel: LiveChannel): () => void;
  sendNote(message: LiveNoteMessage): boolean;
  isOpen(): boolean;
};

/** Local edits are sent at most this often (one message and one saved row per burst of typing). */
const SEND_DELAY_MS = 40;
/**
 * While the server is in step (so every change reaches it within SEND_DELAY_MS), changes are written to the
 * offline copy at most this often rather than each (y-indexeddb alone writes every update, about a millisecond
 * of the main thread each), and at once when the connection goes, the page is hidden or left, or the note closes.
 * Without the server, the offline copy is the only one, and every change is written at once.
 */
export const STORE_DELAY_MS = 250;
/**
 * The own caret (awareness) is sent at most this often, its last position always. Meanwhile others still see it
 * follow the typing: it is a position relative to the text, which moves with what is typed before it.
 */
export const CARET_SEND_DELAY_MS = 100;

export function toBase64(data: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const data = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
  return data;
}

/**
 * Keeps a note's Y.Doc in step with the server over the live socket (protocol in
 * @flowmind/shared/live) and, with `offline`, in IndexedDB, so edits made without a connection
 * survive a reload and are sent when the socket is back.
 *
 * Every local change is sent as a `note-update` with an id and stays unacknowledged until the
 * server has saved it ('saving'). After a reconnect the client opens the note again with its state
 * vector and sends everything the server is missing in one update: that covers the updates whose
 * ack never came as well as the edits made offline (Yjs merges duplicates).
 */
export class NoteDocProvider {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  status: NoteDocStatus = 'loading';
  /** True once the server's state has been merged in (or the local copy loaded, when offline). */
  synced = false;
  /** The note is in the trash: edits are not saved. */
  readOnly = false;
  /** Set when the server refused the note (gone, or no access). */
  error: string | null = null;

  private readonly pending = new Map<string, Uint8Array>();
  private outbox: Uint8Array[] = [];
  private sendTimer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private open = false;
  private serverSynced = false;
  private localLoaded: Promise<void>;
  private persistence: IndexeddbPersistence | null = null;
  private stored: ReturnType<typeof coalesceUpdates> | null = null;
  private awarenessChanged = new Set<number>();
  private awarenessTimer: ReturnType<typeof setTimeout> | undefined;
  private detach: () => void;
  private listeners = new Set<() => void>();
  private beforeRemote = new Set<() => void>();
  private destroyed = false;

  constructor(
    readonly noteId: string,
    {
      transport,
      offlineKey,
    }: {
      transport: NoteLiveTransport;
      /** IndexedDB name for the offline copy (per user and note); null keeps no offline copy. */
      offlineKey: string | null;
    },
  ) {
    this.transport = transport;
    if (offlineKey && typeof indexedDB !== 'undefined') {
      const persistence = new IndexeddbPersistence(offlineKey, this.doc);
      this.persistence = persistence;
      this.doc.off('update', persistence._storeUpdate);
      this.stored = coalesceUpdates({
        doc: this.doc,
        delayMs: STORE_DELAY_MS,
        skip: (origin) => origin === persistence,
        write: (update) => persistence._storeUpdate(update, this),
        coalesce: () => this.serverSynced,
      });
      globalThis.addEventListener?.('pagehide', this.onPageHide);
      globalThis.document?.addEventListener('visibilitychange', this.onPageHide);
      this.localLoaded = this.persistence.whenSynced.then(
        () => {
          // A copy from an earlier visit can be edited at once, even before the server answers.
          if (this.doc.getXmlFragment('default').length > 0 && !this.synced) {
            this.synced = true;
            this.emit();
          }
        },
        () => {},
      );
    } else {
      this.localLoaded = Promise.resolve();
    }
    this.doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    this.detach = transport.attach({
      onOpen: () => {
        this.open = true;
        void this.localLoaded.then(() => this.sendOpen());
        this.refresh();
      },
      onClose: () => {
        this.open = false;
        this.serverSynced = false;
        this.stored?.flush();
        this.refresh();
      },
      onMessage: (message) => this.receive(message),
    });
  }

  private readonly transport: NoteLiveTransport;

  /** Calls `listener` whenever status, synced, readOnly or error change. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Calls `listener` just before a change from the server is applied to the document. The editor uses it
   * to turn typing the browser has already put on screen into its own change first, so the remote redraw
   * cannot overwrite it.
   */
  onBeforeRemoteUpdate(listener: () => void): () => void {
    this.beforeRemote.add(listener);
    return () => this.beforeRemote.delete(listener);
  }

  private applyRemote(update: string) {
    for (const listener of this.beforeRemote) listener();
    Y.applyUpdate(this.doc, fromBase64(update), this);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  private refresh() {
    const unsaved = this.pending.size > 0 || this.outbox.length > 0;
    let next: NoteDocStatus;
    if (!this.open) next = this.synced ? 'offline' : 'loading';
    else if (!this.serverSynced) next = this.synced ? 'saving' : 'loading';
    else next = unsaved ? 'saving' : 'saved';
    if (next !== this.status) {
      this.status = next;
      this.emit();
    }
  }

  private sendOpen() {
    if (this.destroyed || !this.open) return;
    this.transport.sendNote({
      type: 'note-open',
      noteId: this.noteId,
      stateVector: toBase64(Y.encodeStateVector(this.doc)),
    });
  }

  private onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this || this.destroyed) return;
    // Changes loaded from IndexedDB, or typed before the server answered, go in the sync's diff.
    if ((this.persistence && origin === this.persistence) || !this.serverSynced) return this.refresh();
    if (this.readOnly) return;
    this.outbox.push(update);
    if (!this.sendTimer) this.sendTimer = setTimeout(this.flush, SEND_DELAY_MS);
    this.refresh();
  };

  private flush = () => {
    clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
    if (this.outbox.length === 0 || !this.serverSynced) return;
    const update = this.outbox.length === 1 ? (this.outbox[0] as Uint8Array) : Y.mergeUpdates(this.outbox);
    this.outbox = [];
    this.sendUpdate(update);
  };

  private sendUpdate(update: Uint8Array) {
    const updateId = `${this.doc.clientID}-${this.nextId++}`;
    this.pending.set(updateId, update);
    this.transport.sendNote({ type: 'note-update', noteId: this.noteId, updateId, update: toBase64(update) });
    this.refresh();
  }

  /**
   * Whether a change made here waits for the server: held back, or sent and not acknowledged. (Changes made before
   * the server answered are kept offline and go with the next sync.)
   */
  get unsaved(): boolean {
    return this.pending.size > 0 || this.outbox.length > 0;
  }

  /** The page may be going: what is held back for the server and the offline copy goes now. */
  saveNow = () => {
    this.onPageHide();
  };

  private onPageHide = () => {
    this.flush();
    this.stored?.flush();
  };

  private onAwarenessUpdate = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    if (origin !== 'local' || !this.serverSynced || this.destroyed) return;
    for (const client of [...added, ...updated, ...removed]) this.awarenessChanged.add(client);
    this.awarenessTimer ??= setTimeout(this.sendAwareness, CARET_SEND_DELAY_MS);
  };

  private sendAwareness = () => {
    clearTimeout(this.awarenessTimer);
    this.awarenessTimer = undefined;
    if (this.awarenessChanged.size === 0 || !this.serverSynced) return;
    const changed = [...this.awarenessChanged];
    this.awarenessChanged.clear();
    this.transport.sendNote({
      type: 'note-awareness',
      noteId: this.noteId,
      update: toBase64(encodeAwarenessUpdate(this.awareness, changed)),
    });
  };

  private receive(message: LiveNoteServerMessage) {
    if (message.noteId !== this.noteId || this.destroyed) return;
    switch (message.type) {
      case 'note-sync': {
        this.applyRemote(message.update);
        this.readOnly = message.readOnly;
        this.error = null;
        this.serverSynced = true;
        this.synced = true;
        // Everything the server lacks (offline edits, updates whose ack was lost) in one update.
        this.pending.clear();
        this.outbox = [];
        clearTimeout(this.sendTimer);
        this.sendTimer = undefined;
        const missing = Y.encodeStateAsUpdate(this.doc, fromBase64(message.stateVector));
        if (!this.readOnly && hasNews(missing, fromBase64(message.update))) this.sendUpdate(missing);
        if (this.awareness.getLocalState() !== null) {
          this.awarenessChanged.add(this.doc.clientID);
          this.sendAwareness();
        }
        this.emit();
        break;
      }
      case 'note-update':
        this.applyRemote(message.update);
        break;
      case 'note-ack':
        this.pending.delete(message.updateId);
        break;
      case 'note-awareness':
        applyAwarenessUpdate(this.awareness, fromBase64(message.update), this);
        break;
      case 'note-error':
        if (message.updateId) this.pending.delete(message.updateId);
        if (message.code === 'forbidden') this.readOnly = true;
        else if (!message.updateId) this.error = message.message;
        this.emit();
        break;
    }
    this.refresh();
  }

  /** Waits until every local change is saved by the server (or the timeout passes). */
  async whenSaved(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.status === 'saved') return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  destroy() {
    if (this.destroyed) return;
    this.flush();
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.sendAwareness();
    this.destroyed = true;
    clearTimeout(this.sendTimer);
    this.transport.sendNote({ type: 'note-close', noteId: this.noteId });
    this.detach();
    this.doc.off('update', this.onDocUpdate);
    this.awareness.destroy();
    // Let IndexedDB finish writing what it has before letting go of the document.
    this.stored?.stop();
    globalThis.removeEventListener?.('pagehide', this.onPageHide);
    globalThis.document?.removeEventListener('visibilitychange', this.onPageHide);
    const persistence = this.persistence;
    const doc = this.doc;
    if (persistence) void persistence.destroy().finally(() => doc.destroy());
    else doc.destroy();
    this.listeners.clear();
    this.beforeRemote.clear();
  }
}

/**
 * Whether `update` holds something the server lacks: content past its state vector, or a deletion it has not
 * made. Every Yjs update carries its document's whole delete set, so the diff against the server's state vector
 * lists again every deletion ever made in the note (typing "# " for a heading is one): sending it would save an
 * unchanged note each time it is opened. `serverUpdate` (the note-sync's) carries the server's delete set.
 */
export function hasNews(update: Uint8Array, serverUpdate: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  if (structs.length > 0) return true;
  if (ds.clients.size === 0) return false;
  const known = Y.decodeUpdate(serverUpdate).ds.clients;
  for (const [client, deletions] of ds.clients) {
    const serverDeletions = [...(known.get(client) ?? [])].sort((a, b) => a.clock - b.clock);
    for (const deletion of deletions) {
      if (!covers(serverDeletions, deletion.clock, deletion.clock + deletion.len)) return true;
    }
  }
  return false;
}

/** Whether the ranges (sorted by clock) cover every clock in [from, end). */
function covers(ranges: { clock: number; len: number }[], from: number, end: number): boolean {
  let next = from;
  for (const range of ranges) {
    if (range.clock > next) break;
    next = Math.max(next, range.clock + range.len);
    if (next >= end) return true;
  }
  return next >= end;
}
