import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // one migrated database for the run, copied by every file (test/helpers.ts)
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/clock-setup.ts'],
    // The files of a worker share one module graph instead of each importing the
    // app again (about 2.5 s of a file's time; 149 s summed over a PostgreSQL pass;
    // docs/decisions/0036). Each file makes its own app and database; the only
    // module state is the clock (pinDay() and clock-setup.ts set it per file) and
    // module mocks, which a file undoes itself (first-start.test.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
