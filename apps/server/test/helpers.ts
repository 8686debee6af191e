import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { clock } from '@housnkuh/shared/clock';
import { berlinInstant, isoDayInBerlin } from '@housnkuh/shared/format';
import { createScratchDatabase } from '@housnkuh/test-support/postgres';
import { linkToken, smtpCatcher, type SmtpCatcher } from '@housnkuh/test-support/smtp-catcher';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

let embeddedTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when
 * DATABASE_URL is set, a new PostgreSQL database that is dropped again on
 * close. Both are copies of the one database global-setup.ts migrated.
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const file = inject('embeddedTemplate');
    embeddedTemplate ??= file ? new Blob([fs.readFileSync(file)]) : undefined;
    return openDatabase({ dataDir: 'memory', loadDataDir: embeddedTemplate });
  }

  const scratch = await createScratchDatabase(
    adminUrl,
    'housnkuh_test',
    inject('postgresTemplate') ?? undefined,
  );
  return openScratchDatabase(scratch);
}

/** A scratch database on PostgreSQL opened; closing it drops it. */
export async function openScratchDatabase(
  scratch: Awaited<ReturnType<typeof createScratchDatabase>>,
): Promise<DatabaseHandle> {
  const handle = await openDatabase({ url: scratch.url, dataDir: 'unused' });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * For a file whose tests depend on the day: sets its clock to 10:00 in
 * Kronach on `day` (default: the clock's current day) when the file loads,
 * so none of its tests sees the day change, whenever the suite runs
 * (TEST_CLOCK=23:59:30 included). Call it at the top of the file, before the
 * app starts. Returns that day.
 */
export function pinDay(day = isoDayInBerlin()): string {
  clock.set(berlinInstant(day, '10:00'));
  afterAll(() => clock.reset());
  return day;
}

/**
 * For a file whose clock moves from day to day: pins it to `first` like pinDay, and answers
 * `at(day)`, which sets it to 10:00 in Kronach on `day`.
 */
export function dayByDay(first: string): (day: string) => void {
  pinDay(first);
  return (day) => clock.set(berlinInstant(day, '10:00'));
}

export function tempDir(prefix = 'housnkuh-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A web build of one page (with the settings' placeholder) and one hashed asset, app-abc123.js. */
export function tinyWebDist(): string {
  const dist = tempDir();
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="de"><head><!--site-settings--></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dist;
}

export function testConfig(env: Record<string, string> = {}, extra: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: tempDir(),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://shop.test',
      WEB_DIST: path.join(tempDir(), 'no-web'),
      GEOCODER_URL: 'http://127.0.0.1:9/search',
      ...env,
    }),
    outboxPollMs: 50,
    // no background geocoding unless a test asks for it; never a real service
    geocodePollMs: 0,
    salesImportPollMs: 50,
    ...extra,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The full app on a fresh database. */
export async function createTestApp(
  options: { env?: Record<string, string>; config?: Partial<Config>; build?: BuildOptions } = {},
): Promise<TestApp> {
  const database = await testDatabase();
  const config = testConfig(options.env, options.config);
  const app = await buildApp(config, { logger: false, ...options.build, database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]>;

/**
 * The usual setup of a test file whose app sends mail: an SMTP catcher and the
 * full app on a fresh database that delivers to it, started before the file's
 * tests and closed after them; the mails are forgotten before each test.
 * Call it at the top of the file: `const { t, smtp } = appWithSmtp({ … })`.
 * `t.app` and `t.database` are there once the file's tests run.
 */
export function appWithSmtp(options: TestAppOptions = {}): { t: TestApp; smtp: SmtpCatcher } {
  const smtp = smtpCatcher();
  const late = lateApp();
  beforeAll(async () => {
    await smtp.start();
    late.set(await createTestApp({ ...options, env: { ...options.env, SMTP_URL: smtp.url } }));
  });
  afterAll(async () => {
    await late.close();
    await smtp.close();
  });
  beforeEach(() => smtp.clear());
  return { t: late.t, smtp };
}

/** A test app started later (in a `beforeAll`): `t` reads it then, `set` gives it. */
function lateApp() {
  let started: TestApp | undefined;
  const ready = () => {
    if (!started) throw new Error('the test app is not started yet (use it inside a test)');
    return started;
  };
  const t: TestApp = {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    close: () => ready().close(),
  };
  return {
    t,
    set: (app: TestApp) => {
      started = app;
    },
    close: async () => {
      await started?.close();
    },
  };
}

/** The app on a fresh database, started before the file's tests and closed after them. */
export function startedApp(options: TestAppOptions = {}): TestApp {
  const late = lateApp();
  beforeAll(async () => late.set(await createTestApp(options)));
  afterAll(() => late.close());
  return late.t;
}

/**
 * Creates the admin Eva (`cli admin create` does the same; or an admin of
 * another name) and signs her in: her token.
 */
export async function signedInAdmin(t: TestApp, username = 'eva'): Promise<string> {
  const { createAdmin } = await import('../src/modules/accounts/public');
  const { TEST_PASSWORD } = await import('@housnkuh/test-support/registration');
  await createAdmin(t.database.db, { username, name: 'Eva Muster', password: TEST_PASSWORD });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: TEST_PASSWORD },
  });
  return login.json().token as string;
}

/** The rate limits of a test file that sends many requests from one address. */
export const GENEROUS_RATE_LIMITS = { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 };

/** A producer signs in with the test password: its session's token (none: the login refused). */
export async function signedInProducer(t: TestApp, email: string): Promise<string | undefined> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  return login.json().token as string | undefined;
}

/**
 * A producer just registered confirms its e-mail address by the link of its mail, then signs
 * in: its session's token.
 */
export async function confirmedProducer(
  t: TestApp,
  smtp: SmtpCatcher,
  email: string,
): Promise<string | undefined> {
  const mail = await smtp.waitFor((m) => m.to === email && m.subject.includes('bestätigen'));
  await t.app.inject({
    method: 'GET',
    url: `/api/vendor-auth/confirm/${linkToken(mail.text, '/vendor/confirm')}`,
  });
  return signedInProducer(t, email);
}

/**
 * The usual setup of a test file that acts as the shop: the app on a fresh database with
 * generous rate limits and the admin Eva, started before the file's tests and closed after.
 * `admin()` signs her in anew (admin sessions last 8 hours and tests move the clock by months);
 * `call` sends a request with a bearer token (none: null). Call it at the top of the file.
 */
export function appWithAdmin() {
  const t = startedApp({ config: { rateLimits: GENEROUS_RATE_LIMITS } });
  beforeAll(async () => {
    await signedInAdmin(t);
  });
  const admin = async () => {
    const { TEST_PASSWORD } = await import('@housnkuh/test-support/registration');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'eva', password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`admin login: ${login.statusCode} ${login.body}`);
    return login.json().token as string;
  };
  const call = (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return { t, admin, call };
}

/** `(method, url, body?)` sent to `app()` with the session token `token()` as it is then. */
export function bearerSender(app: () => TestApp, token: () => string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    app().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token()}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
}

/**
 * The admin Eva signed in before the file's tests (a `beforeAll` registered here: call it after
 * the hook that starts the app) and `(method, url, body?)` sending as her; `.token()` her
 * session's token.
 */
export function adminSender(app: () => TestApp) {
  let token = '';
  beforeAll(async () => {
    token = await signedInAdmin(app());
  });
  const send = bearerSender(app, () => token);
  /** Her session's token itself (e.g. to show a producer's route refuses it). */
  return Object.assign(send, { token: () => token });
}

/**
 * The set-up of the contract job's test files: `appWithSmtp` with generous rate limits, the
 * admin Eva signed in before the file's tests, `admin(method, url, body)` sending as her and
 * `run(day)` running the daily contract job for that day with the settings as they are now.
 */
export function contractJobApp() {
  const { t, smtp } = appWithSmtp({ config: { rateLimits: GENEROUS_RATE_LIMITS } });
  let token = '';
  beforeAll(async () => {
    token = await signedInAdmin(t);
  });
  const admin = bearerSender(
    () => t,
    () => token,
  );
  const run = async (day: string) => {
    const { runContractLifecycle } = await import('../src/modules/contracts/lifecycle.service');
    return runContractLifecycle(
      t.database.db,
      await t.app.settings.reload(),
      'https://housnkuh.test',
      day,
    );
  };
  return { t, smtp, admin, run };
}

/**
 * Every route the app has, with its full path, from the router's tree
 * (`printRoutes` prints a route below a longer one as the rest of its path,
 * e.g. `/:id/change` under `/api/admin/vertraege`). HEAD and OPTIONS left out.
 */
export function appRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const parents: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\/\S*|[^\s/(]\S*)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const path = parents.join('') + match[2]!;
    parents.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path });
    }
  }
  return routes;
}

/**
 * A valid PNG of `width` × `height` black-and-white pixels, all white: a few
 * kilobytes on disk however many pixels it declares (a "pixel bomb" when large).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1
  header[9] = 0; // greyscale
  // each row: filter byte 0, then the pixels, 8 to a byte, all white
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const pixels = zlib.deflateSync(Buffer.concat(Array<Buffer>(height).fill(row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The admin enters the shop's billing data as a finalize needs them (tax number, IBAN, account
 * holder; `more` on top) over the API, keeping what the form holds otherwise.
 */
export async function enterBillingData(
  app: FastifyInstance,
  token: string,
  more: Record<string, unknown> = {},
) {
  const headers = { authorization: `Bearer ${token}` };
  const url = '/api/admin/billing-settings';
  const billing = (await app.inject({ method: 'GET', url, headers })).json().settings;
  const entered = await app.inject({
    method: 'PUT',
    url,
    headers,
    payload: {
      ...billing,
      steuernummer: '218/123/45678',
      iban: 'DE89370400440532013000',
      kontoinhaber: 'Eva Muster',
      ...more,
    },
  });
  expect(entered.statusCode, entered.body).toBe(200);
}

/**
 * The shop as a month's settlement needs it: open since 01.09.2026, its phone and owner entered
 * (the other settings as they are), and its billing data (enterBillingData).
 */
export async function shopReadyToSettle(app: FastifyInstance, token: string) {
  const settings = await app.settings.get();
  await app.settings.update({
    openingDate: '2026-09-01',
    phone: '09261 123456',
    legal: { ...settings.legal, ownerName: 'Eva Muster', legalForm: 'Einzelunternehmen' },
  });
  await enterBillingData(app, token);
}

/**
 * Registers a producer with `email` (registrationBody: a package of 6 months, Premium) and
 * answers its id and the id of its pending booking, as the admin's list shows it.
 */
export async function pendingBooking(
  t: TestApp,
  admin: ReturnType<typeof bearerSender>,
  email: string,
) {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-auth/register',
    payload: registrationBody(email),
  });
  const vendorId = registered.json().userId as string;
  const booking = (await admin('GET', '/api/admin/pending-bookings'))
    .json()
    .bookings.find((b: { vendor: { id: string } }) => b.vendor.id === vendorId);
  return { vendorId, bookingId: booking.id as string };
}

/** The message of a database error, through drizzle's wrapper; 'not refused' when there is none. */
export async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'not refused';
}

/** `post(url, payload, token?)` and `get(url, token?)` to `t`'s app, with the bearer token if given. */
export function postAndGet(t: TestApp) {
  const headers = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    post: (url: string, payload: unknown, token?: string) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers: headers(token) }),
    get: (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: headers(token) }),
  };
}
