import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './packages/server/src/db/schema.ts',
    './packages/server/src/db/schema-flow-test-data.ts',
    './packages/server/src/db/schema-integrations.ts',
  ],
  out: './packages/server/drizzle',
});
