import { z } from 'zod';

/** Spec §7: collection listeners are limited to 300 documents. */
export const LIVE_COLLECTION_LIMIT = 300;

/**
 * A path names what to listen to, Firestore-style: an even number of segments is a document
 * (`accounts/{id}`), an odd number a collection (`accounts`, `accounts/{id}/members`).
 */
export const LivePath = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'Invalid path');

/**
 * Note documents over the same socket (Yjs). Binary payloads are base64: an update or state
 * vector from `Y.encodeStateAsUpdate` / `Y.encodeStateVector`, an awareness update from
 * y-protocols. The protocol:
 * - `note-open` with the client's state vector → `note-sync`: what the client is missing and the
 *   server's state vector (the client then sends what the server is missing as a `note-update`),
 *   and `readOnly` for trashed notes. Sent again after every reconnect.
 * - `note-update` with a client-chosen `updateId` → saved in the database, then `note-ack` with
 *   that id, and `note-update` (without id) to every other socket that has the note open.
 * - `note-awareness`: cursors and names, passed to the note's other sockets, not stored.
 * - `note-close`. Errors come as `note-error` (with the `updateId` when an update was refused).
 */
export const NOTE_UPDATE_MAX_BASE64 = 6_000_000;
/** Our ids are letters, digits, `_` and `-`: nothing else (a NUL, a lone surrogate) reaches a query. */
const NoteId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid note id');
const Base64 = z
  .string()
  .max(NOTE_UPDATE_MAX_BASE64)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Invalid base64');

export const LiveNoteMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('note-open'), noteId: NoteId, stateVector: Base64 }),
  z.object({ type: z.literal('note-update'), noteId: NoteId, updateId: z.string().min(1).max(64), update: Base64 }),
  z.object({ type: z.literal('note-awareness'), noteId: NoteId, update: Base64.max(100_000) }),
  z.object({ type: z.literal('note-close'), noteId: NoteId }),
]);
export type LiveNoteMessage = z.infer<typeof LiveNoteMessage>;

export type LiveNoteServerMessage =
  | { type: 'note-sync'; noteId: string; update: string; stateVector: string; readOnly: boolean }
  | { type: 'note-update'; noteId: string; update: string }
  | { type: 'note-ack'; noteId: string; updateId: string }
  | { type: 'note-awareness'; noteId: string; update: string }
  | { type: 'note-error'; noteId: string; code: string; message: string; updateId?: string };

export const LiveClientMessage = z.discriminatedUnion('type', [
  ...LiveNoteMessage.options,
  z.object({
    type: z.literal('subscribe'),
    id: z.string().min(1).max(64),
    path: LivePath,
    limit: z.number().int().min(1).max(LIVE_COLLECTION_LIMIT).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), id: z.string().min(1).max(64) }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

export type LiveDoc = { id: string } & Record<string, unknown>;

export type LiveChange = { type: 'added' | 'modified' | 'removed'; doc: LiveDoc };

export type LiveServerMessage =
  | { type: 'snapshot'; id: string; docs: LiveDoc[] | null; changes: LiveChange[]; initial: boolean }
  | { type: 'error'; id?: string; code: string; message: string }
  | { type: 'pong' }
  | LiveNoteServerMessage;
