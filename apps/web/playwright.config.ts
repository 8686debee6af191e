import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the built server; each worker
 * starts its own server on a fresh DATA_DIR (or a fresh PostgreSQL database
 * when DATABASE_URL is set) and its own SMTP server (e2e/fixtures.ts).
 * Run `npm run build` first (npm test does).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    browserName: 'chromium',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
