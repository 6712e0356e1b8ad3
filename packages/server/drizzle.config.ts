import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './packages/server/src/db/schema.ts',
    './packages/server/src/db/schema-tables.ts',
    './packages/server/src/db/schema-notes.ts',
    './packages/server/src/db/schema-focus.ts',
    './packages/server/src/db/schema-ai.ts',
    './packages/server/src/db/schema-chat.ts',
    './packages/server/src/db/schema-agents.ts',
    './packages/server/src/db/schema-flow-test-data.ts',
    './packages/server/src/db/schema-integrations.ts',
  ],
  out: './packages/server/drizzle',
});
