import { clock } from '@housnkuh/shared/clock';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { priceSelection } from '@housnkuh/shared/pricing';
import { RETENTION_DAYS } from '@housnkuh/shared/retention';
import { eq, inArray, like } from 'drizzle-orm';
import { accountTokens, loginFailures, sessions } from '../src/modules/accounts/schema';
import { newsletterConsents, newsletterSubscribers } from '../src/modules/newsletter/schema';
import { outbox } from '../src/modules/mail/schema';
import { bookingRequests } from '../src/modules/bookings/schema';
import { contracts } from '../src/modules/contracts/schema';
import { vendors } from '../src/modules/vendors/schema';
import { applyRetention, cleanUpAccounts } from '../src/modules/accounts/account-cleanup';
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
    const tag = await seedAccountData(clock.nowMs());
    const result = await cleanUpAccounts(database.db);
    expect(result).toEqual({ sessions: 1, loginFailures: 1, accountTokens: 3 });
    expect(await remaining(tag)).toEqual(KEPT);
  });

  it('runs in the background once the server is ready, and stops with it', async () => {
    const tag = await seedAccountData(clock.nowMs());
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

describe('retention periods', () => {
  it('deletes sent mails, unconfirmed sign-ups and unconfirmed accounts after their stated time', async () => {
    const now = clock.nowMs();
    const daysAgo = (days: number) => new Date(now - days * DAY - MINUTE);
    const tag = randomUUID().slice(0, 8);
    const mails = RETENTION_DAYS.mails;

    const mail = (name: string, status: string, createdAt: Date, sentAt: Date | null) => ({
      toAddress: `${name}-${tag}@beispiel.de`,
      subject: 'Hallo',
      textBody: 'Grüße',
      kind: 'test',
      status,
      createdAt,
      sentAt,
    });
    await database.db
      .insert(outbox)
      .values([
        mail('sent-old', 'sent', daysAgo(mails + 1), daysAgo(mails)),
        mail('sent-recent', 'sent', daysAgo(mails + 1), daysAgo(mails - 1)),
        mail('failed-old', 'failed', daysAgo(mails), null),
        mail('failed-recent', 'failed', daysAgo(mails - 1), null),
        mail('pending-old', 'pending', daysAgo(mails + 5), null),
      ]);

    const newsletter = RETENTION_DAYS.unconfirmedNewsletter;
    const subscriber = (
      name: string,
      status: string,
      confirmTokenExpiresAt: Date | null,
      updatedAt: Date,
    ) => ({
      email: `${name}-${tag}@beispiel.de`,
      type: 'customer',
      status,
      confirmTokenExpiresAt,
      createdAt: updatedAt,
      updatedAt,
    });
    const insertedSubscribers = await database.db
      .insert(newsletterSubscribers)
      .values([
        subscriber(
          'link-expired-long-ago',
          'pending',
          daysAgo(newsletter),
          daysAgo(newsletter + 7),
        ),
        subscriber('link-expired-lately', 'pending', daysAgo(newsletter - 1), daysAgo(20)),
        subscriber('never-mailed-old', 'pending', null, daysAgo(newsletter + 7)),
        subscriber('never-mailed-recent', 'pending', null, daysAgo(newsletter + 6)),
        subscriber('confirmed', 'confirmed', daysAgo(400), daysAgo(400)),
      ])
      .returning({ id: newsletterSubscribers.id });
    await database.db.insert(newsletterConsents).values(
      insertedSubscribers.map((row) => ({
        subscriberId: row.id,
        textVersion: 'v1',
        consentText: 'Ja',
      })),
    );

    const accounts = RETENTION_DAYS.unconfirmedAccounts;
    const account = (name: string, createdAt: Date, confirmed: boolean, password = true) => ({
      email: `${name}-${tag}@beispiel.de`,
      name: 'Anna Huber',
      passwordHash: password ? 'argon2-hash' : null,
      emailConfirmedAt: confirmed ? createdAt : null,
      createdAt,
    });
    const inserted = await database.db
      .insert(vendors)
      .values([
        account('unconfirmed-old', daysAgo(accounts), false),
        account('unconfirmed-recent', daysAgo(accounts - 1), false),
        account('confirmed-old', daysAgo(accounts + 100), true),
        account('created-by-shop', daysAgo(accounts + 100), false, false),
        account('unconfirmed-with-contract', daysAgo(accounts + 100), false),
      ])
      .returning({ id: vendors.id, email: vendors.email });
    const idOf = (name: string) => inserted.find((v) => v.email.startsWith(`${name}-`))!.id;
    const packageData = priceSelection({
      provisionType: 'basic',
      packageCounts: { 'block-a': 1 },
      rentalDuration: 3,
      zusatzleistungen: { lagerservice: false, versandservice: false },
    });
    const booking = {
      origin: 'registration',
      provisionType: 'basic',
      rentalDuration: 3,
      monthlyPriceCents: packageData.price.monthlyTotal,
      packageData,
    };
    await database.db.insert(bookingRequests).values([
      { ...booking, vendorId: idOf('unconfirmed-old') },
      { ...booking, vendorId: idOf('unconfirmed-recent') },
    ]);
    await database.db.insert(contracts).values({
      vendorId: idOf('unconfirmed-with-contract'),
      status: 'active',
      provisionType: 'basic',
      rentalDuration: 3,
      monthlyPriceCents: 1000,
      startDate: '2026-01-01',
      packageSnapshot: {},
    });

    expect(await applyRetention(database.db, new Date(now))).toEqual({
      mails: 2,
      newsletterSubscribers: 2,
      vendors: 1,
    });

    const names = (emails: string[]) =>
      emails.map((email) => email.slice(0, email.indexOf(`-${tag}`))).sort();
    const keptMails = await database.db
      .select({ to: outbox.toAddress })
      .from(outbox)
      .where(like(outbox.toAddress, `%-${tag}@beispiel.de`));
    expect(names(keptMails.map((row) => row.to))).toEqual([
      'failed-recent',
      'pending-old',
      'sent-recent',
    ]);
    const keptSubscribers = await database.db
      .select({ email: newsletterSubscribers.email, id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(like(newsletterSubscribers.email, `%-${tag}@beispiel.de`));
    expect(names(keptSubscribers.map((row) => row.email))).toEqual([
      'confirmed',
      'link-expired-lately',
      'never-mailed-recent',
    ]);
    // the consents of deleted sign-ups go with them
    const consents = await database.db
      .select()
      .from(newsletterConsents)
      .where(
        inArray(
          newsletterConsents.subscriberId,
          insertedSubscribers.map((row) => row.id),
        ),
      );
    expect(consents).toHaveLength(3);
    const keptVendors = await database.db
      .select({ email: vendors.email })
      .from(vendors)
      .where(like(vendors.email, `%-${tag}@beispiel.de`));
    expect(names(keptVendors.map((row) => row.email))).toEqual([
      'confirmed-old',
      'created-by-shop',
      'unconfirmed-recent',
      'unconfirmed-with-contract',
    ]);
    expect(
      await database.db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.vendorId, idOf('unconfirmed-old'))),
    ).toHaveLength(0);
  });
});
