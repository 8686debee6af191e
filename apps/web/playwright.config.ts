import fs from 'node:fs';
import { berlinInstant, isoDayInBerlin } from '@housnkuh/shared/format';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the built server; each worker
 * starts its own server on a copy of one seeded database (e2e/global-setup.ts;
 * a fresh PostgreSQL database when DATABASE_URL is set) and its own SMTP
 * server (e2e/fixtures.ts). Run `npm run build` first (npm test does).
 *
 * The run's day and clock are fixed here once, and the workers inherit them:
 * E2E_RUN_DAY is the Berlin day the specs compute their dates from;
 * TEST_CLOCK=HH:MM:SS (e.g. 23:59:30) starts every worker's server and pages
 * at that time of the day (npm run test:midnight), so the run crosses midnight.
 */
if (!process.env.E2E_RUN_DAY) {
  const clock = process.env.TEST_CLOCK;
  const start = !clock
    ? undefined
    : /^\d{2}:\d{2}(:\d{2})?$/.test(clock)
      ? berlinInstant(isoDayInBerlin(), clock)
      : new Date(clock);
  if (start && !Number.isFinite(start.getTime())) throw new Error(`TEST_CLOCK: ${clock}?`);
  process.env.E2E_RUN_DAY = isoDayInBerlin(start ?? new Date());
  process.env.E2E_CLOCK_START = start?.toISOString() ?? '';
}

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the
 * same engine without the desktop browser around it; what Playwright's own
 * headless Chromium is) when installed, as it takes about half the CPU time;
 * else the browser. CHROMIUM_PATH chooses another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // one per core: with 3 (395 s instead of 478 s) a click in a clean-clone CI run waited 45 s
  // for a button that never held still while the machine was overloaded (docs/decisions/0036)
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    browserName: 'chromium',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // a trace of every test, kept when it fails: about a fifth of the run's CPU time. CI sets
    // E2E_TRACE=off (nobody opens a trace on the CI machine; the error is printed); rerun a
    // failing spec locally to get one (docs/decisions/0062)
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
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
