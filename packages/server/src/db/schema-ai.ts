import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accounts, users } from './schema';

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
