import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // the modules' own tables, and the few no module owns (src/db/schema/index.ts gathers the same)
  schema: [
    './src/modules/*/schema.ts',
    './src/db/schema/number-series.ts',
    './src/db/schema/job-leases.ts',
  ],
  out: './drizzle',
});
