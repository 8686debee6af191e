import { berlinInstant } from '@housnkuh/shared/format';
import { NO_VENDOR_CHOICE, OWN_SALE_RATE } from '@housnkuh/shared/schemas/sales';
import { BOOKS_MESSAGES } from '@housnkuh/shared/schemas/books';
import { settleMonth, type SettlementSale } from '@housnkuh/shared/settlement';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesLineAssignments, salesLines } from '../src/modules/sales/schema';
import {
  settledSalesLines,
  settlementItems,
  settlementMonths,
} from '../src/modules/settlement/schema';
import { createTestApp, signedInAdmin, type TestApp } from './helpers';
import { producer } from './sales-fixtures';

// The month's books (issue 30, docs/decisions/0041): every till line of October 2026
// against the settled sales, each difference explained line by line; the shop's own output VAT
// and the producers' sales per rate on the revenue overview and its CSV.

let t: TestApp;
let adminToken = '';
let vendorId = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ build: { startOutbox: false } });
  adminToken = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, body?: object, token = adminToken) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });

/** A till line straight into the table (the import is the sales tests' business). */
async function line(
  key: string,
  day: string,
  grossCents: number,
  vatRateBp: number,
  owner: string | null,
  text = 'Artikel',
) {
  const [row] = await t.database.db
    .insert(salesLines)
    .values({
      receiptId: `B-${key}`,
      position: 1,
      soldAt: berlinInstant(day, '10:00'),
      ean: owner ? '2000000026010' : `UNBEKANNT-${key}`,
      articleText: text,
      quantityThousandths: 1000,
      unitPriceGrossCents: grossCents,
      vatRateBp,
      lineTotalGrossCents: grossCents,
      vendorId: owner,
      source: 'csv',
      raw: key,
    })
    .returning({ id: salesLines.id });
  ids[key] = row!.id;
  return row!.id;
}

function asSale(key: string, day: string, grossCents: number, vatRateBp: number): SettlementSale {
  return {
    id: ids[key]!,
    receiptId: `B-${key}`,
    position: 1,
    soldAt: berlinInstant(day, '10:00').toISOString(),
    soldOn: day,
    articleText: 'Artikel',
    quantityThousandths: 1000,
    unitPriceGrossCents: grossCents,
    vatRateBp,
    grossCents,
  };
}

describe('the month reconciled and its VAT per rate', () => {
  it('marks a line as the shop’s own sale (with its rate) or no sale at all, in German when wrong', async () => {
    vendorId = await producer(t.database.db, { name: 'Hof Abgleich' });
    await line('honey', '2026-10-05', 450, 700, vendorId);
    await line('cheese', '2026-10-24', 1200, 1900, vendorId);
    await line('voucher', '2026-10-10', 1000, 0, null, 'Gutschein');
    await line('bag', '2026-10-11', 50, 1900, null, 'Tragetasche');
    await line('unknown', '2026-10-12', 300, 700, null, 'Unbekannt');
    await line('late-sep', '2026-09-28', 900, 700, vendorId);
    await line('nov-later', '2026-10-30', 700, 700, vendorId);
    await line('open', '2026-10-31', 200, 700, vendorId);

    const url = (key: string) => `/api/admin/sales/unassigned/${ids[key]}`;
    const missing = await call('POST', url('voucher'), { kind: 'no_vendor' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ field: 'noVendor', message: NO_VENDOR_CHOICE });
    const badRate = await call('POST', url('bag'), {
      kind: 'no_vendor',
      noVendor: 'own_sale',
      vatRateBp: 780,
    });
    expect(badRate.statusCode).toBe(400);
    expect(JSON.stringify(badRate.json())).toContain(OWN_SALE_RATE);
    // a voucher at 0 % is no sale of the shop at 0 %
    const ownAtZero = await call('POST', url('voucher'), {
      kind: 'no_vendor',
      noVendor: 'own_sale',
    });
    expect(ownAtZero.statusCode).toBe(400);
    expect(ownAtZero.json().message).toBe(OWN_SALE_RATE);

    expect(
      (await call('POST', url('voucher'), { kind: 'no_vendor', noVendor: 'no_sale' })).statusCode,
    ).toBe(200);
    const bag = await call('POST', url('bag'), { kind: 'no_vendor', noVendor: 'own_sale' });
    expect(bag.statusCode, bag.body).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(salesLineAssignments)
      .where(eq(salesLineAssignments.salesLineId, ids.bag!));
    expect(stored).toMatchObject({
      kind: 'no_vendor',
      noVendorKind: 'own_sale',
      ownVatRateBp: 1900,
    });
  });

  it('explains every cent between the till and the settled sales, line by line', async () => {
    const db = t.database.db;
    // October is final with the producer's two October sales and September's late line
    const figures = settleMonth({
      month: '2026-10',
      freeMonth: null,
      contracts: [],
      sales: [
        asSale('honey', '2026-10-05', 450, 700),
        asSale('cheese', '2026-10-24', 1200, 1900),
        asSale('late-sep', '2026-09-28', 900, 700),
      ],
      manualLines: [],
      openItems: [],
      shopVatRateBp: 1900,
    });
    await db.insert(settlementMonths).values([
      { month: '2026-10', status: 'final' },
      { month: '2026-11', status: 'final' },
    ]);
    // a settlement item starts as a draft and is finalized (the database allows only that)
    await db.insert(settlementItems).values({ month: '2026-10', vendorId, figures });
    await db.insert(settledSalesLines).values([
      { salesLineId: ids.honey!, month: '2026-10', vendorId },
      { salesLineId: ids.cheese!, month: '2026-10', vendorId },
      { salesLineId: ids['late-sep']!, month: '2026-10', vendorId },
      { salesLineId: ids['nov-later']!, month: '2026-11', vendorId },
    ]);
    await db
      .update(settlementItems)
      .set({ status: 'final', finalizedAt: new Date() })
      .where(eq(settlementItems.vendorId, vendorId));

    expect(
      (await call('GET', '/api/admin/abrechnungen/2026-10/abgleich', undefined, '')).statusCode,
    ).toBe(401);
    // years without a day in Kronach the server can compute answered 500 (the API fuzz)
    for (const month of ['Oktober', '0062-11', '0000-01', '9999-12']) {
      const bad = await call('GET', `/api/admin/abrechnungen/${month}/abgleich`);
      expect(bad.statusCode, month).toBe(400);
      expect(JSON.stringify(bad.json())).toContain(BOOKS_MESSAGES.month);
    }

    const response = await call('GET', '/api/admin/abrechnungen/2026-10/abgleich');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      month: '2026-10',
      status: 'final',
      tillLines: 7,
      tillGrossCents: 450 + 1200 + 1000 + 50 + 300 + 700 + 200,
      settledSalesGrossCents: 450 + 1200 + 900,
      differenceCents: 1350,
      explainedCents: 1350,
      unexplainedCents: 0,
    });
    const byReason = Object.fromEntries(
      (body.groups as { reason: string; count: number; differenceCents: number }[]).map((g) => [
        g.reason,
        [g.count, g.differenceCents],
      ]),
    );
    expect(byReason).toEqual({
      own_sale: [1, 50],
      no_sale: [1, 1000],
      unassigned: [1, 300],
      not_settled: [1, 200],
      later: [1, 700],
      nachtrag: [1, -900],
    });
    const labels = (body.lines as { id: string; label: string }[]).map((l) => [l.id, l.label]);
    expect(labels).toContainEqual([ids.bag, 'Eigener Verkauf des Ladens (19 %)']);
    expect(labels).toContainEqual([ids['nov-later'], 'Als Nachtrag abgerechnet im November 2026']);
    expect(labels).toContainEqual([
      ids['late-sep'],
      'Nachtrag aus September 2026 (Verkauf am 28.09.2026)',
    ]);

    // a month nobody settled: everything is a difference, and explained
    const september = (await call('GET', '/api/admin/abrechnungen/2026-09/abgleich')).json();
    expect(september).toMatchObject({
      status: 'none',
      tillGrossCents: 900,
      settledSalesGrossCents: 0,
      unexplainedCents: 0,
    });
  });

  it('shows the shop’s own output VAT and the producers’ sales per rate, also in the CSV', async () => {
    const response = await call('GET', '/api/admin/revenue?from=2026-10&to=2026-10');
    expect(response.statusCode, response.body).toBe(200);
    const [october] = response.json().months;
    expect(october.vat).toEqual({
      // no contract: the invoice has the commission only (4 % of 25,50 € = 1,02 € + 0,19 €)
      invoices: [{ vatRateBp: 1900, grossCents: 121, netCents: 102, vatCents: 19 }],
      // the carrier bag: 0,50 € at 19 % = 0,42 € + 0,08 €
      ownSales: [{ vatRateBp: 1900, grossCents: 50, netCents: 42, vatCents: 8 }],
      shop: [{ vatRateBp: 1900, grossCents: 171, netCents: 144, vatCents: 27 }],
      producers: [
        { vatRateBp: 700, grossCents: 1350, netCents: 1262, vatCents: 88 },
        { vatRateBp: 1900, grossCents: 1200, netCents: 1008, vatCents: 192 },
      ],
    });
    const csv = await call('GET', '/api/admin/revenue.csv?from=2026-10&to=2026-10');
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const columns = header!.split(';');
    const values = row!.split(';');
    const of = (name: string) => values[columns.indexOf(name)];
    expect(of('laden_netto_19')).toBe('1,44');
    expect(of('laden_ust_19')).toBe('0,27');
    expect(of('laden_netto_7')).toBe('0,00');
    expect(of('verkaeufe_erzeuger_brutto_7')).toBe('13,50');
    expect(of('verkaeufe_erzeuger_brutto_19')).toBe('12,00');
    expect(of('verkaeufe_erzeuger_brutto_7_8')).toBe('0,00');
  });
});
