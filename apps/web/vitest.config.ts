import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // A worker's files share one jsdom and the packages (React, the router …) instead of making
    // them again per file (docs/decisions/0036); test-setup.ts loads the app's own modules afresh
    // for each file, unmounts and clears localStorage after each test; fake timers and spies are
    // undone.
    isolate: false,
    // a guard against a test that hangs, not a measure: the page tests that type and click
    // through a whole flow take 1–2 s alone and three times that on a busy machine
    testTimeout: 15_000,
  },
});
