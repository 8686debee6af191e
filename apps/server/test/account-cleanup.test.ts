import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { accountTokens, loginFailures, sessions } from '../src/db/schema/accounts';
import { vendors } from '../src/db/schema/vendors';
import { cleanUpAccounts } from '../src/modules/auth/account-cleanup';
import { testConfig, testDatabase } from './helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let database: DatabaseHandle;

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

/** One row of each kind that has to go, and one of each that has to stay. */
async function seedAccountData(now: number) {
  const [vendor] = await database.db
    .insert(vendors)
    .values({ email: `aufraeumen-${randomUUID()}@beispiel.de`, name: 'Anna Huber' })
    .returning({ id: vendors.id });
  const vendorId = vendor!.id;
  const at = (offset: number) => new Date(now + offset);
  const tag = randomUUID();

  await database.db.insert(sessions).values([
    { tokenHash: `expired-${tag}`, kind: 'vendor', accountId: vendorId, expiresAt: at(-MINUTE) },
    { tokenHash: `valid-${tag}`, kind: 'vendor', accountId: vendorId, expiresAt: at(DAY) },
  ]);
  await database.db.insert(loginFailures).values([
    { accountKey: `vendor:old-${tag}`, createdAt: at(-16 * MINUTE) },
    { accountKey: `vendor:recent-${tag}`, createdAt: at(-5 * MINUTE) },
  ]);
  const token = (name: string, purpose: string, expiresAt: Date, usedAt: Date | null = null) => ({
    tokenHash: `${name}-${tag}`,
    purpose,
    vendorId,
    expiresAt,
    usedAt,
    createdAt: at(-MINUTE),
  });
  await database.db.insert(accountTokens).values([
    token('reset-used', 'reset-password', at(30 * MINUTE), at(-MINUTE)),
    token('reset-expired', 'reset-password', at(-MINUTE)),
    token('reset-valid', 'reset-password', at(30 * MINUTE)),
    token('confirm-long-expired', 'confirm-email', at(-31 * DAY)),
    // still answers "already confirmed" / "expired" when opened again
    token('confirm-used', 'confirm-email', at(-DAY), at(-2 * DAY)),
    token('confirm-valid', 'confirm-email', at(DAY)),
  ]);
  return tag;
}

/** The names of this seed's rows that are still there. */
async function remaining(tag: string) {
  const names = (values: string[]) =>
    values
      .filter((value) => value.endsWith(`-${tag}`))
      .map((value) => value.slice(0, -tag.length - 1))
      .sort();
  return {
    sessions: names((await database.db.select().from(sessions)).map((row) => row.tokenHash)),
    loginFailures: names(
      (await database.db.select().from(loginFailures)).map((row) => row.accountKey),
    ),
    accountTokens: names(
      (await database.db.select().from(accountTokens)).map((row) => row.tokenHash),
    ),
  };
}

const KEPT = {
  sessions: ['valid'],
  loginFailures: ['vendor:recent'],
  accountTokens: ['confirm-used', 'confirm-valid', 'reset-valid'],
};

describe('cleanup of expired account data', () => {
  it('deletes expired sessions, old failed logins and spent links, and keeps the rest', async () => {
    const tag = await seedAccountData(Date.now());
    const result = await cleanUpAccounts(database.db);
    expect(result).toEqual({ sessions: 1, loginFailures: 1, accountTokens: 3 });
    expect(await remaining(tag)).toEqual(KEPT);
  });

  it('runs in the background once the server is ready, and stops with it', async () => {
    const tag = await seedAccountData(Date.now());
    const app = await buildApp(testConfig(), {
      logger: false,
      database,
      startOutbox: false,
      startGeocoding: false,
    });
    try {
      await app.ready();
      await vi.waitFor(async () => expect(await remaining(tag)).toEqual(KEPT), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await app.close();
    }
  });
});
