import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // pure functions: a worker's files share their modules (docs/decisions/0036)
    isolate: false,
  },
});
