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

export const LiveClientMessage = z.discriminatedUnion('type', [
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
  | { type: 'pong' };
