import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, flows, users } from './schema';

/**
 * An account's connection to an external service (a Slack workspace). Tokens are sealed with the
 * server secret; the row is found again by the provider's own id of the external account, so
 * connecting the same workspace twice reconnects it instead of adding a copy.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the external account (Slack: the team id). */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** connected | needs_reconnect | revoked */
    status: text('status').notNull().default('connected'),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    /** An MCP server's OAuth client secret, when its authorization server gave one at registration. */
    clientSecretSealed: text('client_secret_sealed'),
    /**
     * What a credential connection needs besides its secret, none of it secret: where an API key
     * goes (header or query, and its name), an MCP server's URL. Empty for OAuth connections.
     */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** When the access token stops working; null: it does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('integration_connections_external_idx').on(t.accountId, t.provider, t.externalId),
    index('integration_connections_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * An OAuth authorization under way: the `state` sent to the provider, bound to who started it,
 * for which account and provider, with the PKCE verifier that only the server knows. Single use.
 */
export const integrationOauthStates = pgTable(
  'integration_oauth_states',
  {
    state: text('state').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    returnTo: text('return_to').notNull(),
    /** The connection a reconnect signs in again (MCP servers, whose connection exists before its tokens). */
    connectionId: text('connection_id'),
    /**
     * What an MCP server's sign-in learnt before the consent page (its token endpoint, the client
     * registered there, the resource): sealed, since a registered client may hold a secret.
     */
    contextSealed: text('context_sealed'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * A published, active flow whose trigger is an integration's (`trigger.slack.newMessage`): what it
 * listens through and how. A polling trigger keeps what its last poll saw in `cursor` (null until
 * the first poll, which only records it) and is polled again at `next_poll_at`; whoever moves a
 * due `next_poll_at` on owns that poll. A connection that needs reconnecting stops it (`stopped`,
 * with the reason to show) until the connection works again.
 */
export const integrationTriggers = pgTable(
  'integration_triggers',
  {
    flowId: text('flow_id')
      .primaryKey()
      .references(() => flows.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    versionId: text('version_id').notNull(),
    nodeId: text('node_id').notNull(),
    /** `trigger.<provider>.<name>` */
    stepType: text('step_type').notNull(),
    connectionId: text('connection_id').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** poll | events (the provider pushes each event: Slack with SLACK_SIGNING_SECRET) */
    mode: text('mode').notNull(),
    cursor: jsonb('cursor'),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    /** listening | stopped */
    status: text('status').notNull().default('listening'),
    /** Why it stopped, or what the last poll ran into; null when all is well. */
    statusMessage: text('status_message'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('integration_triggers_next_poll_idx').on(t.nextPollAt),
    index('integration_triggers_connection_idx').on(t.connectionId),
  ],
);

/**
 * The items each flow's integration trigger has started a run for (a Slack message, a Notion
 * item's version), so none starts two, whether it comes again in a poll or as a retried event.
 */
export const integrationTriggerItems = pgTable(
  'integration_trigger_items',
  {
    flowId: text('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.flowId, t.itemKey] }),
    index('integration_trigger_items_created_idx').on(t.createdAt),
  ],
);
