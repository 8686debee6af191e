import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // both cores (Vitest's default is one worker fewer than the cores)
    maxWorkers: 2,
  },
});
