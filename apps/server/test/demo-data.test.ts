import fs from 'node:fs';
import path from 'node:path';
import { registrationBody } from '@housnkuh/test-support/registration';
import { DEMO_DATA_MESSAGES } from '@housnkuh/shared/schemas/admin-users';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_STORE_EAN_SERIES, inStoreEan, isValidEan13 } from '@housnkuh/shared/ean';
import { isValidIban } from '@housnkuh/shared/schemas/vendor-profile';
import { SELLING_UNITS } from '@housnkuh/shared/products';
import { percentToBasisPoints, vatRatesFor } from '@housnkuh/shared/vat';
import { DEMO_VENDORS } from '../src/db/demo-data';
import { DEMO_MONEY } from '../src/db/demo-money';
import { numberSeries } from '../src/db/schema/number-series';
import { products } from '../src/modules/products/schema';
import { MIGRATIONS_DIR } from '../src/lib/paths';
import { adminAudit } from '../src/modules/audit/schema';
import { bookingRequests } from '../src/modules/bookings/schema';
import { contractUnits, contracts } from '../src/modules/contracts/schema';
import { vendorTags } from '../src/modules/directory/schema';
import { images } from '../src/modules/media/schema';
import { vendors } from '../src/modules/vendors/schema';
import {
  demoDataSummary,
  removeDemoData,
  type DemoRemovalCheck,
} from '../src/modules/users/demo-data.service';
import { createTestApp, pinDay, signedInAdmin, type TestApp } from './helpers';

pinDay();

let t: TestApp;
let token: string;
beforeAll(async () => {
  // a fresh install with DEMO_DATA on (the default)
  t = await createTestApp({ env: { DEMO_DATA: 'true' } });
  token = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: 'GET' | 'DELETE', url: string, auth = true) =>
  t.app.inject({ method, url, headers: auth ? { authorization: `Bearer ${token}` } : {} });

describe('demo data', () => {
  it('marks the demo producers in Benutzer', async () => {
    const list = await asAdmin('GET', '/api/admin/users/vendors?limit=100');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().vendors as { email: string; registrationKind: string }[];
    expect(listed).toHaveLength(DEMO_VENDORS.length);
    expect(listed.every((vendor) => vendor.registrationKind === 'demo')).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await asAdmin('GET', '/api/admin/demo-data', false)).statusCode).toBe(401);
    expect((await asAdmin('DELETE', '/api/admin/demo-data', false)).statusCode).toBe(401);
    expect((await t.database.db.select().from(vendors)).length).toBe(DEMO_VENDORS.length);
  });

  it('gives every demo producer a tax status, a test IBAN and products with fixed in-store EANs', async () => {
    const db = t.database.db;
    expect(DEMO_MONEY.map((money) => money.email).sort()).toEqual(
      DEMO_VENDORS.map((vendor) => vendor.email).sort(),
    );
    const statuses = DEMO_MONEY.map((money) => money.taxStatus);
    expect(statuses.filter((status) => status === 'kleinunternehmer').length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 'pauschaliert')).toHaveLength(1);
    const stored = await db.select().from(vendors);
    const storedProducts = await db.select().from(products);
    let counter = 0;
    for (const money of DEMO_MONEY) {
      const vendor = stored.find((row) => row.email === money.email)!;
      expect(vendor.taxStatus).toBe(money.taxStatus);
      expect(isValidIban(vendor.iban!), vendor.iban!).toBe(true);
      expect(vendor.kontoinhaber).toBe(money.kontoinhaber);
      expect(money.products.length).toBeGreaterThanOrEqual(3);
      expect(money.products.length).toBeLessThanOrEqual(6);
      const own = storedProducts.filter((product) => product.vendorId === vendor.id);
      expect(own.map((product) => product.ean)).toEqual(money.products.map((p) => p.ean));
      for (const product of money.products) {
        // the EANs follow the counter 1, 2, 3 … in the file's order: the same on every install;
        // Kelterei Bauer's deposit came later and has the next number (an EAN never changes)
        expect(product.ean).toBe(inStoreEan(product.isDeposit ? 60 : ++counter));
        expect(isValidEan13(product.ean)).toBe(true);
        expect(SELLING_UNITS).toContain(product.unit);
        // a rate of the producer's tax status (in the demo sales' months and today)
        const rate = percentToBasisPoints(product.vatRate)!;
        for (const day of ['2026-09-01', '2026-11-26'])
          expect(vatRatesFor(money.taxStatus, day), product.name).toContain(rate);
        const row = own.find((candidate) => candidate.ean === product.ean)!;
        expect(row).toMatchObject({ name: product.name, priceCents: product.priceCents });
        expect(row.eanInStore).toBe(true);
      }
    }
    // the counter stands at the last of them: a product created next (nextNumber) continues after
    const [series] = await db
      .select()
      .from(numberSeries)
      .where(eq(numberSeries.series, IN_STORE_EAN_SERIES));
    expect(counter).toBe(59);
    expect(series).toMatchObject({ year: 0, last: 60 });
  });

  it('keeps the demo data while a check finds sales or documents (the hook for the money module)', async () => {
    const db = t.database.db;
    const sold: DemoRemovalCheck = async (_db, ids) =>
      ids.length > 0 ? ['Hof Müller hat Verkäufe.'] : [];
    const summary = await demoDataSummary(db, [sold]);
    expect(summary.blockers).toEqual(['Hof Müller hat Verkäufe.']);
    await expect(removeDemoData(db, { id: null, name: 'Test' }, [sold])).rejects.toThrow(
      `${DEMO_DATA_MESSAGES.blocked} Hof Müller hat Verkäufe.`,
    );
    expect((await db.select().from(vendors)).length).toBe(DEMO_VENDORS.length);
    expect(
      await db.select().from(adminAudit).where(eq(adminAudit.action, 'demo-data.remove')),
    ).toEqual([]);
  });

  it('removes every demo producer in one step, frees their units, keeps the real ones, once', async () => {
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-auth/register',
      payload: registrationBody('echt@beispiel.de'),
    });
    expect(real.statusCode, real.body).toBe(200);

    const summary = await asAdmin('GET', '/api/admin/demo-data');
    expect(summary.statusCode, summary.body).toBe(200);
    const demoData = summary.json().demoData;
    expect(demoData.vendors).toHaveLength(DEMO_VENDORS.length);
    expect(demoData.vendors).toContain('Hof Müller (Andreas Müller)');
    expect(demoData.contracts).toBeGreaterThan(0);
    const rented = DEMO_VENDORS.flatMap((vendor) => vendor.mietfaecher);
    expect([...demoData.units].sort()).toEqual([...rented].sort());
    expect(demoData.blockers).toEqual([]);

    const removed = await asAdmin('DELETE', '/api/admin/demo-data');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().removed).toEqual({
      vendors: DEMO_VENDORS.length,
      contracts: demoData.contracts,
      units: demoData.units,
      pictures: DEMO_VENDORS.length * 2,
    });
    expect(removed.json().message).toBe(
      `Demo-Daten entfernt: ${DEMO_VENDORS.length} Demo-Direktvermarkter mit ${demoData.contracts} Verträgen; ${rented.length} Mietfächer wieder frei.`,
    );

    const db = t.database.db;
    const left = await db.select({ email: vendors.email }).from(vendors);
    expect(left).toEqual([{ email: 'echt@beispiel.de' }]);
    expect(await db.select().from(contracts)).toEqual([]);
    expect(await db.select().from(contractUnits)).toEqual([]);
    expect(await db.select().from(images)).toEqual([]);
    expect(await db.select().from(products)).toEqual([]);
    expect(await db.select().from(vendorTags)).toEqual([]);
    expect((await db.select().from(bookingRequests)).length).toBe(1);
    const directory = await t.app.inject({
      method: 'GET',
      url: '/api/vendor-auth/public/profiles',
    });
    expect(directory.json().pagination.totalCount).toBe(0);
    const units = await asAdmin('GET', '/api/admin/mietfaecher');
    expect(units.statusCode, units.body).toBe(200);
    expect(units.body).not.toContain('Hof Müller');

    const audit = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'demo-data.remove'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toBe(removed.json().message);
    expect(audit[0]!.adminName).toBe('Eva Muster');

    // a second time: nothing to remove, said in German, nothing recorded
    const again = await asAdmin('DELETE', '/api/admin/demo-data');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(DEMO_DATA_MESSAGES.nothingToRemove);
    expect(again.json().removed.vendors).toBe(0);
    expect(
      await db.select().from(adminAudit).where(eq(adminAudit.action, 'demo-data.remove')),
    ).toHaveLength(1);
    expect((await db.select().from(vendors)).length).toBe(1);
    const after = await asAdmin('GET', '/api/admin/demo-data');
    expect(after.json().demoData).toEqual({ vendors: [], contracts: 0, units: [], blockers: [] });
  });

  it('marks the demo producers of an older database by their addresses (migration)', async () => {
    const db = t.database.db;
    const demo = DEMO_VENDORS.slice(0, 2).map((vendor) => vendor.email);
    await db.insert(vendors).values([
      ...demo.map((email) => ({ email, name: 'Alt', registrationKind: 'registration' })),
      // a real producer's account is never marked, whatever its address
      { email: DEMO_VENDORS[2]!.email, name: 'Echt', passwordHash: 'x' },
    ]);
    const file = fs
      .readdirSync(MIGRATIONS_DIR)
      .find((name) => name.endsWith('_demo_vendors_marked.sql'))!;
    await db.execute(sql.raw(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')));
    const rows = await db
      .select({ email: vendors.email, kind: vendors.registrationKind })
      .from(vendors)
      .where(inArray(vendors.email, [...demo, DEMO_VENDORS[2]!.email]));
    expect(Object.fromEntries(rows.map((row) => [row.email, row.kind]))).toEqual({
      [demo[0]!]: 'demo',
      [demo[1]!]: 'demo',
      [DEMO_VENDORS[2]!.email]: 'registration',
    });
  });
});
