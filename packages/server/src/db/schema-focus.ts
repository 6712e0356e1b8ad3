import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema';
import { notes } from './schema-notes';

/**
 * Focus mode: one row per focus or break period of one user in one account. The open row (no
 * `ended_at`) is the running timer; at most one per user and account.
 */
export const focusSessions = pgTable(
  'focus_sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** focus | short_break | long_break */
    kind: text('kind').notNull(),
    noteId: text('note_id').references(() => notes.id, { onDelete: 'set null' }),
    taskIndex: integer('task_index'),
    taskText: text('task_text'),
    plannedSeconds: integer('planned_seconds').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedSeconds: integer('paused_seconds').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    focusedSeconds: integer('focused_seconds').notNull().default(0),
    /** completed | skipped; null while open. */
    outcome: text('outcome'),
  },
  (t) => [
    index('focus_sessions_user_started_idx').on(t.accountId, t.userId, t.startedAt),
    uniqueIndex('focus_sessions_open_idx').on(t.accountId, t.userId).where(sql`ended_at is null`),
  ],
);

/** A user's timer lengths (minutes); defaults until they change one. */
export const focusSettings = pgTable('focus_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  focusMinutes: integer('focus_minutes').notNull(),
  shortBreakMinutes: integer('short_break_minutes').notNull(),
  longBreakMinutes: integer('long_break_minutes').notNull(),
  longBreakEvery: integer('long_break_every').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
