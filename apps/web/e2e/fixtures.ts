import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import {
  CATALOG_PACKAGE_DATA,
  registrationBody,
  TEST_PASSWORD,
} from '@housnkuh/test-support/registration';
import { hash } from '@node-rs/argon2';
import {
  linkToken,
  startSmtpCatcher,
  type ReceivedMail,
} from '@housnkuh/test-support/smtp-catcher';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  ADMIN,
  SETUP_CODE,
  clockStart,
  copyTemplate,
  runCli,
  runDay,
  serverEnv,
  startShopServer,
  templates,
  withDatabase,
  type DatabaseQuery,
} from './shop-server';
import { thirdPartyGeocoder, thirdPartyOf, thirdPartyOrigin, type ThirdParty } from './third-party';

export interface Shop {
  baseURL: string;
  mails: ReceivedMail[];
  thirdParty: ThirdParty;
  /** Waits for a mail to `to` and returns it. */
  waitForMail(to: string, predicate?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  /** The server's day (its clock may be set: `test.use({ clock })`, TEST_CLOCK). */
  today(): string;
}

/**
 * A contest with a closing date a month after the run's day, for tests that
 * need one: `test.use({ siteSettings: OPEN_CONTEST })`. (A fresh install runs
 * the contest with no closing date, until the opening.)
 */
export const OPEN_CONTEST = {
  contest: { active: true, closingDate: addDays(runDay(), 30) },
} as const;

export { ADMIN, SETUP_CODE, runDay };

/** How far the worker's server clock is from the real time, when it is set (see `clock`). */
let workerClockOffsetMs: number | undefined;

/**
 * Lets the test move the page's clock on (`page.clock.runFor`), from the
 * server's time: instead of `page.clock.install()`, which would start it at
 * the real time.
 */
export async function installClock(page: Page) {
  await page.clock.install({ time: Date.now() + (workerClockOffsetMs ?? 0) });
}

export const test = base.extend<
  { consoleErrors: string[] },
  {
    shop: Shop;
    siteSettings: Record<string, unknown>;
    withAdmin: boolean;
    ownShop: string | false;
    clock: string | undefined;
    prepareDatabase: { write: (query: DatabaseQuery) => Promise<void> } | undefined;
  }
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
   * `test.use({ ownShop: 'tags' })`: the spec's tests get a server and a
   * database of their own (a worker of their own), e.g. because they change
   * data other specs read. Specs with the same name share one.
   */
  ownShop: [false, { scope: 'worker', option: true }],
  /**
   * When the server's clock starts: 'HH:MM' on the run's day (runDay()) or
   * an ISO instant, e.g. `test.use({ clock: '10:00' })` for tests whose day
   * must not change while they run; the pages get the same clock. Default:
   * the run's TEST_CLOCK, else the real time.
   */
  clock: [undefined, { scope: 'worker', option: true }],
  /**
   * Writes data straight into the worker's database before its server starts, for what no API
   * writes yet (e.g. till sales before the till's API exists); use with `ownShop`:
   * `test.use({ prepareDatabase: { write: async (query) => … } })` (an object: Playwright would
   * take a function for a fixture).
   */
  prepareDatabase: [undefined, { scope: 'worker', option: true }],
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
    async ({ siteSettings, withAdmin, ownShop, clock, prepareDatabase }, use) => {
      const smtp = await startSmtpCatcher();
      const database = await copyTemplate(
        templates()[withAdmin ? 'admin' : 'fresh'],
        ownShop || 'shared',
      );
      const start = clockStart(clock);
      const thirdPartyAt = thirdPartyOrigin();
      const envFor = (port: number) =>
        serverEnv({
          dataDir: database.dataDir,
          databaseUrl: database.databaseUrl,
          clockStart: start,
          extra: {
            PORT: String(port),
            HOST: '127.0.0.1',
            SMTP_URL: smtp.url,
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            GEOCODER_URL: thirdPartyGeocoder(thirdPartyAt, port),
            // the contract job can be run for a given day (the trial passes in a test)
            JOB_DAY_OVERRIDE: 'true',
          },
        });
      // The test's own settings, before the server starts (the templates already point
      // third-party content at the run's stand-ins: global-setup.ts); the command line and the
      // database need no port.
      const env = envFor(0);
      if (Object.keys(siteSettings).length > 0)
        await runCli(
          [
            'settings',
            'set',
            ...Object.entries(siteSettings).flatMap(([key, value]) => [key, JSON.stringify(value)]),
          ],
          env,
        );
      if (prepareDatabase) await withDatabase(env, prepareDatabase.write);
      const { child, port, clockOffsetMs } = await startShopServer(envFor);
      const baseURL = `http://127.0.0.1:${port}`;
      workerClockOffsetMs = start ? clockOffsetMs : undefined;

      await use({
        baseURL,
        mails: smtp.mails,
        thirdParty: thirdPartyOf(thirdPartyAt, port),
        waitForMail: (to, predicate) => smtp.waitForMail(to, predicate, 15_000),
        today: () => isoDayInBerlin(Date.now() + (workerClockOffsetMs ?? 0)),
      });

      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await smtp.close();
      await database.remove();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.baseURL),
  /**
   * A worker whose server clock is set: every page's Date runs on the same
   * clock (its timers stay real; installClock() for tests that move time on).
   */
  context: async ({ context, shop }, use) => {
    void shop;
    if (workerClockOffsetMs !== undefined) {
      await context.addInitScript((offset: number) => {
        const RealDate = Date;
        function ShiftedDate(this: unknown, ...args: unknown[]) {
          if (!new.target) return new RealDate(RealDate.now() + offset).toString();
          return args.length === 0
            ? new RealDate(RealDate.now() + offset)
            : new (RealDate as unknown as new (...a: unknown[]) => Date)(...args);
        }
        ShiftedDate.prototype = RealDate.prototype;
        ShiftedDate.now = () => RealDate.now() + offset;
        ShiftedDate.parse = RealDate.parse;
        ShiftedDate.UTC = RealDate.UTC;
        globalThis.Date = ShiftedDate as unknown as DateConstructor;
      }, workerClockOffsetMs);
    }
    await use(context);
  },
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

/** The page does not scroll sideways: nothing makes the document wider than the screen. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * axe: no serious or critical violation. Returns the violations for messages.
 * Running transitions (a selected entry fading to its dark background) are finished first:
 * axe reads the colours of one instant, and the page is judged as it stands, not halfway.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // an endless animation (a spinner) has no end to jump to
      }
    }
  });
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

/**
 * How far the page's clock is from the server's, in ms: the middle of the
 * request to /api/health against the time it answers.
 */
export async function pageClockSkewMs(page: Page): Promise<number> {
  const [before, time, after] = await page.evaluate(async () => {
    const asked = Date.now();
    const answer = (await (await fetch('/api/health')).json()) as { time: string };
    return [asked, answer.time, Date.now()] as const;
  });
  return Date.parse(time) - (before + after) / 2;
}

/** An address for a producer's name that no other test uses: its letters and a random tail. */
function producerEmail(name: string): string {
  const local = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');
  return `${local || 'hof'}.${randomBytes(3).toString('hex')}@beispiel.de`;
}

/** A producer registers (2 × Verkaufsblock Lage A, 1 × Kühlfach): its e-mail and id. */
async function register(
  request: APIRequestContext,
  shop: Shop,
  name: string,
  unternehmen = `Hof ${name}`,
) {
  const email = producerEmail(name);
  const response = await request.post(`${shop.baseURL}/api/vendor-auth/register`, {
    data: registrationBody(email, { name, unternehmen, packageData: CATALOG_PACKAGE_DATA }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, id: (await response.json()).userId as string };
}

/** A producer registers (2 × Verkaufsblock Lage A, 1 × Kühlfach): a booking request; its e-mail. */
export async function registeredProducer(request: APIRequestContext, shop: Shop, name: string) {
  return (await register(request, shop, name)).email;
}

/** The link of the confirmation mail to this address, followed over the API. */
export async function confirmAddress(request: APIRequestContext, shop: Shop, email: string) {
  const mail = await shop.waitForMail(email, (m) => m.text.includes('/vendor/confirm?token='));
  const confirmed = await request.get(
    `${shop.baseURL}/api/vendor-auth/confirm/${linkToken(mail.text, '/vendor/confirm')}`,
  );
  expect(confirmed.status()).toBe(200);
}

/** A producer registers and confirms its address: an account that can sign in; e-mail and id. */
export async function confirmedProducer(
  request: APIRequestContext,
  shop: Shop,
  name: string,
  unternehmen?: string,
) {
  const made = await register(request, shop, name, unternehmen);
  await confirmAddress(request, shop, made.email);
  return made;
}

/** A confirmed producer signed in over the API as a Kleinunternehmer: e-mail, id, its header. */
export async function kleinunternehmer(
  request: APIRequestContext,
  shop: Shop,
  name: string,
  unternehmen?: string,
) {
  const made = await confirmedProducer(request, shop, name, unternehmen);
  const login = await request.post(`${shop.baseURL}/api/vendor-auth/login`, {
    data: { email: made.email, password: TEST_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const business = await request.put(`${shop.baseURL}/api/vendor-auth/business`, {
    headers,
    data: { taxStatus: 'kleinunternehmer' },
  });
  expect(business.status(), await business.text()).toBe(200);
  return { ...made, headers };
}

/** A producer signs in on the login page, as a person would, and lands on its dashboard. */
export async function signInAsProducer(page: Page, email: string, password = TEST_PASSWORD) {
  await page.goto('/vendor/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
}

/**
 * A second window beside the owner's, for a producer: a visit as quietVisits() opens it, signed
 * in on the login page.
 */
export async function producerPage(browser: Browser, email: string) {
  const page = await browser.newPage();
  await withConsent(page, 'declined');
  await withoutContestBanner(page);
  await signInAsProducer(page, email);
  return page;
}

/**
 * The parties a document of a demo producer prints (the shop's test billing data and the
 * producer as it stood), for documents written straight into a spec's database.
 */
export function demoDocumentParties(
  vendor: { name: string; unternehmen: string | null },
  email: string,
) {
  return {
    shop: {
      name: 'housnkuh',
      strasse: 'Strauer Str.',
      hausnummer: '15',
      plz: '96317',
      ort: 'Kronach',
      steuernummer: '214/123/45678',
      ustIdNr: null,
      iban: 'DE02120300000000202051',
      bic: null,
      kontoinhaber: 'housnkuh',
    },
    producer: {
      name: vendor.name,
      unternehmen: vendor.unternehmen,
      email,
      strasse: 'Dorfstraße',
      hausnummer: '3',
      plz: '96328',
      ort: 'Küps',
      taxStatus: 'regelbesteuert',
      steuernummer: '207/111/22222',
      ustIdNr: null,
      iban: 'DE89370400440532013000',
      kontoinhaber: vendor.name,
    },
  };
}

/**
 * Gives a demo producer (which has no password) the test password, in the database before the
 * server starts (`prepareDatabase`), so that a spec can sign in as it.
 */
export async function setDemoProducerPassword(query: DatabaseQuery, email: string) {
  await query('update vendors set password_hash = $1 where email = $2', [
    await hash(TEST_PASSWORD),
    email,
  ]);
}

/**
 * For a spec about other things than the cookie dialog and the contest banner: each page opens
 * as for a visitor who declined the cookies and dismissed the banner.
 */
export function quietVisits() {
  test.beforeEach(async ({ page }) => {
    await withConsent(page, 'declined');
    await withoutContestBanner(page);
  });
}

/** A visitor writes to the shop on /kontakt and is thanked. */
export async function sendContactMessage(
  page: Page,
  message: { name: string; email: string; subject: string; text: string },
) {
  await page.goto('/kontakt');
  const form = page.locator('form');
  await form.getByLabel('Name').fill(message.name);
  await form.getByLabel('E-Mail-Adresse').fill(message.email);
  await form.getByLabel('Betreff').fill(message.subject);
  await form.getByLabel('Nachricht').fill(message.text);
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vielen Dank' })).toBeVisible();
}
