// The automated inventory's cost in a till delivery (issue 33), in one process on the embedded
// database: the CPU time (process.cpuUsage: the server's code and PGlite's, which run here) of
// importing N CSV lines, alternating a round with every product untracked and one with every
// product tracked (each sale line also a sale in the stock), on the same database with new receipt
// numbers each time. CPU time, unlike wall time, hardly moves with other work on the machine.
//   tsx bench/inventory-import.ts <lines> <rounds>   (prints JSON); tracked products have a
//   restock level of 5 (BENCH_RESTOCK_LEVEL=none: none). BENCH_SQL="stmt;stmt" runs statements on
//   the fresh database first (an experiment, e.g. dropping a constraint; docs/decisions/0076)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { inStoreEan } from '../packages/shared/src/ean';
import { openDatabase } from '../apps/server/src/db/client';
// bench data goes in through the owners' functions, as db/seed.ts does (docs/decisions/0013)
import {
  addGivenProducts,
  setStockTrackingOfAll,
} from '../apps/server/src/modules/products/public';
import { importSalesCsv } from '../apps/server/src/modules/sales/public';
import { createVendors } from '../apps/server/src/modules/vendors/public';

const PRODUCERS = 50;
const PER_PRODUCER = 20;

function csv(lines: number, prefix: string): Uint8Array {
  const known = PRODUCERS * PER_PRODUCER;
  const out = ['beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz'];
  for (let i = 0; i < lines; i += 1) {
    const receipt = Math.floor(i / 5);
    const day = 1 + (Math.floor(receipt / 700) % 28);
    const minute = receipt % 600;
    const time = `${String(day).padStart(2, '0')}.10.2025 ${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const n = (i * 7919) % known;
    const p = n % PER_PRODUCER;
    const quantity = p % 5 === 0 ? `0,${String(100 + (i % 899))}` : i % 97 === 0 ? '-1' : '1';
    out.push(
      `${prefix}${receipt};${(i % 5) + 1};${time};${inStoreEan(n + 1)};Artikel ${n};${quantity};2,49;7`,
    );
  }
  return new TextEncoder().encode(`${out.join('\n')}\n`);
}

async function main() {
  const lines = Number(process.argv[2] ?? 10_000);
  const rounds = Number(process.argv[3] ?? 5);
  // BENCH_RESTOCK_LEVEL=none: tracked without a level (no restock notices to decide)
  const restockLevel = process.env.BENCH_RESTOCK_LEVEL === 'none' ? null : 5000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-inventory-'));
  const database = await openDatabase({ dataDir: dir });
  for (const statement of (process.env.BENCH_SQL ?? '').split(';').filter((s) => s.trim()))
    await database.db.execute(sql.raw(statement));
  try {
    const vendorIds = await createVendors(
      database.db,
      Array.from({ length: PRODUCERS }, (_, i) => ({
        vendor: { email: `hof-${i}@bench.example`, name: `Hof ${i}`, taxStatus: 'regelbesteuert' },
        // set by hand: no geocoding
        location: { lat: 50.241, lng: 11.328 },
      })),
    );
    for (const [v, vendorId] of vendorIds.entries()) {
      await addGivenProducts(
        database.db,
        vendorId,
        Array.from({ length: PER_PRODUCER }, (_, p) => ({
          name: `Artikel ${v}-${p}`,
          ean: inStoreEan(v * PER_PRODUCER + p + 1),
          priceCents: 249,
          unit: p % 5 === 0 ? 'kg' : 'Stück',
          vatRateBp: 700,
        })),
      );
    }
    const cpu = { untracked: [] as number[], tracked: [] as number[] };
    // one warm-up import, not counted
    await importSalesCsv(database.db, csv(lines, 'W'));
    for (let round = 0; round < rounds; round += 1) {
      for (const tracked of [false, true]) {
        // tracked products with a restock level: the restock notices are decided with each batch
        await setStockTrackingOfAll(database.db, {
          tracked,
          restockLevelThousandths: tracked ? restockLevel : null,
        });
        const bytes = csv(lines, `R${round}${tracked ? 'T' : 'U'}-`);
        const before = process.cpuUsage();
        const result = await importSalesCsv(database.db, bytes);
        const used = process.cpuUsage(before);
        if (result.imported !== lines) throw new Error(`imported ${result.imported}`);
        cpu[tracked ? 'tracked' : 'untracked'].push(
          Number(((used.user + used.system) / 1e6).toFixed(3)),
        );
      }
    }
    process.stdout.write(`${JSON.stringify(cpu)}\n`);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
