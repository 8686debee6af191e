// Crash safety (issue 32, docs/decisions/0054-crash-safety.md): the server process is killed
// (SIGKILL) again and again at seeded random moments while clients register, book, import
// sales, post till receipts, finalize a month and create its payment run; it restarts on the
// same data each time. At the end: every write answered with 2xx is there, no outbox mail is
// lost or sent twice, no document number is skipped or used twice, every document has its PDF,
// and no payout is in two runs. On the embedded database (its data directory survives the
// process) and, with DATABASE_URL, on PostgreSQL (there only the server process dies).
//
// CRASH_KILLS (default 10) and CRASH_SEED (default 32) make a longer or another run
// (`npm run crash`: 100 kills, each step traced); the figures are printed either way.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ChildProcess } from 'node:child_process';
import { inStoreEan } from '@housnkuh/shared/ean';
import { PAYMENT_RUN_MESSAGES } from '@housnkuh/shared/schemas/payment-runs';
import { createScratchDatabase } from '@housnkuh/test-support/postgres';
import {
  CATALOG_PACKAGE_DATA,
  registrationBody,
  TEST_PASSWORD,
} from '@housnkuh/test-support/registration';
import { startSmtpCatcher, type SmtpCatcher } from '@housnkuh/test-support/smtp-catcher';
import { eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMBEDDED_EXTENSIONS, openDatabase, type Database } from '../src/db/client';
import { numberSeries } from '../src/db/schema/number-series';
import { hashPassword } from '../src/lib/passwords';
import { createAdmin } from '../src/modules/accounts/public';
import { bookingRequests } from '../src/modules/bookings/schema';
import { documents } from '../src/modules/documents/schema';
import { outbox } from '../src/modules/mail/schema';
import { salesLines } from '../src/modules/sales/schema';
import { paymentRuns, payouts, settlementMonths } from '../src/modules/settlement/schema';
import { vendors } from '../src/modules/vendors/schema';
import { producer } from './documents-fixtures';
import { tempDir } from './helpers';
import { product } from './sales-fixtures';
import { startServer, waitForHealth, type ServerProcess } from './server-process';

const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const SEED = Number(process.env.CRASH_SEED ?? 32);
/** The server's clock at the first start (each restart goes on from where the last one was). */
const CLOCK_BASE = Date.parse('2026-11-16T10:00:00+01:00');
/** The month the admin settles while the server dies (the shop opened on its first day). */
const MONTH = '2026-10';
const PRODUCERS = ['Anna Müller', 'Bernd Huber', 'Clara Schmidt', 'Dieter Wolf'];

/** mulberry32: the kill moments and pauses, the same for a seed every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** CRASH_VERBOSE=1: what the test does, as it goes. */
const trace = (message: string) => {
  if (process.env.CRASH_VERBOSE) process.stderr.write(`[crash] ${message}\n`);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where the server runs: a PGlite data directory (started from the migrated copy global-setup.ts
 * made, which spares a first start's initdb), or a fresh PostgreSQL database.
 */
async function sharedDatabase() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = tempDir('housnkuh-crash-');
    const template = inject('embeddedTemplate');
    if (template) {
      const client = new PGlite(path.join(dataDir, 'pgdata'), {
        loadDataDir: new Blob([fs.readFileSync(template)]),
        extensions: EMBEDDED_EXTENSIONS,
      });
      await client.waitReady;
      await client.close();
    }
    return { url: undefined, dataDir, drop: async () => {} };
  }
  const scratch = await createScratchDatabase(
    adminUrl,
    'housnkuh_test_crash32',
    inject('postgresTemplate') ?? undefined,
  );
  // the data directory keeps this instance's note of the mails the mail server accepted
  return { url: scratch.url, dataDir: tempDir('housnkuh-crash-'), drop: scratch.drop };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A request to the running server; throws when the connection fails (the server died). */
async function request(
  port: number,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; csv?: string; client?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // the server trusts the proxy on this machine: each client its own address (own rate limits)
  if (options.client) headers['x-forwarded-for'] = options.client;
  let payload: string | undefined;
  if (options.csv !== undefined) {
    headers['content-type'] = 'text/csv; charset=utf-8';
    payload = options.csv;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers,
    body: payload,
  });
  const text = await response.text();
  answered += 1;
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

/** Answers the clients got so far (any status): the kill moments are counted in them. */
let answered = 0;

let smtp: SmtpCatcher;
const children: ChildProcess[] = [];
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await smtp.close();
});

describe('crash safety', () => {
  it(
    `${KILLS} kills at random moments: every acknowledged write kept, every mail arrives (twice only when a kill cut its send), numbers without gaps, every PDF, no payout twice`,
    async () => {
      const started = Date.now();
      const rng = random(SEED);
      const shared = await sharedDatabase();
      const honey = PRODUCERS.map((_, i) => inStoreEan(3201 + i));
      const producerEmails: string[] = [];
      try {
        // ---- the shop before the first start: an admin, four producers who can log in, products
        let handle = await openDatabase(shared);
        await createAdmin(handle.db, {
          username: 'eva',
          name: 'Eva Muster',
          password: TEST_PASSWORD,
        });
        const passwordHash = await hashPassword(TEST_PASSWORD);
        for (const [i, name] of PRODUCERS.entries()) {
          const { id, email } = await producer(handle.db, name);
          await handle.db
            .update(vendors)
            .set({ passwordHash, emailConfirmedAt: new Date(CLOCK_BASE - 86_400_000) })
            .where(eq(vendors.id, id));
          await product(handle.db as Database, id, {
            name: `Honig ${i + 1}`,
            ean: honey[i]!,
            priceCents: 500 + 100 * i,
          });
          producerEmails.push(email);
        }
        await handle.close();

        let port = 0;
        let server: ServerProcess | undefined;
        let clockMs = CLOCK_BASE;
        let lastStart = Date.now();
        const start = (jumpMs = 0) => {
          // the clock goes on where it was (a lease or a "sent a moment ago" never looks back)
          clockMs += Date.now() - lastStart + jumpMs;
          lastStart = Date.now();
          // PORT 0: the system chooses a free port and the server tells which (waitForHealth); a
          // port chosen here may be taken by another test's server before this one listens
          server = startServer(
            {
              DATA_DIR: shared.dataDir,
              ...(shared.url ? { DATABASE_URL: shared.url } : {}),
              SMTP_URL: smtp.url,
              PUBLIC_URL: 'http://shop.test',
              CLOCK_START: new Date(clockMs).toISOString(),
              TRUST_PROXY: 'true',
              RATE_LIMIT_PER_MINUTE: '100000',
              GEOCODER_URL: 'http://127.0.0.1:9/search',
              LOG_LEVEL: 'error',
              WEB_DIST: tempDir('no-web-'),
            },
            children,
          );
          return server;
        };

        // ---- first start, not killed: the settings a finalize needs, a till key, October's sales
        start();
        ({ port } = await waitForHealth(server!, 90_000));
        const login = await request(port, 'POST', '/api/auth/login', {
          body: { username: 'eva', password: TEST_PASSWORD },
        });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        const admin = login.body.token as string;
        const patched = await request(port, 'PATCH', '/api/admin/settings', {
          token: admin,
          body: {
            openingDate: `${MONTH}-01`,
            phone: '09261 123456',
            legal: { ownerName: 'Eva Muster', legalForm: 'Einzelunternehmen' },
          },
        });
        expect(patched.status, JSON.stringify(patched.body)).toBe(200);
        const billing = await request(port, 'GET', '/api/admin/billing-settings', { token: admin });
        const entered = await request(port, 'PUT', '/api/admin/billing-settings', {
          token: admin,
          body: {
            ...(billing.body.settings as object),
            steuernummer: '218/123/45678',
            iban: 'DE89370400440532013000',
            kontoinhaber: 'Eva Muster',
          },
        });
        expect(entered.status, JSON.stringify(entered.body)).toBe(200);
        const key = await request(port, 'POST', '/api/admin/pos-keys', {
          token: admin,
          body: { name: 'Kasse Laden' },
        });
        expect(key.status, JSON.stringify(key.body)).toBe(200);
        const till = key.body.secret as string;
        const october = await request(port, 'POST', '/api/admin/sales/import', {
          token: admin,
          csv: [
            'beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz',
            ...honey.map(
              (ean, i) => `O-${i + 1};1;${10 + i}.10.2026 09:15;${ean};Honig;${i + 1};10,00;7`,
            ),
          ].join('\r\n'),
        });
        expect(october.status, JSON.stringify(october.body)).toBe(200);
        const opened = await request(port, 'POST', '/api/admin/abrechnungen', {
          token: admin,
          body: { month: MONTH },
        });
        expect(opened.status, JSON.stringify(opened.body)).toBe(200);
        const sessions: string[] = [];
        for (const [i, email] of producerEmails.entries()) {
          const vendorLogin = await request(port, 'POST', '/api/vendor-auth/login', {
            body: { email, password: TEST_PASSWORD },
            client: `10.32.0.${i + 1}`,
          });
          expect(vendorLogin.status, JSON.stringify(vendorLogin.body)).toBe(200);
          sessions.push(vendorLogin.body.token as string);
        }

        trace(`set up at ${Math.round((Date.now() - started) / 1000)} s`);
        // ---- what the clients were told: 2xx answers only
        const acked = {
          registrations: [] as string[],
          bookings: [] as string[],
          receipts: [] as string[],
          finalizedDocuments: [] as { id: string; number: string }[],
          runs: [] as string[],
        };
        /** Answers that are no 2xx, by route and status (a 5xx fails the test). */
        const refused = new Map<string, number>();
        const note = (route: string, answer: Answer) => {
          const key = `${route} ${answer.status}${answer.status >= 500 ? ` ${JSON.stringify(answer.body).slice(0, 200)}` : ''}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
        };
        let counter = 0;
        const next = () => ++counter;
        const state = { money: 'finalize' as 'finalize' | 'run' | 'done' };
        const moneyFrom = 2 + Math.floor(rng() * 6);
        let running = false;

        const clients = (withTreasurer: boolean) => {
          const loop = async (step: () => Promise<void>) => {
            try {
              while (running) await step();
            } catch {
              // the connection failed: the server died under the request
            }
          };
          const registrar = loop(async () => {
            const n = next();
            const email = `neu${n}@beispiel.de`;
            const answer = await request(port, 'POST', '/api/vendor-auth/register', {
              body: registrationBody(email, { packageData: structuredClone(CATALOG_PACKAGE_DATA) }),
              client: `10.33.${n >> 8}.${n & 255}`,
            });
            if (answer.status < 300) acked.registrations.push(email);
            else note('register', answer);
          });
          const booker = loop(async () => {
            const n = next();
            const which = n % sessions.length;
            const answer = await request(port, 'POST', '/api/vendor-auth/additional-booking', {
              token: sessions[which],
              body: {
                packageData: {
                  selectedProvisionType: 'basic',
                  packageCounts: { 'block-a': 1 },
                  rentalDuration: 3,
                },
              },
              client: `10.34.${n >> 8}.${n & 255}`,
            });
            if (answer.status < 300)
              acked.bookings.push((answer.body.booking as { id: string }).id);
            else note('additional-booking', answer);
          });
          const importer = loop(async () => {
            const receipt = `I-${next()}`;
            const answer = await request(port, 'POST', '/api/admin/sales/import', {
              token: admin,
              csv: [
                'beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz',
                `${receipt};1;16.11.2026 09:15;${honey[0]};Honig;1;5,00;7`,
                `${receipt};2;16.11.2026 09:15;${honey[1]};Honig;2;6,00;7`,
              ].join('\r\n'),
            });
            if (answer.status < 300) acked.receipts.push(receipt);
            else note('sales/import', answer);
          });
          const tillClient = loop(async () => {
            const receipt = `K-${next()}`;
            const line = (position: number, ean: string, cents: number) => ({
              position,
              ean,
              name: 'Honig',
              quantity: 1,
              unitPriceGrossCents: cents,
              vatRate: 7,
            });
            const answer = await request(port, 'POST', '/api/pos/sales', {
              token: till,
              body: {
                receipts: [
                  {
                    id: receipt,
                    time: '2026-11-16T09:30:00+01:00',
                    lines: [line(1, honey[2]!, 700), line(2, honey[3]!, 800)],
                  },
                ],
              },
            });
            if (answer.status < 300) acked.receipts.push(receipt);
            else note('pos/sales', answer);
          });
          const treasurer = !withTreasurer
            ? Promise.resolve()
            : loop(async () => {
                if (state.money === 'finalize') {
                  const answer = await request(
                    port,
                    'POST',
                    `/api/admin/abrechnungen/${MONTH}/finalize`,
                    { token: admin },
                  );
                  if (answer.status < 300) {
                    acked.finalizedDocuments = (
                      answer.body.documents as { id: string; number: string }[]
                    ).map(({ id, number }) => ({ id, number }));
                    state.money = 'run';
                  } else note('finalize', answer);
                } else if (state.money === 'run') {
                  const answer = await request(
                    port,
                    'POST',
                    `/api/admin/abrechnungen/${MONTH}/zahlungslauf`,
                    { token: admin, body: {} },
                  );
                  if (answer.status < 300) {
                    acked.runs.push((answer.body.run as { id: string }).id);
                    state.money = 'done';
                  } else if (
                    answer.status === 409 &&
                    answer.body.message === PAYMENT_RUN_MESSAGES.noOpenPayouts
                  ) {
                    // an earlier call made the run, and the server died before it answered
                    state.money = 'done';
                  } else note('zahlungslauf', answer);
                } else await sleep(100);
              });
          return Promise.all([registrar, booker, importer, tillClient, treasurer]);
        };

        // ---- the kills: the first during the setup server's workload, then one per restart
        let earlyKills = 0;
        for (let cycle = 0; cycle < KILLS; cycle += 1) {
          if (cycle > 0) start();
          const current = server!;
          let work: Promise<unknown> = Promise.resolve();
          if (cycle > 0 && rng() < 0.15) {
            // now and then while it starts: opening the database, recovering, migrating
            earlyKills += 1;
            await sleep(200 + rng() * 2300);
          } else {
            ({ port } = await waitForHealth(current, 90_000));
            trace(`cycle ${cycle}: up at ${Math.round((Date.now() - started) / 1000)} s`);
            running = true;
            // the admin in some cycles only: a finalize holds the embedded database while it runs
            work = clients(cycle >= moneyFrom && rng() < 0.4);
            // the moment: after a random number of answers (so a slow machine sees as much work
            // as a fast one), then a random part of a request's time; at the latest after 8 s
            const target = answered + 1 + Math.floor(rng() * 24);
            const latest = Date.now() + 8_000;
            while (answered < target && Date.now() < latest) await sleep(10);
            await sleep(rng() * 250);
          }
          trace(
            `cycle ${cycle}: kill; ${JSON.stringify(Object.fromEntries(Object.entries(acked).map(([k, v]) => [k, v.length])))} ${state.money} at ${Math.round((Date.now() - started) / 1000)} s; refused ${JSON.stringify([...refused])}`,
          );
          current.child.kill('SIGKILL');
          await current.exited;
          running = false;
          await work;
        }

        // ---- the last start (its clock past every mail's lease): the admin finishes the month
        start(10 * 60_000);
        ({ port } = await waitForHealth(server!, 90_000));
        running = true;
        const finishing = clients(true);
        const moneyUntil = Date.now() + 60_000;
        while (state.money !== 'done' && Date.now() < moneyUntil) await sleep(100);
        expect(state.money, [...refused].join('\n')).toBe('done');
        running = false;
        await finishing;
        // every mail the acknowledged writes owe, then quiet for three seconds; a mail whose
        // attempt failed (a send timeout on a busy machine) waits for its retry: the server is
        // started again with its clock an hour on (the longest backoff), at most three times
        const expectedTo = [...acked.registrations, ...producerEmails];
        let current = server!;
        for (let round = 0; ; round += 1) {
          let seen = -1;
          const waitUntil = Date.now() + 60_000;
          while (Date.now() < waitUntil) {
            const arrived = new Set(smtp.mails.map((mail) => mail.to));
            if (expectedTo.every((to) => arrived.has(to)) && smtp.mails.length === seen) break;
            seen = smtp.mails.length;
            await sleep(3000);
          }
          trace(
            `round ${round}: ${smtp.mails.length} mails; refused ${JSON.stringify([...refused])}`,
          );
          current.child.kill('SIGTERM');
          expect(await current.exited).toBe(0);
          handle = await openDatabase(shared);
          const unsent = await handle.db
            .select({ id: outbox.id })
            .from(outbox)
            .where(ne(outbox.status, 'sent'));
          if (unsent.length === 0 || round === 3) break;
          await handle.close();
          current = start(60 * 60_000);
          ({ port } = await waitForHealth(current, 90_000));
        }

        // ---- the checks, on the data as the server left it
        try {
          const db = handle.db;
          // every acknowledged write is there
          const registered = await db
            .select({ email: vendors.email })
            .from(vendors)
            .where(inArray(vendors.email, ['', ...acked.registrations]));
          expect(registered.map((row) => row.email).sort()).toEqual(
            [...acked.registrations].sort(),
          );
          const booked = acked.bookings.length
            ? await db
                .select({ id: bookingRequests.id })
                .from(bookingRequests)
                .where(inArray(bookingRequests.id, acked.bookings))
            : [];
          // a producer's repeated request joins its pending one: the same id answered again
          expect(booked.map((row) => row.id).sort()).toEqual([...new Set(acked.bookings)].sort());
          const lines = await db
            .select({ receiptId: salesLines.receiptId, position: salesLines.position })
            .from(salesLines);
          const kept = new Set(lines.map((line) => `${line.receiptId}/${line.position}`));
          const missing = acked.receipts.flatMap((receipt) =>
            [1, 2].map((position) => `${receipt}/${position}`).filter((line) => !kept.has(line)),
          );
          expect(missing).toEqual([]);
          const [month] = await db
            .select()
            .from(settlementMonths)
            .where(eq(settlementMonths.month, MONTH));
          expect(month?.status).toBe('final');

          // documents: each number once, none skipped, each with its PDF (the renderer resumed)
          const issued = await db.select().from(documents);
          expect(issued.length).toBeGreaterThanOrEqual(PRODUCERS.length);
          const bySeries = new Map<string, number[]>();
          for (const document of issued) {
            const match = /^(.+)-(\d+)$/.exec(document.number);
            expect(match, document.number).not.toBeNull();
            bySeries.set(match![1]!, [...(bySeries.get(match![1]!) ?? []), Number(match![2])]);
            expect(document.pdf, `${document.number} without PDF`).not.toBeNull();
            expect(createHash('sha256').update(document.pdf!).digest('hex')).toBe(document.sha256);
          }
          for (const [series, numbers] of bySeries) {
            expect(
              numbers.sort((a, b) => a - b),
              series,
            ).toEqual(numbers.map((_, i) => i + 1));
          }
          const counters = await db.select().from(numberSeries);
          for (const [series, numbers] of bySeries) {
            const year = Number(series.slice(-4));
            // the counter stands at the last number given out: none was given out and lost
            expect(
              counters.some((row) => row.year === year && row.last === numbers.length),
              series,
            ).toBe(true);
          }
          const numbers = new Map(issued.map((document) => [document.id, document.number]));
          for (const document of acked.finalizedDocuments)
            expect(numbers.get(document.id)).toBe(document.number);

          // payouts: one per producer, each in at most one run and in that run's file only
          const paid = await db.select().from(payouts).where(eq(payouts.month, MONTH));
          expect(paid).toHaveLength(PRODUCERS.length);
          const runs = await db.select().from(paymentRuns).where(eq(paymentRuns.month, MONTH));
          expect(runs.map((run) => run.id)).toEqual(expect.arrayContaining(acked.runs));
          for (const payout of paid) {
            const inFiles = runs.filter((run) => run.xml.includes(payout.statementNumber!));
            expect(inFiles.map((run) => run.id)).toEqual(payout.runId ? [payout.runId] : []);
          }
          for (const run of runs) {
            const own = paid.filter((payout) => payout.runId === run.id);
            expect([run.count, run.totalCents]).toEqual([
              own.length,
              own.reduce((sum, payout) => sum + payout.amountCents, 0),
            ]);
          }

          // the outbox: every mail sent; each arrived, and once (by its Message-ID)
          const rows = await db.select().from(outbox);
          expect(
            rows
              .filter((row) => row.status !== 'sent')
              .map((row) => [row.id, row.kind, row.status, row.attempts, row.lastError]),
          ).toEqual([]);
          const received = new Map<number, number>();
          for (const mail of smtp.mails) {
            const id = Number(/^<?outbox-(\d+)-/.exec(mail.messageId)?.[1]);
            received.set(id, (received.get(id) ?? 0) + 1);
          }
          expect([...received.keys()].sort((a, b) => a - b)).toEqual(
            rows.map((row) => row.id).sort((a, b) => a - b),
          );
          // a mail arrives twice only when the kill fell between the mail server's "accepted" and
          // the commit of 'sent' (no protocol can tell that moment): then it was tried again, and
          // with the same Message-ID, so the recipient's mail program shows it once
          const twice = [...received].filter(([, count]) => count > 1).map(([id]) => id);
          const retried = new Set(rows.filter((row) => row.attempts > 1).map((row) => row.id));
          expect(twice.filter((id) => !retried.has(id))).toEqual([]);
          const arrived = new Set(smtp.mails.map((mail) => mail.to));
          expect(expectedTo.filter((to) => !arrived.has(to))).toEqual([]);

          expect([...refused.keys()].filter((route) => / 5\d\d/.test(route))).toEqual([]);
          process.stdout.write(
            `${[
              `crash test (${shared.url ? 'PostgreSQL' : 'embedded'}, seed ${SEED}): ${KILLS} kills (${earlyKills} while starting) in ${Math.round((Date.now() - started) / 1000)} s`,
              `acknowledged: ${acked.registrations.length} registrations, ${acked.bookings.length} bookings, ${acked.receipts.length} receipts (import and till), finalize ${acked.finalizedDocuments.length ? 'yes' : 'no (done before its answer)'}, ${acked.runs.length} payment run(s)`,
              `mails: ${rows.length} in the outbox, ${smtp.mails.length} received, ${twice.length} of them twice (same Message-ID), ${retried.size} tried again after an interrupted attempt`,
              `documents: ${issued.length} (${[...bySeries].map(([series, n]) => `${series}: ${n.length}`).join(', ')}), runs: ${runs.length}`,
              `refused: ${[...refused].map(([route, n]) => `${route} ×${n}`).join(', ') || 'none'}`,
            ].join('\n')}\n`,
          );
        } finally {
          await handle.close();
        }
      } finally {
        await shared.drop();
      }
    },
    // a ceiling, not a timing: a restart takes 5 s on an idle machine, a minute on a crowded one
    300_000 + KILLS * 60_000,
  );
});
