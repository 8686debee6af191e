import { PRODUCT_CATEGORIES } from '@housnkuh/shared/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/db/seed';
import { recordPastAudits } from '../src/modules/audit/public';
import { addPastContactRequests } from '../src/modules/contact/public';
import { createRunningContracts } from '../src/modules/contracts/public';
import { setTagsOfVendors, tagChoices } from '../src/modules/directory/public';
import { addPastSubscribers } from '../src/modules/newsletter/public';
import { addSalesLinesAsTheyStand, salesOfVendor } from '../src/modules/sales/public';
import { createVendors } from '../src/modules/vendors/public';
import { createTestApp, pinDay, signedInAdmin, type TestApp } from './helpers';

// The bulk functions the bench fills its databases with (bench/*-data.ts): what they store is
// what the admin's lists, the directory and the reports show, as for data entered one by one.

pinDay('2026-03-10');

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.database.db, { demo: false });
  token = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const response = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

describe('the bench’s bulk data', () => {
  it('makes producers with their tags and running contracts, numbered on from the series', async () => {
    const honig = PRODUCT_CATEGORIES.find((category) => category.slug === 'honig')!;
    const tagId = new Map((await tagChoices(t.database.db)).map((tag) => [tag.slug, tag.id]));
    const vendorIds = await createVendors(
      t.database.db,
      [0, 1, 2].map((i) => ({
        vendor: {
          email: `imkerei-${i}@bench.example`,
          name: `Imkerin ${i}`,
          unternehmen: `Imkerei Waldblüte ${i}`,
          ort: 'Kronach',
          verifyStatus: 'verified',
          isPublic: true,
          emailConfirmedAt: new Date('2026-01-05T10:00:00Z'),
        },
        tagNames: [honig.name],
        location: { lat: 50.241, lng: 11.328 },
      })),
    );
    expect(vendorIds).toHaveLength(3);
    await setTagsOfVendors(
      t.database.db,
      vendorIds.map((vendorId) => ({
        vendorId,
        tagIds: [tagId.get('honig')!, tagId.get('honig')!],
      })),
    );
    const contracts = (start: string, ids: readonly string[]) =>
      createRunningContracts(
        t.database.db,
        ids.map((vendorId) => ({
          vendorId,
          provisionType: 'premium',
          rentalDuration: 6,
          monthlyPriceCents: 3500,
          startDate: start,
          packageSnapshot: {},
          units: [],
          zusatzleistungen: { lagerservice: false, versandservice: false },
        })),
        { openingDate: '2026-01-01', actorName: 'Bench' },
      );
    await contracts('2026-01-01', vendorIds.slice(0, 2));
    // the series goes on where the first call left it
    await contracts('2026-02-01', vendorIds.slice(2));

    const list = await get('/api/admin/vertraege?search=Waldblüte&limit=25');
    expect(list.vertraege.map((contract: { number: string }) => contract.number)).toEqual(
      expect.arrayContaining(['V-2026-0001', 'V-2026-0002', 'V-2026-0003']),
    );
    expect(list.pagination.totalCount).toBe(3);

    // the directory finds them by their tag's name, each once
    const directory = await t.app.inject({
      url: `/api/vendor-auth/public/profiles?search=${encodeURIComponent(honig.name)}&tags=honig`,
    });
    const found = directory.json();
    expect(found.pagination.totalCount).toBe(3);
    expect(found.vendors[0].tags.map((tag: { slug: string }) => tag.slug)).toEqual(['honig']);
  });

  it('keeps messages, subscribers and log entries of the past at their times', async () => {
    const at = new Date('2025-04-01T08:00:00Z');
    await addPastContactRequests(t.database.db, [
      {
        name: 'Kundin Bulk',
        email: 'kundin-bulk@bench.example',
        subject: 'Kühlfach mieten',
        message: 'Habt ihr noch ein Kühlfach frei?',
        status: 'done',
        at,
      },
    ]);
    const contacts = await get('/api/admin/contacts?search=kundin-bulk&status=done');
    expect(contacts.pagination.totalCount).toBe(1);
    expect(contacts.contacts[0]).toMatchObject({ subject: 'Kühlfach mieten', status: 'done' });

    await addPastSubscribers(t.database.db, [
      {
        email: 'leser-bulk@bench.example',
        name: 'Leser Bulk',
        type: 'customer',
        status: 'confirmed',
        confirmedAt: at,
        at,
      },
    ]);
    const subscribers = await get(
      '/api/admin/newsletter/subscribers?type=customer&status=confirmed',
    );
    expect(subscribers.subscribers.map((s: { email: string }) => s.email)).toContain(
      'leser-bulk@bench.example',
    );

    await recordPastAudits(t.database.db, [
      {
        actor: { id: null, name: 'Bench Admin' },
        action: 'faq.update',
        entity: 'faq',
        summary: 'Eine Frage von früher geändert',
        at,
      },
    ]);
    const audit = await get('/api/admin/audit?entity=faq');
    const entry = audit.entries.find(
      (e: { summary: string }) => e.summary === 'Eine Frage von früher geändert',
    );
    expect(entry).toMatchObject({ adminName: 'Bench Admin' });
    expect(new Date(entry.createdAt).toISOString()).toBe(at.toISOString());
  });

  it('stores till lines as they stand, a key already there left alone', async () => {
    const [vendorId] = await createVendors(t.database.db, [
      {
        vendor: { email: 'hof-bulk@bench.example', name: 'Hof Bulk', taxStatus: 'regelbesteuert' },
        location: { lat: 50.241, lng: 11.328 },
      },
    ]);
    const line = (position: number) => ({
      receiptId: 'B-bulk',
      position,
      soldAt: new Date('2026-02-03T09:30:00+01:00'),
      ean: '2000000000000',
      articleText: 'Waldhonig 500 g',
      quantityThousandths: 1000,
      unitPriceGrossCents: 690,
      vatRateBp: 700,
      lineTotalGrossCents: 690,
      vendorId: vendorId!,
      productId: null,
      raw: `B-bulk;${position}`,
    });
    expect(await addSalesLinesAsTheyStand(t.database.db, 'csv', [line(1), line(2)])).toBe(2);
    expect(await addSalesLinesAsTheyStand(t.database.db, 'csv', [line(2), line(3)])).toBe(1);
    const sales = await salesOfVendor(
      t.database.db,
      vendorId!,
      new Date('2026-02-01T00:00:00+01:00'),
      new Date('2026-03-01T00:00:00+01:00'),
    );
    expect(sales).toHaveLength(3);
  });
});
