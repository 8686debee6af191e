import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      // the rules of the house checked on fixtures (import boundaries, lint rules)
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
    // both cores and a little more: the API tests wait on timers, mail and child
    // processes part of the time (Vitest's default is one worker fewer than the cores)
    maxWorkers: 3,
  },
});
