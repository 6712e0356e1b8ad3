import { AppError } from '@flowmind/shared/errors';
import type { LiveClientMessage, LiveNoteMessage, LiveServerMessage } from '@flowmind/shared/live';
import type { Logger } from 'pino';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { type ChangeBus, topics } from '../live/change-bus';
import type { LiveChannel } from '../live/live-hub';
import type { NoteService } from './note.service';
import { fromBase64, type NoteDocs, type OpenNoteDoc, toBase64 } from './note-docs';

/** One note open on one socket. */
type Session = {
  room: Room;
  readOnly: boolean;
  send(message: LiveServerMessage): void;
  /** Awareness client ids this socket announced (removed when it goes). */
  clients: Set<number>;
  /** Messages of one session are handled in order. */
  queue: Promise<void>;
  /** When access to the note was last confirmed (open, update, a membership change). */
  verifiedAt: number;
};

/** Cursor moves are many and never stored: access confirmed this recently covers them. */
const AWARENESS_RECHECK_MS = 1000;

/** A note open on at least one socket of this process. */
type Room = {
  noteId: string;
  entry: OpenNoteDoc;
  awareness: Awareness;
  sessions: Set<Session>;
  stop(): void;
};

/**
 * The note-document channel of the live socket (protocol in @flowmind/shared/live): opening a note
 * checks access like the REST routes (member of its account; trashed notes are read-only), and
 * every update is saved by NoteDocs before it is acknowledged or passed on. A change to the
 * user's memberships checks their open notes again: one who lost access is closed out at once.
 */
export function noteCollabChannel({
  docs,
  notes,
  bus,
  logger,
}: {
  docs: NoteDocs;
  notes: NoteService;
  bus: ChangeBus;
  logger: Logger;
}): LiveChannel {
  const rooms = new Map<string, Room>();
  const opening = new Map<string, Promise<Room>>();

  // Cursors cross processes through the bus (never stored); documents go through NoteDocs.
  const AWARENESS = 'note-awareness';
  const relayAwareness = (noteId: string, update: string) => bus.relay(AWARENESS, JSON.stringify({ noteId, update }));
  bus.onRelay(AWARENESS, (text) => {
    try {
      const { noteId, update } = JSON.parse(text) as { noteId: string; update: string };
      const room = rooms.get(noteId);
      if (!room) return;
      applyAwarenessUpdate(room.awareness, fromBase64(update), 'relay');
      for (const session of room.sessions) session.send({ type: 'note-awareness', noteId, update });
    } catch (error) {
      logger.warn({ err: error }, 'a relayed cursor update was unreadable');
    }
  });

  async function roomOf(noteId: string): Promise<Room> {
    const existing = rooms.get(noteId);
    if (existing) return existing;
    let pending = opening.get(noteId);
    if (!pending) {
      pending = (async () => {
        const entry = await docs.acquire(noteId);
        const awareness = new Awareness(entry.doc);
        // The server has no cursor of its own.
        awareness.setLocalState(null);
        const room: Room = {
          noteId,
          entry,
          awareness,
          sessions: new Set(),
          stop: () => {},
        };
        const listener = (update: Uint8Array, origin: unknown) => {
          const message = { type: 'note-update' as const, noteId, update: toBase64(update) };
          for (const session of room.sessions) if (session !== origin) session.send(message);
        };
        entry.listeners.add(listener);
        room.stop = () => {
          entry.listeners.delete(listener);
          awareness.destroy();
        };
        rooms.set(noteId, room);
        return room;
      })().finally(() => opening.delete(noteId));
      opening.set(noteId, pending);
    }
    return pending;
  }

  async function leave(session: Session) {
    const { room } = session;
    if (!room.sessions.delete(session)) return;
    if (session.clients.size > 0) {
      const gone = [...session.clients];
      removeAwarenessStates(room.awareness, gone, 'closed');
      const update = toBase64(encodeAwarenessUpdate(room.awareness, gone));
      for (const other of room.sessions) other.send({ type: 'note-awareness', noteId: room.noteId, update });
      relayAwareness(room.noteId, update);
    }
    await dropIfEmpty(room);
  }

  async function dropIfEmpty(room: Room) {
    if (room.sessions.size === 0 && rooms.get(room.noteId) === room) {
      rooms.delete(room.noteId);
      room.stop();
      await docs.release(room.entry);
    }
  }

  return {
    types: ['note-open', 'note-update', 'note-awareness', 'note-close'],
    connect({ userId, send }) {
      const sessions = new Map<string, Session>();
      let closed = false;
      const fail = (noteId: string, error: unknown, updateId?: string) => {
        const appError = error instanceof AppError ? error : null;
        if (!appError) logger.error({ err: error, noteId }, 'note socket message failed');
        send({
          type: 'note-error',
          noteId,
          code: appError?.code ?? 'internal',
          message: appError?.message ?? 'The note could not be saved',
          ...(updateId ? { updateId } : {}),
        });
      };

      async function open(message: Extract<LiveNoteMessage, { type: 'note-open' }>) {
        const note = await notes.requireNote(message.noteId, userId);
        const readOnly = note.deleted_at !== null;
        let session = sessions.get(note.id);
        if (!session) {
          const room = await roomOf(note.id);
          if (closed) return dropIfEmpty(room);
          session = sessions.get(note.id) ?? {
            room,
            readOnly,
            send,
            clients: new Set(),
            queue: Promise.resolve(),
            verifiedAt: Date.now(),
          };
          sessions.set(note.id, session);
          room.sessions.add(session);
        }
        session.readOnly = readOnly;
        session.verifiedAt = Date.now();
        const { doc } = session.room.entry;
        const update = Y.encodeStateAsUpdate(doc, fromBase64(message.stateVector));
        send({
          type: 'note-sync',
          noteId: note.id,
          update: toBase64(update),
          stateVector: toBase64(Y.encodeStateVector(doc)),
          readOnly,
        });
        const states = [...session.room.awareness.getStates().keys()];
        if (states.length > 0) {
          send({
            type: 'note-awareness',
            noteId: note.id,
            update: toBase64(encodeAwarenessUpdate(session.room.awareness, states)),
          });
        }
      }

      async function update(session: Session, message: Extract<LiveNoteMessage, { type: 'note-update' }>) {
        if (session.readOnly) throw new AppError('forbidden', 'This note is in the trash; restore it to edit');
        // Access is checked on every update, not only at open: a removal heard late (from another
        // process) must not let an edit through in between.
        await verify(session);
        if (session.readOnly) throw new AppError('forbidden', 'This note is in the trash; restore it to edit');
        const bytes = fromBase64(message.update);
        try {
          Y.decodeUpdate(bytes);
        } catch {
          throw new AppError('bad_request', 'Invalid document update');
        }
        const saved = await docs.applyUpdate(session.room.entry, bytes, { origin: session, userId });
        if (!saved) {
          session.readOnly = true;
          throw new AppError('forbidden', 'This note is in the trash; restore it to edit');
        }
        send({ type: 'note-ack', noteId: message.noteId, updateId: message.updateId });
      }

      function awareness(session: Session, message: Extract<LiveNoteMessage, { type: 'note-awareness' }>) {
        const bytes = fromBase64(message.update);
        const { room } = session;
        const onChange = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }) => {
          for (const id of [...added, ...updated]) session.clients.add(id);
          for (const id of removed) session.clients.delete(id);
        };
        room.awareness.on('change', onChange);
        try {
          applyAwarenessUpdate(room.awareness, bytes, session);
        } finally {
          room.awareness.off('change', onChange);
        }
        for (const other of room.sessions) {
          if (other !== session) other.send({ type: 'note-awareness', noteId: room.noteId, update: message.update });
        }
        relayAwareness(room.noteId, message.update);
      }

      /** Confirms the user may still reach the session's note; one they lost is closed on this socket. */
      async function verify(session: Session) {
        let note: Awaited<ReturnType<NoteService['requireNote']>>;
        try {
          note = await notes.requireNote(session.room.noteId, userId);
        } catch (error) {
          if (error instanceof AppError) closeOut(session);
          throw error;
        }
        session.readOnly = note.deleted_at !== null;
        session.verifiedAt = Date.now();
      }

      /** Takes a note the user lost off this socket (later messages for it are refused as unopened). */
      function closeOut(session: Session) {
        const { noteId } = session.room;
        if (sessions.get(noteId) !== session) return;
        sessions.delete(noteId);
        leave(session).catch((error) => logger.error({ err: error }, 'note leave failed'));
      }

      /** Open notes the user may no longer reach are closed, with the reason, on this socket. */
      async function recheck() {
        for (const [noteId, session] of sessions) {
          try {
            const note = await notes.requireNote(noteId, userId);
            session.readOnly = note.deleted_at !== null;
            session.verifiedAt = Date.now();
          } catch (error) {
            if (!(error instanceof AppError) || sessions.get(noteId) !== session) continue;
            sessions.delete(noteId);
            session.queue = session.queue.then(() => leave(session)).catch(() => {});
            fail(noteId, error);
          }
        }
      }
      const userTopic = topics.user(userId);
      const unsubscribe = bus.subscribe((topic) => {
        if (topic === userTopic && sessions.size > 0)
          recheck().catch((error) => logger.error({ err: error }, 'note access check failed'));
      });

      return {
        receive(raw: LiveClientMessage) {
          const message = raw as LiveNoteMessage;
          const { noteId } = message;
          if (message.type === 'note-open') {
            open(message).catch((error) => fail(noteId, error));
            return;
          }
          const session = sessions.get(noteId);
          if (!session) {
            if (message.type !== 'note-close')
              fail(
                noteId,
                new AppError('not_found', 'Open the note first'),
                'updateId' in message ? message.updateId : undefined,
              );
            return;
          }
          if (message.type === 'note-close') {
            sessions.delete(noteId);
            session.queue = session.queue.then(() => leave(session)).catch((error) => fail(noteId, error));
            return;
          }
          if (message.type === 'note-awareness') {
            const relay = () => {
              try {
                awareness(session, message);
              } catch {
                fail(noteId, new AppError('bad_request', 'Invalid awareness update'));
              }
            };
            if (Date.now() - session.verifiedAt < AWARENESS_RECHECK_MS) return relay();
            // Relayed after a fresh access check; y-protocols drops a cursor older than one it has,
            // so one relayed at once overtaking this one does no harm.
            session.queue = session.queue
              .then(async () => {
                if (sessions.get(noteId) !== session) throw new AppError('not_found', 'Open the note first');
                await verify(session);
                relay();
              })
              .catch((error) => fail(noteId, error));
            return;
          }
          session.queue = session.queue
            .then(() => update(session, message))
            .catch((error) => fail(noteId, error, message.updateId));
        },
        close() {
          closed = true;
          unsubscribe();
          for (const session of sessions.values()) {
            session.queue
              .then(() => leave(session))
              .catch((error) => logger.error({ err: error }, 'note leave failed'));
          }
          sessions.clear();
        },
      };
    },
  };
}
