import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accounts, users } from './schema';

/**
 * A custom agent of an account: how it looks, its instructions (the system prompt of its chats),
 * model and starter prompts. `published_at` set: listed in the public gallery.
 */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who made it: shown by name in the gallery; their own chats, likes and uses do not count. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    color: text('color').notNull(),
    description: text('description').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    model: text('model'),
    starterPrompts: jsonb('starter_prompts').$type<string[]>().notNull().default([]),
    category: text('category').notNull(),
    /** Tool names, for when agents can use tools. */
    tools: jsonb('tools').$type<string[]>().notNull().default([]),
    /**
     * A copy made with "Use" of someone's published agent: answers run with that agent's
     * instructions, read here on the server and never copied, so they stay private.
     */
    basedOnAgentId: text('based_on_agent_id').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('agents_account_idx').on(t.accountId, t.updatedAt),
    index('agents_published_idx').on(t.publishedAt).where(sql`published_at is not null`),
  ],
);

/** Who likes a published agent: one row per person, removed on unlike. */
export const agentLikes = pgTable(
  'agent_likes',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.userId] })],
);

/**
 * What popularity counts: someone other than the creator chatted with (`chat`), liked (`like`) or
 * used (`use`) an agent on a day (UTC). The unique key makes one person count once per agent, kind
 * and day, whatever they do; the creator's own actions are never written.
 */
export const agentEvents = pgTable(
  'agent_events',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** chat | like | use */
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('agent_events_once_a_day_idx').on(t.agentId, t.userId, t.kind, t.day),
    index('agent_events_day_idx').on(t.day),
  ],
);
