// Fills a database for the settlement benchmark (run by bench/run.mjs through tsx): the admin
// 'bench', P producers with their business data and one running contract each (Basismodell or
// Premium, one unit), and N till lines of October 2025 spread over them.
//   tsx bench/settlement-data.ts <producers> <lines> <password>   (DATA_DIR or DATABASE_URL)
import { DEFAULT_BILLING_SETTINGS } from '@housnkuh/shared/schemas/billing';
import { openDatabase } from '../apps/server/src/db/client';
// bench data goes in through the owners' functions, as db/seed.ts does (docs/decisions/0013)
import { createAdmin } from '../apps/server/src/modules/accounts/public';
import { putBillingSettings } from '../apps/server/src/modules/billing/public';
import { createRunningContracts } from '../apps/server/src/modules/contracts/public';
import {
  addSalesLinesAsTheyStand,
  type KnownSalesLine,
} from '../apps/server/src/modules/sales/public';
import { createVendors } from '../apps/server/src/modules/vendors/public';

async function main() {
  const producers = Number(process.argv[2] ?? 200);
  const lines = Number(process.argv[3] ?? 100_000);
  const password = process.argv[4] ?? 'Bench!2026';
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? 'memory',
  });
  const db = database.db;
  try {
    const admin = await createAdmin(db, { username: 'bench', name: 'Bench Admin', password });
    // months are settled in order: this system settles from October 2025 ("Abrechnung ab"),
    // the months before count as settled elsewhere
    await putBillingSettings(
      db,
      { id: admin.id, name: admin.name },
      { ...DEFAULT_BILLING_SETTINGS, abrechnungAb: '2025-10' },
    );
    const vendorIds = await createVendors(
      db,
      Array.from({ length: producers }, (_, i) => ({
        vendor: {
          email: `hof-${i}@bench.example`,
          name: `Hof ${i}`,
          strasse: 'Hauptstraße',
          hausnummer: String(i + 1),
          plz: '96317',
          ort: 'Kronach',
          taxStatus: i % 10 === 0 ? 'kleinunternehmer' : 'regelbesteuert',
          iban: 'DE02120300000000202051',
          kontoinhaber: `Hof ${i}`,
        },
        // set by hand: no geocoding requests from the bench
        location: { lat: 50.241, lng: 11.328 },
      })),
    );
    // one running contract each (V-2025-0001 …), its first version naming one unit
    await createRunningContracts(
      db,
      vendorIds.map((vendorId, i) => ({
        vendorId,
        provisionType: i % 3 === 0 ? 'premium' : 'basic',
        rentalDuration: 6,
        monthlyPriceCents: 1500 + (i % 5) * 500,
        startDate: '2025-06-01',
        packageSnapshot: {},
        units: [{ id: vendorId, name: `B${i + 1}`, optionId: 'block-b', priceCents: 1500 }],
        zusatzleistungen: { lagerservice: false, versandservice: false },
      })),
      { openingDate: '2025-06-01', actorName: 'Bench' },
    );
    const rows: KnownSalesLine[] = [];
    for (let i = 0; i < lines; i += 1) {
      const v = (i * 7919) % producers;
      const receipt = Math.floor(i / 5);
      const day = 1 + (Math.floor(receipt / 700) % 31);
      const minute = receipt % 600;
      const price = 199 + ((v * 7 + i * 13) % 2000);
      const quantity = i % 97 === 0 ? -1000 : 1000;
      rows.push({
        receiptId: `B${receipt}`,
        position: (i % 5) + 1,
        soldAt: new Date(
          `2025-10-${String(day).padStart(2, '0')}T${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00+02:00`,
        ),
        ean: '2000000000000',
        articleText: `Artikel ${v}`,
        quantityThousandths: quantity,
        unitPriceGrossCents: price,
        vatRateBp: v % 10 === 0 ? 0 : i % 4 === 0 ? 1900 : 700,
        lineTotalGrossCents: (price * quantity) / 1000,
        vendorId: vendorIds[v]!,
        productId: null,
        raw: `B${receipt};${(i % 5) + 1}`,
      });
    }
    await addSalesLinesAsTheyStand(db, 'csv', rows);
  } finally {
    await database.close();
  }
}

await main();
