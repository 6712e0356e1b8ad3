import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

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
    /**
     * The step runs of a run written whole at its end (a quick webhook run, held until it ended),
     * packed into its row in the order they ran instead of one `execution_steps` row each; null
     * for runs saved as they go. Read through `execution_step_runs`, which shows both.
     */
    steps: jsonb('steps'),
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

/** A step run's columns, shared by its table and the view of every step run. */
const stepRunColumns = () => ({
  id: text('id').notNull(),
  executionId: text('execution_id').notNull(),
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
});

export const executionSteps = pgTable(
  'execution_steps',
  {
    ...stepRunColumns(),
    id: text('id').primaryKey(),
    executionId: text('execution_id')
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    /** Order of first save: steps that started within the same millisecond keep the order they ran in. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [uniqueIndex('execution_steps_run_idx').on(t.executionId, t.nodeId, t.runIndex)],
);

/**
 * Every step run of every execution: the rows of `execution_steps` and the runs packed into
 * `executions.steps` (whose `seq` is their place in the array). Reads go through it; writes go to
 * either place (see the execution writer). Made by migration 0017.
 */
export const executionStepRuns = pgView('execution_step_runs', {
  ...stepRunColumns(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
}).existing();
