import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accounts, users } from './schema';
import { agents } from './schema-agents';

/** A conversation of one user with the assistant (or a custom agent) in one account. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** The model chosen for the next answer (a model ref); null: the account's default. */
    model: text('model'),
    /** The last message of the branch on screen; messages form a tree (edits and regenerations branch). */
    leafId: text('leaf_id'),
    /** Set when the conversation is shared read-only at /share/{publicId}. */
    publicId: text('public_id').unique(),
    /** The custom agent the chat is with; null: the assistant (or the agent was deleted). */
    agentId: text('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('chat_sessions_user_idx').on(t.accountId, t.userId, t.updatedAt)],
);

/** A message of a chat: the user's, or the assistant's answer (saved as it streams). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The message it answers or follows; null for the first. */
    parentId: text('parent_id'),
    /** user | assistant */
    role: text('role').notNull(),
    /** The content: text parts and tool calls (`ChatPart[]` in shared/chat.ts). */
    parts: jsonb('parts').$type<unknown[]>().notNull(),
    /** streaming | done | stopped | error */
    status: text('status').notNull(),
    error: text('error'),
    model: text('model'),
    /** Asked from any process; the one streaming the answer stops at its next save. */
    stopRequested: boolean('stop_requested').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.createdAt)],
);
