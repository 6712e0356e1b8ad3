import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accounts, users } from './schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Notes of an account. The document's truth is its Yjs state (`ydoc`, compacted, plus the rows of
 * `note_updates` after `ydoc_through`); `content` (TipTap JSON) and `text` are derived from it for
 * reading, search and export. `markdown` is what flows wrote before the editor existed: a note
 * without a Yjs state starts from it. The `search` tsvector (title A, text B) and its GIN index
 * are in the migration's SQL (drizzle has no tsvector type).
 */
export const notes = pgTable(
  'notes',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    markdown: text('markdown').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    content: jsonb('content').$type<Record<string, unknown>>(),
    text: text('text').notNull().default(''),
    publicId: text('public_id').unique(),
    ydoc: bytea('ydoc'),
    ydocThrough: bigint('ydoc_through', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('notes_account_id_idx').on(t.accountId, t.updatedAt), index('notes_tags_idx').using('gin', t.tags)],
);

/** Yjs updates of a note not yet folded into `notes.ydoc`, in arrival order. */
export const noteUpdates = pgTable(
  'note_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    noteId: text('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_updates_note_idx').on(t.noteId, t.id)],
);

/** Snapshots of a note's document: taken while editing ('auto'), on request ('manual'), before a restore. */
export const noteVersions = pgTable(
  'note_versions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    noteId: text('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').$type<'auto' | 'manual' | 'restore'>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_versions_note_idx').on(t.noteId, t.createdAt)],
);
