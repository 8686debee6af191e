import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL
 * is set, a new PostgreSQL database that is dropped again on close.
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory' });

  const name = `housnkuh_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: 'unused' });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function tempDir(prefix = 'housnkuh-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
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
    ...extra,
  };
}

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** A real SMTP server in this process that keeps every mail it receives. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            mails.push({
              to: parsed.to?.[0]?.address ?? '',
              from: parsed.from?.address ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
              messageId: parsed.messageId ?? '',
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits until a mail matching `predicate` has arrived. */
    async waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('mail did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
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

/** A password the registration accepts. */
export const TEST_PASSWORD = 'Sicher1!';

/**
 * A valid registration body; its package is a tampered client's (prices 0,
 * total 1), which the server must price from the catalog.
 */
export function registrationBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    name: 'Anna Huber',
    telefon: '09261 12345',
    unternehmen: 'Hof Huber',
    strasse: 'Dorfstraße',
    hausnummer: '3',
    plz: '96317',
    ort: 'Kronach',
    comments: 'Ich habe vor allem Eier und Nudeln.',
    agreeToTerms: true,
    agreeToPrivacy: true,
    packageData: {
      selectedProvisionType: 'premium',
      packageCounts: { 'block-a': 2, 'block-cold': 1 },
      rentalDuration: 6,
      zusatzleistungen: { lagerservice: true, versandservice: false },
      // a tampered client: prices 0, total 1, discount 90 %
      packageOptions: [
        { id: 'block-a', name: 'Verkaufsblock Lage A', price: 0 },
        { id: 'block-cold', name: 'gekühlt', price: 0 },
      ],
      totalCost: { monthly: 1, oneTime: 0, provision: 7 },
      discount: 0.9,
    },
    ...overrides,
  };
}
