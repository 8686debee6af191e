import { randomUUID } from 'node:crypto';
import { inStoreEan } from '@housnkuh/shared/ean';
import { lineTotalCents } from '@housnkuh/shared/products';
import { SALES_REPORT_MESSAGES } from '@housnkuh/shared/schemas/sales-report';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions.service';
import { products } from '../src/modules/products/schema';
import { salesLineAssignments, salesLines } from '../src/modules/sales/schema';
import { vendors } from '../src/modules/vendors/schema';
import { startedApp, pinDay } from './helpers';

// The producer's sales report (GET /api/vendor-auth/sales and .csv, docs/decisions/0032).
// The sales lines go in directly: the till's API and the CSV import are the sales module's.
pinDay('2026-11-26');
const t = startedApp();

let eanCounter = 9000;
async function producerWithProducts(name: string, items: { name: string; priceCents: number }[]) {
  const db = t.database.db;
  const [vendor] = await db
    .insert(vendors)
    .values({ email: `${randomUUID()}@beispiel.de`, name, taxStatus: 'regelbesteuert' })
    .returning();
  const rows = await db
    .insert(products)
    .values(
      items.map((item) => ({
        vendorId: vendor!.id,
        name: item.name,
        priceCents: item.priceCents,
        unit: 'Stück',
        vatRateBp: 700,
        ean: inStoreEan(++eanCounter),
        eanInStore: true,
      })),
    )
    .returning();
  const token = (await createSession(db, 'vendor', vendor!.id)).token;
  return { id: vendor!.id, token, products: rows };
}

let receipt = 0;
/** A till line as the import stores it; `vendor: null` for an unknown EAN. */
async function sold(
  at: string,
  product: { id: string; ean: string; name: string; priceCents: number } | null,
  vendorId: string | null,
  quantityThousandths: number,
  unitPriceCents = product?.priceCents ?? 15,
) {
  const [line] = await t.database.db
    .insert(salesLines)
    .values({
      receiptId: `T-${++receipt}`,
      position: 1,
      soldAt: new Date(at),
      ean: product?.ean ?? '2990000000019',
      articleText: product?.name ?? 'Pfand',
      quantityThousandths,
      unitPriceGrossCents: unitPriceCents,
      vatRateBp: 700,
      lineTotalGrossCents: lineTotalCents(quantityThousandths, unitPriceCents),
      productId: vendorId ? (product?.id ?? null) : null,
      vendorId,
      source: 'csv',
      raw: 'test',
    })
    .returning();
  return line!;
}

const report = (token: string, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/vendor-auth/sales?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('the producer’s sales report', () => {
  it('sums its own lines per Berlin day, ISO week, month and product; returns, weights, assigned lines; never another’s', async () => {
    const honey = await producerWithProducts('Imkerin', [
      { name: 'Blütenhonig', priceCents: 790 },
      { name: 'Käse am Stück', priceCents: 2890 },
    ]);
    const other = await producerWithProducts('Andere', [{ name: 'Brot', priceCents: 500 }]);
    const [honig, kaese] = honey.products as [
      (typeof honey.products)[number],
      (typeof honey.products)[number],
    ];

    // 30 Oct 2026 (summer time until 25 Oct: this is winter time, UTC+1)
    await sold('2026-10-30T09:00:00Z', honig, honey.id, 2000); // 15,80
    await sold('2026-10-30T10:00:00Z', kaese, honey.id, 352); // 0,352 kg × 28,90 = 10,17 (10,1728)
    // a return the next day
    await sold('2026-10-31T08:00:00Z', honig, honey.id, -1000); // −7,90
    // another producer's line on the same day: never counted
    await sold('2026-10-31T09:00:00Z', other.products[0]!, other.id, 3000);
    // an unknown EAN the admin assigned to the honey producer's product
    const assigned = await sold('2026-11-02T12:00:00Z', null, null, 1000, 790);
    await t.database.db.insert(salesLineAssignments).values({
      salesLineId: assigned.id,
      kind: 'product',
      productId: honig.id,
      vendorId: honey.id,
    });
    // one marked "kein Verkauf eines Direktvermarkters": nobody's
    const deposit = await sold('2026-11-02T12:05:00Z', null, null, 1000, 15);
    await t.database.db
      .insert(salesLineAssignments)
      .values({ salesLineId: deposit.id, kind: 'no_vendor' });
    // an unknown line not assigned yet: nobody's
    await sold('2026-11-02T12:10:00Z', null, null, 1000, 15);

    const byDay = await report(honey.token, 'from=2026-10-30&to=2026-11-02&groupBy=day');
    expect(byDay.statusCode, byDay.body).toBe(200);
    expect(byDay.json()).toEqual({
      success: true,
      rows: [
        { key: '2026-10-30', quantity: 2.352, unit: 'Stück', grossCents: 1580 + 1017 },
        { key: '2026-10-31', quantity: -1, unit: 'Stück', grossCents: -790 },
        { key: '2026-11-01', quantity: 0, unit: null, grossCents: 0 },
        { key: '2026-11-02', quantity: 1, unit: 'Stück', grossCents: 790 },
      ],
      totalGrossCents: 1580 + 1017 - 790 + 790,
    });

    const byWeek = (await report(honey.token, 'from=2026-10-30&to=2026-11-02&groupBy=week')).json();
    expect(byWeek.rows).toEqual([
      { key: '2026-W44', quantity: 1.352, unit: 'Stück', grossCents: 1580 + 1017 - 790 },
      { key: '2026-W45', quantity: 1, unit: 'Stück', grossCents: 790 },
    ]);
    const byMonth = (
      await report(honey.token, 'from=2026-10-01&to=2026-11-30&groupBy=month')
    ).json();
    expect(byMonth.rows).toEqual([
      { key: '2026-10', quantity: 1.352, unit: 'Stück', grossCents: 1807 },
      { key: '2026-11', quantity: 1, unit: 'Stück', grossCents: 790 },
    ]);
    const byProduct = (
      await report(honey.token, 'from=2026-10-01&to=2026-11-30&groupBy=product')
    ).json();
    expect(byProduct.rows).toEqual([
      { key: honig.id, label: 'Blütenhonig', quantity: 2, unit: 'Stück', grossCents: 1580 },
      { key: kaese.id, label: 'Käse am Stück', quantity: 0.352, unit: 'Stück', grossCents: 1017 },
    ]);
    expect(byProduct.totalGrossCents).toBe(2597);

    // the other producer sees only its own line
    const others = (
      await report(other.token, 'from=2026-10-01&to=2026-11-30&groupBy=month')
    ).json();
    expect(others.totalGrossCents).toBe(1500);
  });

  it('counts a line at 23:30 UTC in summer for the next Berlin day, and in winter from 23:00 UTC', async () => {
    const p = await producerWithProducts('Nachtverkauf', [{ name: 'Eier', priceCents: 300 }]);
    // 23:30 UTC on 14 Aug = 01:30 on 15 Aug in Berlin (UTC+2)
    await sold('2026-08-14T23:30:00Z', p.products[0]!, p.id, 1000);
    // 22:59 UTC on 20 Dec = 23:59 on 20 Dec in Berlin (UTC+1); 23:00 UTC is the 21st
    await sold('2026-12-20T22:59:00Z', p.products[0]!, p.id, 1000);
    await sold('2026-12-20T23:00:00Z', p.products[0]!, p.id, 2000);
    const summer = (await report(p.token, 'from=2026-08-14&to=2026-08-15')).json();
    expect(summer.rows).toEqual([
      { key: '2026-08-14', quantity: 0, unit: null, grossCents: 0 },
      { key: '2026-08-15', quantity: 1, unit: 'Stück', grossCents: 300 },
    ]);
    const winter = (await report(p.token, 'from=2026-12-20&to=2026-12-20')).json();
    expect(winter.rows).toEqual([
      { key: '2026-12-20', quantity: 1, unit: 'Stück', grossCents: 300 },
    ]);
    expect(winter.totalGrossCents).toBe(300);
  });

  it('gives the same as CSV: semicolons, a byte order mark, German decimals and a total', async () => {
    const p = await producerWithProducts('Tabelle', [{ name: '=Kürbis', priceCents: 250 }]);
    await sold('2026-10-05T10:00:00Z', p.products[0]!, p.id, 1352); // 3,38
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-auth/sales.csv?from=2026-10-05&to=2026-10-06&groupBy=day',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('verkaeufe-2026-10-05-2026-10-06');
    expect(response.body).toBe(
      '\uFEFFTag;Menge;Umsatz brutto (EUR)\n05.10.2026;1,352;3,38\n06.10.2026;0;0,00\nSumme;;3,38\n',
    );
    const byProduct = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-auth/sales.csv?from=2026-10-05&to=2026-10-06&groupBy=product',
      headers: { authorization: `Bearer ${p.token}` },
    });
    // a name a spreadsheet would run as a formula stays text
    expect(byProduct.body).toContain("'=Kürbis;1,352;3,38");
  });

  it('refuses a bad period with a German 400, and callers who are not producers', async () => {
    const p = await producerWithProducts('Prüfung', [{ name: 'Senf', priceCents: 290 }]);
    const cases: [string, string][] = [
      ['from=2026-10-05&to=2026-10-04', SALES_REPORT_MESSAGES.order],
      ['from=2024-10-05&to=2026-10-05', SALES_REPORT_MESSAGES.tooLong],
      ['from=2026-02-30&to=2026-03-01', 'Dieses Datum gibt es nicht'],
      ['from=2026-10-05&to=2026-10-06&groupBy=year', SALES_REPORT_MESSAGES.groupBy],
      ['to=2026-10-06', 'Bitte ein Datum angeben'],
    ];
    for (const [query, message] of cases) {
      for (const path of ['sales', 'sales.csv']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/vendor-auth/${path}?${query}`,
          headers: { authorization: `Bearer ${p.token}` },
        });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.body, `${path}?${query}`).toContain(message);
      }
    }
    // two years less a day is fine
    expect((await report(p.token, 'from=2024-10-05&to=2026-10-04')).statusCode).toBe(200);
    for (const url of [
      '/api/vendor-auth/sales?from=2026-10-05&to=2026-10-06',
      '/api/vendor-auth/sales.csv?from=2026-10-05&to=2026-10-06',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
