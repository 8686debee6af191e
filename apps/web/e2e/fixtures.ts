import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import { createScratchDatabase } from '@housnkuh/test-support/postgres';
import { startSmtpCatcher, type ReceivedMail } from '@housnkuh/test-support/smtp-catcher';
import { expect, test as base, type Locator, type Page } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const CLI = path.join(ROOT, 'apps/server/dist/cli.js');

/**
 * Stand-ins for third-party hosts, so no test needs the internet: an
 * "Instagram widget" page, map tiles and a geocoding service. Records which paths were requested.
 */
async function startThirdParty() {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url?.startsWith('/widget')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="de"><title>Feed</title><p>Instagram-Feed (Test)</p></html>',
      );
      return;
    }
    if (request.url?.startsWith('/geocode/search')) {
      // Nominatim-like: addresses in the Kronach district (postcode 96…) are found
      // at a position derived from the text; everything else is not.
      const q = new URL(request.url, 'http://x').searchParams.get('q') ?? '';
      let hash = 0;
      for (const ch of q) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
      const found = /\b96\d{3}\b/.test(q)
        ? [
            {
              lat: String(50.2 + (hash % 1000) / 10_000),
              lon: String(11.3 + (hash % 777) / 10_000),
            },
          ]
        : [];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(found));
      return;
    }
    if (request.url?.startsWith('/tiles/')) {
      // a 1×1 PNG
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Shop {
  baseURL: string;
  mails: ReceivedMail[];
  thirdParty: { origin: string; requests: string[] };
  /** Waits for a mail to `to` and returns it. */
  waitForMail(to: string, predicate?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
}

async function waitUntilUp(baseURL: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/**
 * A fresh install runs the contest with no closing date (until the opening).
 * Tests that need a closing date use `test.use({ siteSettings: OPEN_CONTEST })`,
 * which closes it a month from today.
 */
export const OPEN_CONTEST = {
  contest: { active: true, closingDate: addDays(isoDayInBerlin(), 30) },
} as const;

/** The setup code of every test server (ADMIN_SETUP_CODE). */
export const SETUP_CODE = 'e2e-einrichtungscode';

/** The admin every test server has (unless `test.use({ withAdmin: false })`). */
export const ADMIN = {
  username: 'erika.admin',
  name: 'Erika Admin',
  password: 'Verwaltung!2026',
} as const;

export const test = base.extend<
  { consoleErrors: string[] },
  { shop: Shop; siteSettings: Record<string, unknown>; withAdmin: boolean }
>({
  /**
   * The worker's server has the admin ADMIN (created with the CLI before it
   * starts); `test.use({ withAdmin: false })` gives a fresh install without
   * one, in a worker of its own (the setup at /admin/setup).
   */
  withAdmin: [true, { scope: 'worker', option: true }],
  /**
   * Site settings written (with the CLI) before the worker's server starts, on
   * top of the fresh install's; e.g. `test.use({ siteSettings: OPEN_CONTEST })`.
   * Tests with other settings run in a worker of their own.
   */
  siteSettings: [{}, { scope: 'worker', option: true }],
  /**
   * Every test fails on a script error or a console error in the page (e.g. a
   * hydration mismatch). Failed requests are left out: some tests cut the network.
   */
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/Failed to load resource|net::ERR_/.test(text)) return;
        errors.push(text);
      });
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
  shop: [
    async ({ siteSettings, withAdmin }, use) => {
      if (!fs.existsSync(SERVER)) throw new Error('Build first: npm run build');
      const smtp = await startSmtpCatcher();
      const thirdParty = await startThirdParty();
      const database = process.env.DATABASE_URL
        ? await createScratchDatabase(process.env.DATABASE_URL, 'housnkuh_e2e')
        : undefined;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-e2e-'));
      const port = await freePort();
      const baseURL = `http://127.0.0.1:${port}`;
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        SMTP_URL: smtp.url,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        GEOCODER_URL: `${thirdParty.origin}/geocode/search`,
        ADMIN_SETUP_CODE: SETUP_CODE,
        // the contract job can be run for a given day (the trial passes in a test)
        JOB_DAY_OVERRIDE: 'true',
      };
      // Point third-party content at the local stand-ins, and write the test's
      // settings, before the server starts.
      for (const [key, value] of [
        ['instagramWidgetUrl', `${thirdParty.origin}/widget.html`],
        ['mapTileUrl', `${thirdParty.origin}/tiles/{z}/{x}/{y}.png`],
        ...Object.entries(siteSettings),
      ]) {
        const result = spawnSync(
          process.execPath,
          [CLI, 'settings', 'set', key!, JSON.stringify(value)],
          {
            env,
            encoding: 'utf8',
          },
        );
        if (result.status !== 0) throw new Error(`cli failed: ${result.stderr}`);
      }
      if (withAdmin) {
        const result = spawnSync(
          process.execPath,
          [CLI, 'admin', 'create', ADMIN.username, ADMIN.name],
          { env: { ...env, ADMIN_PASSWORD: ADMIN.password }, encoding: 'utf8' },
        );
        if (result.status !== 0) throw new Error(`cli admin create failed: ${result.stderr}`);
      }
      let log = '';
      const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (chunk) => (log += chunk));
      child.stderr!.on('data', (chunk) => (log += chunk));
      await waitUntilUp(baseURL, child, () => log);

      await use({
        baseURL,
        mails: smtp.mails,
        thirdParty,
        waitForMail: (to, predicate) => smtp.waitForMail(to, predicate, 15_000),
      });

      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await smtp.close();
      await thirdParty.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.baseURL),
});

export { expect };

/** Resolves once React has hydrated (or rendered) this element, so its handlers are attached. */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps$')),
      ),
    )
    .toBe(true);
}

/**
 * Holds back the page's scripts until the returned function is called, so a
 * test can act on the server's HTML before React takes it over, as a visitor
 * on a slow phone does (a paste, autofill, a quick choice). Go to the page
 * with `waitUntil: 'commit'`: the load event waits for the scripts.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Signs in as ADMIN through /admin/login, as the owner does, and waits for
 * the dashboard. Starts from `path` (default /admin, which leads to the login).
 */
export async function signInAsAdmin(page: Page, path = '/admin') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Benutzername').fill(ADMIN.username);
  await page.getByLabel('Passwort').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
}

/** Stores a cookie choice before the page loads, so the dialog stays out of the way. */
export async function withConsent(page: Page, choice: 'accepted' | 'declined') {
  await page.addInitScript((value) => window.localStorage.setItem('cookie-consent', value), choice);
}

/** Keeps the contest banner away for tests about other things. */
export async function withoutContestBanner(page: Page) {
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'contestBannerDismissed',
      new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    ),
  );
}

/** axe: no serious or critical violation. Returns the violations for messages. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
