import fs from 'node:fs';
import path from 'node:path';
import { clock } from '@housnkuh/shared/clock';
import { demoMonths, demoOpening } from '@housnkuh/shared/demo-months';
import { berlinInstant } from '@housnkuh/shared/format';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MONEY } from '../src/db/demo-money';
import { DEMO_VENDORS } from '../src/db/demo-data';
import { createAdmin } from '../src/modules/accounts/public';
import { contracts } from '../src/modules/contracts/schema';
import { products } from '../src/modules/products/schema';
import { bearerSender, createTestApp, type TestApp } from './helpers';

// "Demo data that tells the truth" (issue 30, docs/decisions/0043-discount-term-and-demo.md): on a fresh install
// the owner sets the demo's opening as the opening date, enters the billing data, imports the
// shipped demo sales, assigns the two deposits rung up on the till's own key to Kelterei Bauer's
// deposit, and settles the first three months from the opening: the free month (rent for its
// last day only), rent, Holzwerkstatt Fischer's negative month and its offset. The shipped CSV
// is made for an install in November 2026, so the clock stands there.
const INSTALL = '2026-11-27';
clock.set(berlinInstant(INSTALL, '10:00'));
afterAll(() => clock.reset());

const CSV = path.resolve(import.meta.dirname, '../../../demo/kassenverkaeufe.csv');
const [JULY, AUGUST, SEPTEMBER] = demoMonths(INSTALL) as [string, string, string];

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp({
    env: { DEMO_DATA: 'true' },
    config: { rateLimits: { global: 10_000, forms: 1000, login: 1000, sensitive: 1000 } },
  });
  await createAdmin(t.database.db, {
    username: 'eva',
    name: 'Eva Muster',
    password: TEST_PASSWORD,
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'eva', password: TEST_PASSWORD },
  });
  token = login.json().token as string;
});
afterAll(async () => {
  await t?.close();
});

const call = bearerSender(
  () => t,
  () => token,
);

interface Item {
  vendorName: string;
  salesGrossCents: number;
  commissionGrossCents: number;
  rentGrossCents: number;
  openItemsCents: number;
  payoutCents: number;
  blockers: string[];
}

async function draft(month: string) {
  const answer = await call('POST', '/api/admin/abrechnungen', { month });
  expect(answer.statusCode, answer.body).toBe(200);
  const items = answer.json().items as Item[];
  return (name: string) => items.find((item) => item.vendorName === name)!;
}

async function finalize(month: string) {
  const answer = await call('POST', `/api/admin/abrechnungen/${month}/finalize`);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().blocked).toEqual([]);
}

describe('the demo months, settled in order', () => {
  it('opens four months before the install month; its contracts start then, numbered in their year', async () => {
    expect(demoOpening(INSTALL)).toBe('2026-07-01');
    const rows = await t.database.db.select().from(contracts);
    expect(rows).toHaveLength(DEMO_VENDORS.length);
    for (const row of rows) {
      expect(row.startDate).toBe('2026-07-01');
      expect(row.number).toMatch(/^V-2026-\d{4}$/);
    }
  });

  it('imports the demo sales; the deposits on the till’s own key go to Kelterei Bauer’s deposit', async () => {
    await t.app.settings.update({
      openingDate: demoOpening(INSTALL),
      // the invoices name the owner (§ 14 Abs. 4 Nr. 1 UStG): no finalize without
      phone: '09261 123456',
      legal: { ...(await t.app.settings.get()).legal, ownerName: 'Eva Muster' },
    });
    const billing = (await call('GET', '/api/admin/billing-settings')).json().settings;
    const entered = await call('PUT', '/api/admin/billing-settings', {
      ...billing,
      steuernummer: '218/123/45678',
      iban: 'DE89370400440532013000',
      kontoinhaber: 'housnkuh Eva Muster',
    });
    expect(entered.statusCode, entered.body).toBe(200);

    const text = fs.readFileSync(CSV, 'utf8');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv; charset=utf-8' },
      payload: text,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      imported: text.trimEnd().split('\n').length - 1,
      unassigned: 2,
      errors: [],
    });

    const kelterei = DEMO_MONEY.find((vendor) => vendor.email === 'saft@kelterei-bauer.example')!;
    const deposit = kelterei.products.find((product) => product.isDeposit)!;
    const [row] = await t.database.db.select().from(products).where(eq(products.ean, deposit.ean));
    const waiting = (await call('GET', '/api/admin/sales/unassigned')).json().lines as {
      id: string;
      articleText: string;
    }[];
    expect(waiting.map((line) => line.articleText)).toEqual([
      'Pfand Mehrwegflasche',
      'Pfand Mehrwegflasche',
    ]);
    for (const line of waiting) {
      const assigned = await call('POST', `/api/admin/sales/unassigned/${line.id}`, {
        productId: row!.id,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
  });

  it('the first month from the opening is the free month: commission, rent for its last day only', async () => {
    const of = await draft(JULY);
    const fischer = of('Holzwerkstatt Fischer');
    // V2 (40,00 €) and S2 (30,00 €) less 5 % = 66,50 € a month; the free month is 01.–30.07.,
    // so 31.07. only: round(6650 × 1 / 31) = 215
    expect(fischer).toMatchObject({
      salesGrossCents: 99030,
      // 4 %: round(99030 × 4 %) = 3961 net + round(3961 × 19 %) = 753 VAT
      commissionGrossCents: 4714,
      rentGrossCents: 215,
      openItemsCents: 0,
      payoutCents: 99030 - 4714 - 215,
      blockers: [],
    });
    const mueller = of('Hof Müller');
    // A1 (35,00 €) and V1 (40,00 €) less 5 % = 71,25 €: round(7125 / 31) = 230
    // sales 569,49 €: round(56949 × 4 %) = 2278 net + 433 VAT
    expect(mueller).toMatchObject({
      salesGrossCents: 56949,
      commissionGrossCents: 2711,
      rentGrossCents: 230,
      openItemsCents: 0,
      payoutCents: 54008,
    });
    await finalize(JULY);
  });

  it('the second month: full rent; Holzwerkstatt Fischer sold nothing, so it owes its rent', async () => {
    const of = await draft(AUGUST);
    expect(of('Holzwerkstatt Fischer')).toMatchObject({
      salesGrossCents: 0,
      commissionGrossCents: 0,
      rentGrossCents: 6650,
      openItemsCents: 0,
      payoutCents: -6650,
    });
    // sales 563,67 €: round(56367 × 4 %) = 2255 net + 428 VAT
    expect(of('Hof Müller')).toMatchObject({
      salesGrossCents: 56367,
      commissionGrossCents: 2683,
      rentGrossCents: 7125,
      openItemsCents: 0,
      payoutCents: 46559,
    });
    await finalize(AUGUST);
    const open = (await call('GET', '/api/admin/open-items')).json();
    expect(JSON.stringify(open)).toContain('6650');
  });

  it('the third month offsets what Holzwerkstatt Fischer owed', async () => {
    const of = await draft(SEPTEMBER);
    expect(of('Holzwerkstatt Fischer')).toMatchObject({
      salesGrossCents: 84590,
      // round(84590 × 4 %) = 3384 net + round(3384 × 19 %) = 643 VAT
      commissionGrossCents: 4027,
      rentGrossCents: 6650,
      openItemsCents: 6650,
      payoutCents: 84590 - 4027 - 6650 - 6650,
    });
    // sales 501,07 €: round(50107 × 4 %) = 2004 net + 381 VAT
    expect(of('Hof Müller')).toMatchObject({
      salesGrossCents: 50107,
      commissionGrossCents: 2385,
      rentGrossCents: 7125,
      payoutCents: 40597,
    });
    await finalize(SEPTEMBER);
  });
});
