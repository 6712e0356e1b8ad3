import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { flows } from './schema';

/**
 * Steps' pinned outputs, part of a flow's draft but kept beside its graph: a pin may be up to
 * 1 MB, and the graph is saved on every edit and read by every flow list and webhook lookup.
 * Only runs from the editor read them; published versions never carry them.
 */
export const flowPins = pgTable(
  'flow_pins',
  {
    flowId: text('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    nodeId: text('node_id').notNull(),
    /** Items per output handle (StepOutput). */
    output: jsonb('output').notNull(),
    bytes: integer('bytes').notNull(),
    /** step | test_call | test_email | test_event */
    source: text('source').notNull(),
    pinnedBy: text('pinned_by'),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.nodeId] })],
);

/**
 * An editor waiting for a test call or a test email: while a row is here and not expired, the
 * flow's test URL and test address take one call. A row, not process memory, so the call may reach
 * any api process.
 */
export const flowTestListens = pgTable('flow_test_listens', {
  flowId: text('flow_id')
    .primaryKey()
    .references(() => flows.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  nodeId: text('node_id').notNull(),
  userId: text('user_id').notNull(),
  /** Each listen has its own id, so a listen that ended does not end the one that replaced it. */
  listenId: text('listen_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
