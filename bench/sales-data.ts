// Fills a database for the sales import benchmark (run by bench/run.mjs through tsx): the
// admin 'bench', 50 producers with 20 products each, and writes a CSV of N till lines
// (95 % known EANs, 5 % unknown, a few returns and weighed goods) to the given file.
//   tsx bench/sales-data.ts <lines> <password> <csv file>   (DATA_DIR or DATABASE_URL;
//   BENCH_SALES_TRACKED=1: every product's stock tracked, for the inventory section)
import fs from 'node:fs';
import { inStoreEan } from '../packages/shared/src/ean';
import { openDatabase } from '../apps/server/src/db/client';
// bench data goes in through the owners' functions, as db/seed.ts does (docs/decisions/0013)
import { createAdmin } from '../apps/server/src/modules/accounts/public';
import {
  addGivenProducts,
  setStockTrackingOfAll,
} from '../apps/server/src/modules/products/public';
import { createVendors } from '../apps/server/src/modules/vendors/public';

/** Kronach: the producers' position, set by hand (no geocoding requests from the bench). */
const KRONACH = { lat: 50.241, lng: 11.328 };
const PRODUCERS = 50;
const PER_PRODUCER = 20;

async function main() {
  const lines = Number(process.argv[2] ?? 100_000);
  const password = process.argv[3] ?? 'Bench!2026';
  const file = process.argv[4] ?? 'sales.csv';
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? 'memory',
  });
  try {
    await createAdmin(database.db, { username: 'bench', name: 'Bench Admin', password });
    const vendorIds = await createVendors(
      database.db,
      Array.from({ length: PRODUCERS }, (_, i) => ({
        vendor: {
          email: `hof-${i}@bench.example`,
          name: `Hof ${i}`,
          strasse: 'Hauptstraße',
          hausnummer: String(i + 1),
          plz: '96317',
          ort: 'Kronach',
          taxStatus: 'regelbesteuert',
        },
        location: KRONACH,
      })),
    );
    for (const [v, vendorId] of vendorIds.entries()) {
      await addGivenProducts(
        database.db,
        vendorId,
        Array.from({ length: PER_PRODUCER }, (_, p) => ({
          name: `Artikel ${v}-${p}`,
          ean: inStoreEan(v * PER_PRODUCER + p + 1),
          priceCents: 199 + ((v * 7 + p * 13) % 2000),
          unit: p % 5 === 0 ? 'kg' : 'Stück',
          vatRateBp: p % 4 === 0 ? 1900 : 700,
        })),
      );
    }
    // BENCH_SALES_TRACKED=1: the automated inventory keeps every product's stock
    if (process.env.BENCH_SALES_TRACKED === '1')
      await setStockTrackingOfAll(database.db, { tracked: true, restockLevelThousandths: null });
  } finally {
    await database.close();
  }

  const known = PRODUCERS * PER_PRODUCER;
  const out: string[] = ['beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz'];
  for (let i = 0; i < lines; i += 1) {
    const receipt = Math.floor(i / 5);
    const day = 1 + (Math.floor(receipt / 700) % 28);
    const minute = receipt % 600;
    const time = `${String(day).padStart(2, '0')}.10.2025 ${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const n = (i * 7919) % known;
    const unknown = i % 20 === 19;
    const ean = unknown ? `PFAND-${i % 3}` : inStoreEan(n + 1);
    const v = Math.floor(n / PER_PRODUCER);
    const p = n % PER_PRODUCER;
    const price = unknown ? 15 : 199 + ((v * 7 + p * 13) % 2000);
    const rate = unknown ? '19' : p % 4 === 0 ? '19' : '7';
    const quantity = p % 5 === 0 ? `0,${String(100 + (i % 899))}` : i % 97 === 0 ? '-1' : '1';
    const euros = `${Math.floor(price / 100)},${String(price % 100).padStart(2, '0')}`;
    out.push(
      `B${receipt};${(i % 5) + 1};${time};${ean};Artikel ${v}-${p};${quantity};${euros};${rate}`,
    );
  }
  fs.writeFileSync(file, `${out.join('\n')}\n`);
}

await main();
