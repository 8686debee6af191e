import { FAQ_CATEGORIES, PRODUCT_CATEGORIES } from '@housnkuh/shared/catalog';
import { demoOpening } from '@housnkuh/shared/demo-months';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { DEMO_VENDORS } from '../src/db/demo-data';
import { seedDatabase } from '../src/db/seed';
import { faqs } from '../src/modules/content/schema';
import { settings } from '../src/modules/content/schema';
import { contractUnits, contracts, rentalUnits } from '../src/modules/contracts/schema';
import { tags, vendorTags } from '../src/modules/directory/schema';
import { vendors } from '../src/modules/vendors/schema';
import { pinDay, testDatabase } from './helpers';

pinDay();

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('initial and demo data', () => {
  it('fills an empty database once, with demo vendors from the Kronach area', async () => {
    const first = await seedDatabase(database.db, { demo: true });
    expect(first).toEqual({ seeded: true, demoVendors: DEMO_VENDORS.length });
    const second = await seedDatabase(database.db, { demo: true });
    expect(second.seeded).toBe(false);

    const db = database.db;
    expect((await db.select({ n: count() }).from(settings))[0]!.n).toBeGreaterThan(5);
    const faqRows = await db.select().from(faqs);
    expect(new Set(faqRows.map((f) => f.category))).toEqual(new Set(FAQ_CATEGORIES));
    const tagRows = await db.select().from(tags);
    expect(tagRows.map((t) => t.slug).sort()).toEqual(PRODUCT_CATEGORIES.map((c) => c.slug).sort());

    const vendorRows = await db.select().from(vendors);
    expect(vendorRows.length).toBeGreaterThanOrEqual(12);
    for (const vendor of vendorRows) {
      expect(vendor.passwordHash).toBeNull();
      expect(vendor.isPublic).toBe(true);
      expect(vendor.plz).toMatch(/^9\d{4}$/);
      // within about 40 km of Kronach
      expect(Math.abs(vendor.lat! - 50.24)).toBeLessThan(0.4);
      expect(Math.abs(vendor.lng! - 11.33)).toBeLessThan(0.5);
    }
    expect(new Set(vendorRows.map((v) => v.verifyStatus))).toEqual(
      new Set(['verified', 'pending', 'unverified']),
    );
    expect((await db.select({ n: count() }).from(vendorTags))[0]!.n).toBeGreaterThanOrEqual(
      vendorRows.length,
    );

    // a fresh install has no opening date: like an approval's, every demo contract is
    // scheduled, from the demo's opening (the 1st of the month four months before this one,
    // docs/decisions/0043-discount-term-and-demo.md), numbered in its start year; listed "ab der Eröffnung dabei"
    const contractRows = await db.select().from(contracts);
    expect(contractRows.length).toBe(vendorRows.length);
    const opening = demoOpening(isoDayInBerlin());
    expect(new Set(contractRows.map((c) => `${c.status} ${c.startDate}`))).toEqual(
      new Set([`scheduled ${opening}`]),
    );
    for (const contract of contractRows) {
      expect(contract.number).toMatch(new RegExp(`^V-${opening.slice(0, 4)}-\\d{4}$`));
      // registered before the opening
      expect(contract.createdAt.toISOString().slice(0, 10) < opening).toBe(true);
    }

    // each rented unit is held by exactly one contract
    const held = await db
      .select({ unit: rentalUnits.name, vendor: contracts.vendorId })
      .from(contractUnits)
      .innerJoin(rentalUnits, eq(rentalUnits.id, contractUnits.rentalUnitId))
      .innerJoin(contracts, eq(contracts.id, contractUnits.contractId))
      .where(eq(contracts.status, 'scheduled'));
    expect(held.length).toBeGreaterThan(vendorRows.length);
    expect(new Set(held.map((h) => h.unit)).size).toBe(held.length);
  });

  it('leaves demo vendors out when asked', async () => {
    const empty = await testDatabase();
    try {
      const result = await seedDatabase(empty.db, { demo: false });
      expect(result).toEqual({ seeded: true, demoVendors: 0 });
      expect((await empty.db.select({ n: count() }).from(vendors))[0]!.n).toBe(0);
      expect((await empty.db.select({ n: count() }).from(faqs))[0]!.n).toBeGreaterThan(0);
    } finally {
      await empty.close();
    }
  });
});
