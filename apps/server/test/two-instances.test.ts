// Two instances of the server on one PostgreSQL and one Redis (docs/decisions/0050): the
// background work runs once across both (each outbox mail sent once, each document's PDF rendered
// once, the daily contract job's mail once), sessions and the rate limit are shared, a finalize
// running on one is seen and joined from the other, and each stops cleanly on SIGTERM.
// PostgreSQL only (DATABASE_URL), with Redis at TWO_INSTANCES_REDIS_URL or redis://127.0.0.1:6379
// (as in CI), under a key prefix of the run's own. The embedded database has one instance by design.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { addDays, berlinInstant } from '@housnkuh/shared/format';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { createScratchDatabase, type ScratchDatabase } from '@housnkuh/test-support/postgres';
import { registrationBody, TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { startSmtpCatcher, type SmtpCatcher } from '@housnkuh/test-support/smtp-catcher';
import { eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { transaction } from '../src/db/transaction';
import { insertSettlementDocuments } from '../src/modules/documents/public';
import { documents } from '../src/modules/documents/schema';
import { enqueueMail } from '../src/modules/mail/outbox';
import { outbox } from '../src/modules/mail/schema';
import {
  progressEnded,
  progressIssuing,
  progressStarted,
  progressStep,
  tryLockFinalize,
} from '../src/modules/settlement/progress.service';
import { settlementFinalizeProgress } from '../src/modules/settlement/schema';
import { octoberFigures, producer } from './documents-fixtures';
import { pinDay, signedInAdmin, tempDir, testConfig } from './helpers';
import { startServer } from './server-process';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.TWO_INSTANCES_REDIS_URL || 'redis://127.0.0.1:6379';

const today = pinDay();
/** The instances' day: a week before the producer's trial ends (its reminder is due). */
const serverDay = addDays(today, 22);
const MAILS = 30;
const RATE_LIMIT = 40;

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  url: (p: string) => string;
}

const instances: Instance[] = [];
const children: ChildProcess[] = [];
const dataDir = tempDir('housnkuh-two-');

/** An instance on a port the system chooses (server-process.ts), once it listens. */
async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const server = startServer(
    {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://shop.test',
      WEB_DIST: path.join(path.sep, 'nonexistent', 'web'),
      GEOCODER_URL: 'http://127.0.0.1:9/search',
      // the test's requests name their client in X-Forwarded-For, as the proxy would
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      ...env,
    },
    children,
  );
  const port = await server.listening;
  const instance: Instance = {
    name,
    port,
    child: server.child,
    exited: server.exited,
    output: server.output,
    url: (p) => `http://127.0.0.1:${port}${p}`,
  };
  instances.push(instance);
  return instance;
}

async function waitForHealth(instance: Instance, timeoutMs = 90_000) {
  await vi.waitFor(
    async () => {
      if (instance.child.exitCode !== null) {
        throw new Error(`${instance.name} exited: ${instance.output().slice(-2000)}`);
      }
      const response = await fetch(instance.url('/api/health'));
      expect(response.status).toBe(200);
    },
    { timeout: timeoutMs, interval: 250 },
  );
}

/** A request as one client behind the proxy (its own address in X-Forwarded-For). */
function request(
  instance: Instance,
  url: string,
  options: { method?: string; token?: string; body?: unknown; client?: string } = {},
) {
  return fetch(instance.url(url), {
    method: options.method ?? 'GET',
    headers: {
      'x-forwarded-for': options.client ?? `198.51.100.${1 + Math.floor(Math.random() * 250)}`,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

/** The admin's login on `instance`: the session's token. */
async function signIn(instance: Instance): Promise<string> {
  const login = await request(instance, '/api/auth/login', {
    method: 'POST',
    body: { username: 'eva', password: TEST_PASSWORD },
  });
  expect(login.status, await login.clone().text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** The instance's log lines (JSON) with this message. */
function logged(instance: Instance, message: string): Record<string, unknown>[] {
  return instance
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === message);
}

describe.runIf(adminUrl)('two instances on one PostgreSQL and one Redis', () => {
  let smtp: SmtpCatcher;
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  let token = '';
  let a: Instance;
  let b: Instance;
  let documentIds: string[] = [];
  const mailIds: number[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    scratch = await createScratchDatabase(adminUrl!, 'housnkuh_test_two');

    // The shop as the admin left it: a producer in its trial (approved today), an admin session.
    const setup = await buildApp(
      testConfig(
        { DATABASE_URL: scratch.url, SMTP_URL: smtp.url },
        { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
      ),
      { logger: false },
    );
    await setup.ready();
    const t = { app: setup, database: setup.database, close: () => setup.close() };
    const setupToken = await signedInAdmin(t);
    const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
      setup.inject({
        method,
        url,
        headers: { authorization: `Bearer ${setupToken}` },
        ...(payload ? { payload } : {}),
      });
    const registered = await setup.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody('zwei@beispiel.de'),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const vendorId = registered.json().userId as string;
    const booking = (await admin('GET', '/api/admin/pending-bookings'))
      .json()
      .bookings.find((row: { vendor: { id: string } }) => row.vendor.id === vendorId);
    const units = (await admin('GET', '/api/admin/mietfaecher?optionId=block-b')).json();
    const approved = await admin('POST', `/api/admin/pending-bookings/${booking.id}/approve`, {
      mietfachIds: [units.mietfaecher[0].id],
      startDate: today,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await setup.settings.update({ openingDate: today });
    await setup.close();

    // Work waiting for the instances: mails in the outbox, documents without their PDF.
    handle = await openDatabase({ url: scratch.url, dataDir: 'unused' });
    for (let i = 0; i < MAILS; i++) {
      mailIds.push(
        await enqueueMail(handle.db, {
          to: `post${i}@beispiel.de`,
          subject: `Nachricht ${i}`,
          text: 'Grüße aus dem Laden',
          kind: 'test',
        }),
      );
    }
    const producers = await Promise.all(
      ['Anna Eins', 'Berta Zwei', 'Carla Drei'].map((name) => producer(handle.db, name)),
    );
    const issued = await transaction(handle.db, (tx) =>
      insertSettlementDocuments(
        tx,
        producers.map((p) => ({
          vendorId: p.id,
          month: '2026-10',
          settlement: octoberFigures(),
          parties: p.parties,
        })),
        today,
      ),
    );
    documentIds = issued.map((document) => document.id);

    // Two instances at once, as a deploy starts them: one database, one Redis (a key prefix of
    // this run's own), one mail server, the day a week before the trial ends.
    const env = {
      DATABASE_URL: scratch.url,
      // one data directory for both (a shared volume: the payment runs' files); each notes the
      // mails its mail server accepted in a file of its own (INSTANCE_NAME)
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `housnkuh-test-${randomBytes(6).toString('hex')}`,
      SMTP_URL: smtp.url,
      CLOCK_START: berlinInstant(serverDay, '10:00').toISOString(),
    };
    [a, b] = await Promise.all([
      startInstance('A', { ...env, INSTANCE_NAME: 'a' }),
      startInstance('B', { ...env, INSTANCE_NAME: 'b' }),
    ]);
    await Promise.all([waitForHealth(a), waitForHealth(b)]);
    token = await signIn(a);
  }, 180_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await handle?.close();
    await smtp?.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each outbox mail once', async () => {
    await vi.waitFor(
      async () => {
        const rows = await handle.db
          .select({ status: outbox.status })
          .from(outbox)
          .where(inArray(outbox.id, mailIds));
        expect(rows.map((row) => row.status)).toEqual(mailIds.map(() => 'sent'));
      },
      { timeout: 60_000, interval: 250 },
    );
    for (const id of mailIds) {
      const received = smtp.mails.filter((mail) => mail.messageId.includes(`<outbox-${id}-`));
      expect(received, `mail ${id}`).toHaveLength(1);
    }
    const test = smtp.mails.filter((mail) => mail.subject.startsWith('Nachricht '));
    expect(test).toHaveLength(MAILS);
    // both instances took part (each claims one mail at a time)
    const senders = [a, b].map((instance) => logged(instance, 'mail sent').length);
    expect(senders.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(MAILS);
    // each noted what its mail server accepted in a file of its own, replayed by it alone
    const notes = fs.readdirSync(dataDir).filter((file) => file.startsWith('outbox-accepted'));
    expect(notes.sort()).toEqual(['outbox-accepted-a.jsonl', 'outbox-accepted-b.jsonl']);
  });

  it('renders each document’s PDF once', async () => {
    await vi.waitFor(
      async () => {
        const missing = await handle.db
          .select({ id: documents.id })
          .from(documents)
          .where(isNull(documents.pdf));
        expect(missing).toEqual([]);
      },
      { timeout: 60_000, interval: 250 },
    );
    const rendered = [a, b].flatMap((instance) =>
      logged(instance, 'document PDF rendered').map((entry) => entry.documentId as string),
    );
    expect(rendered.toSorted()).toEqual(documentIds.toSorted());
  });

  it('sends the daily contract job’s mail once, however often the job runs on both', async () => {
    // both ran it at their start; the admin runs it on both at once, too
    const runs = await Promise.all(
      [a, b].map((instance) =>
        request(instance, '/api/admin/vertraege/lifecycle', { method: 'POST', token, body: {} }),
      ),
    );
    for (const run of runs) expect(run.status, await run.clone().text()).toBe(200);
    const subject = 'Dein Probemonat bei housnkuh endet in 7 Tagen';
    await smtp.waitFor((mail) => mail.subject === subject, 60_000);
    const queued = await handle.db
      .select({ id: outbox.id, status: outbox.status })
      .from(outbox)
      .where(eq(outbox.subject, subject));
    expect(queued).toHaveLength(1);
    await vi.waitFor(
      async () => {
        const [row] = await handle.db
          .select({ status: outbox.status })
          .from(outbox)
          .where(eq(outbox.id, queued[0]!.id));
        expect(row!.status).toBe('sent');
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(smtp.mails.filter((mail) => mail.subject === subject)).toHaveLength(1);
  });

  it('shares the sessions: signed in on one instance, signed in on the other', async () => {
    const session = await signIn(b);
    for (const instance of [a, b]) {
      const list = await request(instance, '/api/admin/vertraege', { token: session });
      expect(list.status).toBe(200);
    }
    const logout = await request(a, '/api/auth/logout', {
      method: 'POST',
      token: session,
      body: {},
    });
    expect(logout.status).toBe(200);
    const after = await request(b, '/api/admin/vertraege', { token: session });
    expect(after.status).toBe(401);
  });

  it('shows a finalize running on one instance on both; a second finalize joins it', async () => {
    const month = '2026-10';
    const progress = async (instance: Instance) =>
      (
        (await (
          await request(instance, `/api/admin/abrechnungen/${month}/fortschritt`, { token })
        ).json()) as {
          finalizing: unknown;
        }
      ).finalizing;
    // what an instance's finalize does (finalize.service.ts): the month's lock in its
    // transaction, its progress written beside it
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const running = transaction(handle.db, async (tx) => {
      expect(await tryLockFinalize(tx, month)).toBe(true);
      progressStarted(month, handle.db);
      progressIssuing(month, 3);
      progressStep(month);
      locked();
      await held;
      await progressEnded(month);
    });
    await isLocked;
    await vi.waitFor(
      async () => {
        for (const instance of [a, b])
          expect(await progress(instance)).toEqual({ phase: 'belege', done: 1, total: 3 });
      },
      { timeout: 10_000, interval: 100 },
    );
    // a second finalize on B waits for the running one instead of starting it again
    let answered = false;
    const joining = request(b, `/api/admin/abrechnungen/${month}/finalize`, {
      method: 'POST',
      token,
      body: {},
    }).then((response) => {
      answered = true;
      return response;
    });
    expect(await progress(a)).toEqual({ phase: 'belege', done: 1, total: 3 });
    expect(await progress(b)).toEqual({ phase: 'belege', done: 1, total: 3 });
    expect(answered).toBe(false);
    release();
    await running;
    // then it runs on its own: this month was never drafted, so it says so (nothing changed)
    const joined = await joining;
    expect(joined.status).toBe(404);
    expect(await joined.json()).toMatchObject({
      success: false,
      message: SETTLEMENT_MESSAGES.notFound,
    });
    for (const instance of [a, b]) expect(await progress(instance)).toBeNull();
    // progress left by an instance that died (its lock went with it) is no progress
    await handle.db
      .insert(settlementFinalizeProgress)
      .values({ month, phase: 'belege', done: 2, total: 3 });
    for (const instance of [a, b]) expect(await progress(instance)).toBeNull();
  });

  it('counts the rate limit across both instances', async () => {
    const client = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 4; i++) {
      const response = await request(i % 2 === 0 ? a : b, '/api/faqs/public', { client });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array.from({ length: RATE_LIMIT }, () => 200));
    // the limit's next requests are refused, on A as on B
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429, 429, 429]);
    const refused = await request(b, '/api/faqs/public', { client });
    expect(await refused.json()).toMatchObject({ success: false });
  });

  it('a rolling restart loses no request: the stopping one finishes its own, the proxy retries the refused on the other', async () => {
    /**
     * The proxy (deploy/nginx.conf: `proxy_next_upstream error …`): to A; a connection A refuses
     * (never sent, safe for any method) goes to B, and so does this GET when A closed a kept-alive
     * connection just as the request went out on it, without an answer: the race every HTTP/1.1
     * client meets at a server's stop (RFC 9112 § 9.3.1), retried by nginx for an idempotent
     * request. Any other failure fails the test.
     */
    const viaProxy = async (): Promise<number> => {
      try {
        return (await request(a, '/api/faqs/public')).status;
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code !== 'ECONNREFUSED' && code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET')
          throw error;
        return (await request(b, '/api/faqs/public')).status;
      }
    };
    let answered = 0;
    const burst = Array.from({ length: 60 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 10)).then(async () => {
        const status = await viaProxy();
        // A is stopped (SIGTERM, as a deploy does) while the burst is under way
        if (++answered === 10) a.child.kill('SIGTERM');
        return status;
      }),
    );
    const statuses = await Promise.all(burst);
    expect(statuses).toEqual(burst.map(() => 200));
    expect(await a.exited, a.output().slice(-3000)).toBe(0);
    expect(logged(a, 'clean stop took too long, exiting')).toEqual([]);

    const served = await request(b, '/api/faqs/public');
    expect(served.status).toBe(200);
    b.child.kill('SIGTERM');
    expect(await b.exited, b.output().slice(-3000)).toBe(0);
  });
});
