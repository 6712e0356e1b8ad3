import { withoutEmptyBlockIds } from '@flowmind/shared/note-block-ids';
import { EMPTY_NOTE_DOC, NOTE_FRAGMENT, type NoteDoc, noteSchema } from '@flowmind/shared/note-doc';
import { markdownToDoc } from '@flowmind/shared/note-markdown';
import { docToText } from '@flowmind/shared/note-text';
import { prosemirrorJSONToYXmlFragment, yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import type { Logger } from 'pino';
import * as Y from 'yjs';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type ChangeBus, topics } from '../live/change-bus';
import { createNoteDocRepository } from './note-doc.repository';

/**
 * The Yjs documents of notes: the one place that reads and writes a note's document.
 *
 * Storage: `notes.ydoc` holds a compacted state; `note_updates` the updates since, one row each.
 * Every change is a row first (written before it is acknowledged or sent to anyone), so nothing
 * acknowledged is lost. A process keeps one Y.Doc per note someone has open; other processes learn
 * of a new row from the change bus (`noteDoc:{noteId}:{rowId}`) and read it from the table.
 * The reading columns (`content`, `text`, `updated_at`) are derived from the Y.Doc shortly after
 * changes, and an 'auto' version is taken at most once per AUTO_VERSION_MS of activity.
 */

export const AUTO_VERSION_MS = 10 * 60_000;
/** Updates kept as rows before they are folded into `notes.ydoc`. */
const COMPACT_AFTER = 200;

export type NoteDocListener = (update: Uint8Array, origin: unknown) => void;

type OpenDoc = {
  noteId: string;
  accountId: string;
  doc: Y.Doc;
  users: number;
  /** Highest row id this doc has seen, and the recent row ids applied (dedupe of catch-up reads). */
  lastSeen: number;
  applied: Set<number>;
  rowsSinceCompact: number;
  listeners: Set<NoteDocListener>;
  derived: string;
  deriveTimer: NodeJS.Timeout | null;
  deriving: Promise<void> | null;
  /** Who changed it last, for the auto version's author. */
  lastEditor: string | null;
  catchingUp: Promise<void> | null;
  catchUpAgain: boolean;
};

export const toBase64 = (data: Uint8Array) => Buffer.from(data).toString('base64');
export const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** The document of a Y.Doc as TipTap JSON. */
export function docJson(doc: Y.Doc): NoteDoc {
  const json = withoutEmptyBlockIds(yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(NOTE_FRAGMENT)) as NoteDoc);
  return json.content && json.content.length > 0 ? json : structuredClone(EMPTY_NOTE_DOC);
}

/** A fresh Yjs state holding a document (for new notes). */
export function stateFromJson(json: NoteDoc): Uint8Array {
  const doc = new Y.Doc();
  prosemirrorJSONToYXmlFragment(noteSchema, json, doc.getXmlFragment(NOTE_FRAGMENT));
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}

/** The reading columns of a document: search text without the headline's sentinel characters. */
export function textOf(json: NoteDoc): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the headline markers must not occur in stored text
  return docToText(json).replace(/[\u0001\u0002]/g, '');
}

export function createNoteDocs({
  db,
  bus,
  logger,
  deriveDelayMs = 800,
}: {
  db: Db;
  bus: ChangeBus;
  logger: Logger;
  deriveDelayMs?: number;
}) {
  const store = createNoteDocRepository(db);
  const open = new Map<string, OpenDoc>();
  const loading = new Map<string, Promise<OpenDoc>>();
  let closed = false;

  async function load(noteId: string): Promise<OpenDoc> {
    // Rows first, then the state: a compaction in between only moves rows into the state.
    const rows = await store.updates(noteId, null);
    const note = await store.state(noteId);
    if (!note) throw new Error(`note ${noteId} not found`);
    const doc = new Y.Doc();
    if (note.ydoc) Y.applyUpdate(doc, note.ydoc);
    for (const row of rows) Y.applyUpdate(doc, row.update);
    if (!note.ydoc && rows.length === 0) {
      // A note from before the editor: its document starts from its content or Markdown.
      const json = note.content ?? (note.markdown ? markdownToDoc(note.markdown) : EMPTY_NOTE_DOC);
      prosemirrorJSONToYXmlFragment(noteSchema, json, doc.getXmlFragment(NOTE_FRAGMENT));
      if (!(await store.seed(noteId, Y.encodeStateAsUpdate(doc)))) {
        // Another process seeded it first: use theirs.
        doc.destroy();
        return load(noteId);
      }
    }
    const lastSeen = Math.max(note.ydocThrough, ...rows.map((r) => r.id), 0);
    const entry: OpenDoc = {
      noteId,
      accountId: note.accountId,
      doc,
      users: 0,
      lastSeen,
      applied: new Set(rows.map((r) => r.id)),
      rowsSinceCompact: rows.length,
      listeners: new Set(),
      derived: JSON.stringify(note.content ?? null),
      deriveTimer: null,
      deriving: null,
      lastEditor: null,
      catchingUp: null,
      catchUpAgain: false,
    };
    return entry;
  }

  /** The open document of a note, loading it if this process has not yet. */
  async function acquire(noteId: string): Promise<OpenDoc> {
    const existing = open.get(noteId);
    if (existing) {
      existing.users++;
      return existing;
    }
    let pending = loading.get(noteId);
    if (!pending) {
      pending = load(noteId).finally(() => loading.delete(noteId));
      loading.set(noteId, pending);
    }
    const entry = await pending;
    const current = open.get(noteId) ?? entry;
    if (!open.has(noteId)) open.set(noteId, entry);
    current.users++;
    return current;
  }

  async function release(entry: OpenDoc) {
    entry.users--;
    if (entry.users > 0) return;
    await flushDerive(entry);
    if (entry.users > 0 || open.get(entry.noteId) !== entry) return;
    open.delete(entry.noteId);
    if (entry.rowsSinceCompact > 20) await compact(entry.noteId).catch((error) => logError(error, 'compact'));
    entry.doc.destroy();
  }

  const logError = (error: unknown, what: string) => logger.error({ err: error }, `note document ${what} failed`);

  function noteApplied(entry: OpenDoc, id: number) {
    entry.applied.add(id);
    entry.lastSeen = Math.max(entry.lastSeen, id);
    entry.rowsSinceCompact++;
    if (entry.applied.size > 2000) {
      const keep = [...entry.applied].slice(-1000);
      entry.applied = new Set(keep);
    }
  }

  function afterChange(entry: OpenDoc, id: number, update: Uint8Array, origin: unknown) {
    for (const listener of entry.listeners) listener(update, origin);
    bus.publish([`noteDoc:${entry.noteId}:${id}`]);
    scheduleDerive(entry);
    if (entry.rowsSinceCompact >= COMPACT_AFTER) {
      entry.rowsSinceCompact = 0;
      compact(entry.noteId).catch((error) => logError(error, 'compact'));
    }
  }

  /** An update from an editor: saved, then applied, then sent to the note's other listeners. */
  async function applyUpdate(
    entry: OpenDoc,
    update: Uint8Array,
    { origin, userId }: { origin: unknown; userId: string | null },
  ): Promise<boolean> {
    const id = await store.append(entry.noteId, update);
    if (id === null) return false;
    noteApplied(entry, id);
    entry.lastEditor = userId ?? entry.lastEditor;
    Y.applyUpdate(entry.doc, update, origin);
    afterChange(entry, id, update, origin);
    return true;
  }

  /**
   * A change made by the server (restore, import, task tick, flows, duplicate): `change` gets the
   * current document and returns the new one (or null to leave it), which is written into the
   * Y.Doc as a diff so open editors merge it with what they are typing.
   */
  async function edit<T>(
    noteId: string,
    change: (current: NoteDoc) => { doc: NoteDoc; result: T } | null,
    { userId = null }: { userId?: string | null } = {},
  ): Promise<{ result: T; doc: NoteDoc } | null> {
    const entry = await acquire(noteId);
    try {
      const next = change(docJson(entry.doc));
      if (!next) return null;
      const updates: Uint8Array[] = [];
      const collect = (update: Uint8Array) => updates.push(update);
      entry.doc.on('update', collect);
      try {
        entry.doc.transact(() => {
          prosemirrorJSONToYXmlFragment(noteSchema, next.doc, entry.doc.getXmlFragment(NOTE_FRAGMENT));
        }, 'server');
      } finally {
        entry.doc.off('update', collect);
      }
      if (updates.length > 0) {
        const update = Y.mergeUpdates(updates);
        const id = await store.append(noteId, update).catch((error) => {
          evict(entry);
          throw error;
        });
        if (id === null) {
          evict(entry);
          return null;
        }
        noteApplied(entry, id);
        entry.lastEditor = userId ?? entry.lastEditor;
        afterChange(entry, id, update, 'server');
      }
      await deriveNow(entry);
      return { result: next.result, doc: docJson(entry.doc) };
    } finally {
      await release(entry);
    }
  }

  /** Drops a document whose memory may be ahead of the database; the next use reloads it. */
  function evict(entry: OpenDoc) {
    if (open.get(entry.noteId) === entry) open.delete(entry.noteId);
  }

  function scheduleDerive(entry: OpenDoc) {
    if (entry.deriveTimer) return;
    // A long document costs more to convert, store and index: it is derived less often while
    // typing (about 2.8 s for 400 KB of JSON, at most 5 s; the Yjs rows are saved at once anyway).
    const delay = Math.min(5000, deriveDelayMs + Math.floor(entry.derived.length / 100_000) * 500);
    entry.deriveTimer = setTimeout(() => {
      entry.deriveTimer = null;
      deriveNow(entry).catch((error) => logError(error, 'derive'));
    }, delay);
  }

  async function flushDerive(entry: OpenDoc) {
    if (entry.deriveTimer) {
      clearTimeout(entry.deriveTimer);
      entry.deriveTimer = null;
      await deriveNow(entry).catch((error) => logError(error, 'derive'));
    }
    await entry.deriving;
  }

  /** Writes content, text and updated_at from the Y.Doc if the document changed; takes an auto version when due. */
  async function deriveNow(entry: OpenDoc): Promise<void> {
    if (entry.deriving) {
      await entry.deriving;
    }
    const json = docJson(entry.doc);
    const serialized = JSON.stringify(json);
    if (serialized === entry.derived) return;
    entry.deriving = (async () => {
      const text = textOf(json);
      const accountId = await store.writeDerived({
        noteId: entry.noteId,
        content: serialized,
        text,
        editor: entry.lastEditor,
        versionEveryMs: AUTO_VERSION_MS,
      });
      entry.derived = serialized;
      if (accountId) bus.publish([topics.notes(accountId), topics.note(entry.noteId)]);
    })().finally(() => {
      entry.deriving = null;
    });
    await entry.deriving;
  }

  const compact = (noteId: string) => store.compact(noteId);

  /** Another process wrote a row: read what this doc has not seen and pass it on. */
  function catchUp(entry: OpenDoc) {
    if (entry.catchingUp) {
      entry.catchUpAgain = true;
      return;
    }
    entry.catchingUp = (async () => {
      const rows = await store.updates(entry.noteId, entry.lastSeen);
      const fresh = rows.filter((r) => !entry.applied.has(r.id));
      const note = await store.compacted(entry.noteId);
      const updates = fresh.map((r) => r.update);
      if (note?.ydoc && note.ydocThrough > entry.lastSeen) updates.push(note.ydoc);
      for (const row of fresh) noteApplied(entry, row.id);
      if (note) entry.lastSeen = Math.max(entry.lastSeen, note.ydocThrough);
      if (updates.length === 0) return;
      const before = Y.encodeStateVector(entry.doc);
      for (const update of updates) Y.applyUpdate(entry.doc, update, 'remote');
      const diff = Y.encodeStateAsUpdate(entry.doc, before);
      for (const listener of entry.listeners) listener(diff, 'remote');
    })()
      .catch((error) => logError(error, 'catch-up'))
      .finally(() => {
        entry.catchingUp = null;
        if (entry.catchUpAgain) {
          entry.catchUpAgain = false;
          catchUp(entry);
        }
      });
  }

  const unsubscribe = bus.subscribe((topic) => {
    if (!topic.startsWith('noteDoc:')) return;
    const [, noteId, rowId] = topic.split(':');
    const entry = open.get(noteId as string);
    if (!entry || entry.applied.has(Number(rowId))) return;
    catchUp(entry);
  });

  return {
    /** Inserts a new note whose Yjs state holds `content`. */
    async create({
      accountId,
      userId,
      title,
      tags = [],
      content,
      id = newId('nte'),
    }: {
      accountId: string;
      userId: string | null;
      title: string;
      tags?: string[];
      content: NoteDoc;
      /** A caller-chosen id (a flow step's, from its idempotency key): a note with it already is kept as it is. */
      id?: string;
    }): Promise<string> {
      await store.insert({
        id,
        accountId,
        userId,
        title,
        tags,
        content,
        text: textOf(content),
        state: stateFromJson(content),
      });
      bus.publish([topics.notes(accountId)]);
      return id;
    },
    acquire,
    release,
    applyUpdate,
    edit,
    /** The current document of a note (from memory when open here, else from the database). */
    async read(noteId: string): Promise<NoteDoc> {
      const entry = await acquire(noteId);
      try {
        return docJson(entry.doc);
      } finally {
        await release(entry);
      }
    },
    /** Forgets a note deleted for good. */
    forget(noteId: string) {
      const entry = open.get(noteId);
      if (!entry) return;
      open.delete(noteId);
      if (entry.deriveTimer) clearTimeout(entry.deriveTimer);
    },
    compact,
    isOpen: (noteId: string) => open.has(noteId),
    /** Derives every open document (before the process ends). */
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      await Promise.all([...open.values()].map((entry) => flushDerive(entry)));
    },
  };
}

export type NoteDocs = ReturnType<typeof createNoteDocs>;
export type OpenNoteDoc = Awaited<ReturnType<NoteDocs['acquire']>>;
