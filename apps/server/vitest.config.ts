import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // one migrated database for the run, copied by every file (test/helpers.ts)
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/clock-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
