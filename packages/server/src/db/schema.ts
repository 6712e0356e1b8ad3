import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// better-auth's four tables. Their JS keys are the names better-auth expects.
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  username: text('username').unique(),
  personalAccountId: text('personal_account_id'),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** better-auth's sign-in providers for a user (password, google). Not the product's accounts. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Rate-limit counters (sign-in and public endpoints), shared by every api process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
});

// The product's accounts: personal (one per user) and business.
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  type: text('type', { enum: ['personal', 'business'] }).notNull(),
  handle: text('handle').notNull().unique(),
  name: text('name').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const accountMembers = pgTable(
  'account_members',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('account_members_user_id_idx').on(t.userId)],
);

export const accountInvites = pgTable(
  'account_invites',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    /** sha256 of the token in the emailed link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_invites_account_id_idx').on(t.accountId),
    uniqueIndex('account_invites_pending_email_idx').on(t.accountId, t.email).where(sql`status = 'pending'`),
  ],
);

// Tables: an Airtable-class database per account. Record values are a jsonb object keyed by field id.
export const tables = pgTable(
  'tables',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    /** Set while the table is in the trash. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    nextAutonumber: bigint('next_autonumber', { mode: 'number' }).notNull().default(1),
    /** Bumped on every record or field change so an open grid knows to refetch its windows. */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * Records in the table, kept by a statement trigger on table_records (migration 0003), so a count
     * never scans a large table and every way of inserting or deleting records keeps it right.
     */
    recordCount: bigint('record_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('tables_account_id_idx').on(t.accountId)],
);

export const tableFields = pgTable(
  'table_fields',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    options: jsonb('options').notNull(),
    position: doublePrecision('position').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** The options and values before the last type change, so it can be undone. */
    lastChange: jsonb('last_change'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_fields_table_id_idx').on(t.tableId)],
);

export const tableRecords = pgTable(
  'table_records',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    values: jsonb('values').notNull().default({}),
    autonumber: bigint('autonumber', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('table_records_table_autonumber_idx').on(t.tableId, t.autonumber),
    index('table_records_values_idx').using('gin', t.values.op('jsonb_path_ops')),
  ],
);

export const tableViews = pgTable(
  'table_views',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    config: jsonb('config').notNull(),
    position: doublePrecision('position').notNull(),
    publicId: text('public_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_views_table_id_idx').on(t.tableId)],
);

/**
 * Expression indexes made for a table's sorts (`record-indexes.ts`): partial indexes on
 * table_records, one per sorted field and direction, so the first page of a large sorted table reads
 * the index instead of sorting every record. Kept here so they can be dropped with their field.
 */
export const tableIndexes = pgTable(
  'table_indexes',
  {
    name: text('name').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    fieldId: text('field_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_indexes_table_id_idx').on(t.tableId)],
);

export const recordHistory = pgTable(
  'record_history',
  {
    id: text('id').primaryKey(),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    recordId: text('record_id').notNull(),
    userId: text('user_id'),
    kind: text('kind', { enum: ['created', 'updated', 'deleted', 'restored'] }).notNull(),
    changes: jsonb('changes').notNull().default({}),
    /** For `deleted`: what a restore needs besides the values (autonumber, created at and by). */
    snapshot: jsonb('snapshot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_history_record_idx').on(t.recordId, t.createdAt)],
);

export const flows = pgTable(
  'flows',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The draft the editor saves as you go (FlowGraph). */
    graph: jsonb('graph').notNull(),
    revision: integer('revision').notNull().default(0),
    triggerType: text('trigger_type').notNull().default('manual'),
    active: boolean('active').notNull().default(false),
    publishedVersionId: text('published_version_id'),
    /** The draft revision that was published; the draft has unpublished changes when it moved on. */
    publishedRevision: integer('published_revision'),
    /** `/api/hooks/{webhook_id}`: unguessable, so a flow id alone does not reach it. */
    webhookId: text('webhook_id').notNull().unique(),
    /** The local part of the flow's inbound address. */
    emailToken: text('email_token').notNull().unique(),
    /** Kept as executions finish, so the list never counts executions. */
    lastExecutionId: text('last_execution_id'),
    lastExecutionStatus: text('last_execution_status'),
    lastExecutionAt: timestamp('last_execution_at', { withTimezone: true }),
    executionsTotal: integer('executions_total').notNull().default(0),
    executionsSucceeded: integer('executions_succeeded').notNull().default(0),
    executionsFailed: integer('executions_failed').notNull().default(0),
    /**
     * Which runs from the published flow's triggers are kept once they end: all, only failed ones,
     * or none (see the flow runtime for what is still written while one is in flight).
     */
    saveExecutions: text('save_executions', { enum: ['all', 'failures', 'none'] })
      .notNull()
      .default('all'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('flows_account_id_idx').on(t.accountId)],
);

export const flowVersions = pgTable(
  'flow_versions',
  {
    id: text('id').primaryKey(),
    flowId: text('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    version: integer('version').notNull(),
    message: text('message').notNull().default(''),
    graph: jsonb('graph').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('flow_versions_flow_version_idx').on(t.flowId, t.version)],
);

/**
 * A published flow's trigger that fires on time. `next_at` is claimed with a compare-and-set
 * update, so each tick fires once however many workers look.
 */
export const flowSchedules = pgTable(
  'flow_schedules',
  {
    flowId: text('flow_id')
      .primaryKey()
      .references(() => flows.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    versionId: text('version_id').notNull(),
    /** { mode: 'cron', cron, timezone } | { mode: 'interval', seconds } */
    spec: jsonb('spec').notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('flow_schedules_next_at_idx').on(t.nextAt)],
);

export const executions = pgTable(
  'executions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    flowId: text('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    /** null: a test run of the draft, whose graph is kept in `graph`. */
    versionId: text('version_id'),
    version: integer('version'),
    /** The graph of a test run (a copy of the draft); null for published runs, which read their version's. */
    graph: jsonb('graph'),
    status: text('status').notNull(),
    mode: text('mode').notNull(),
    /** The trigger's items, saved before anything runs (and before a webhook is answered). */
    trigger: jsonb('trigger'),
    /** Rerun: the step to start from; steps before it reuse `seed_execution_id`'s results. */
    startNodeId: text('start_node_id'),
    seedExecutionId: text('seed_execution_id'),
    /** Test of one step: run up to it and stop. */
    stopAfterNodeId: text('stop_after_node_id'),
    parentExecutionId: text('parent_execution_id'),
    error: jsonb('error'),
    /** The response a Respond step chose, for a webhook answered by the flow. */
    response: jsonb('response'),
    /** The worker running it and until when its claim holds; an expired claim is picked up again. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('executions_account_created_idx').on(t.accountId, t.createdAt),
    index('executions_flow_created_idx').on(t.flowId, t.createdAt),
    index('executions_active_idx').on(t.status, t.leaseUntil).where(sql`status in ('queued', 'running', 'waiting')`),
  ],
);

export const executionSteps = pgTable(
  'execution_steps',
  {
    id: text('id').primaryKey(),
    executionId: text('execution_id')
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    nodeType: text('node_type').notNull(),
    runIndex: integer('run_index').notNull(),
    status: text('status').notNull(),
    input: jsonb('input').notNull(),
    output: jsonb('output'),
    logs: jsonb('logs').notNull().default([]),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Order of first save: steps that started within the same millisecond keep the order they ran in. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [uniqueIndex('execution_steps_run_idx').on(t.executionId, t.nodeId, t.runIndex)],
);

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

/**
 * An account's AI provider: an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio,
 * OpenRouter…) or Anthropic. The API key is stored encrypted (`ai/secret-box.ts`) and never sent back.
 */
export const aiProviders = pgTable(
  'ai_providers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** openai-compatible | anthropic */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url'),
    /** The key sealed with the server's secret; null when the endpoint needs none. */
    apiKeySealed: text('api_key_sealed'),
    models: text('models').array().notNull().default(sql`'{}'::text[]`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('ai_providers_account_idx').on(t.accountId, t.createdAt)],
);

/** An account's AI choices: the default model (`{providerId}:{model}`, or an environment provider's ref). */
export const aiSettings = pgTable('ai_settings', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  defaultModel: text('default_model'),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

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
