// The removal of a deleted producer's retained records after the retention (issue 35,
// docs/decisions/0092), in one process: the wall time of removeRetained for a producer with N
// sales lines (each one passes the sales lines' row guard), on the embedded database, or on
// PostgreSQL with DATABASE_URL. The removal runs inside the owner's request: this says how far
// that is from the request timeout (30 s).
//   tsx bench/retention-removal.ts <lines> [<lines> …]   (prints JSON, one object per size)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inStoreEan } from '../packages/shared/src/ean';
import { openDatabase } from '../apps/server/src/db/client';
// bench data goes in through the owners' functions, as db/seed.ts does (docs/decisions/0013)
import { addGivenProducts } from '../apps/server/src/modules/products/public';
import { removeRetained } from '../apps/server/src/modules/retention/public';
import { importSalesCsv } from '../apps/server/src/modules/sales/public';
import { createVendors, stripDeletedVendor } from '../apps/server/src/modules/vendors/public';

function csv(lines: number, ean: string, prefix: string): Uint8Array {
  const out = ['beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz'];
  for (let i = 0; i < lines; i += 1) {
    const day = 1 + (Math.floor(i / 1000) % 28);
    const minute = Math.floor(i / 5) % 600;
    const time = `${String(day).padStart(2, '0')}.10.2025 ${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    out.push(`${prefix}${Math.floor(i / 5)};${(i % 5) + 1};${time};${ean};Honig;1;4,99;7`);
  }
  return new TextEncoder().encode(`${out.join('\n')}\n`);
}

async function main() {
  const sizes = process.argv.slice(2).map(Number);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'housnkuh-retention-'));
  const database = await openDatabase({ dataDir: dir, url: process.env.DATABASE_URL });
  try {
    for (const [n, lines] of (sizes.length ? sizes : [20_000, 60_000]).entries()) {
      const [vendorId] = await createVendors(database.db, [
        {
          vendor: { email: `gross-${n}-${Date.now()}@bench.example`, name: `Hof ${n}` },
          location: { lat: 50.241, lng: 11.328 },
        },
      ]);
      const ean = inStoreEan(900_000 + n);
      await addGivenProducts(database.db, vendorId!, [
        { name: 'Honig', ean, priceCents: 499, unit: 'Glas', vatRateBp: 700 },
      ]);
      for (let done = 0; done < lines; done += 20_000) {
        const result = await importSalesCsv(
          database.db,
          csv(Math.min(20_000, lines - done), ean, `B${n}-${done}-`),
        );
        if (result.imported !== Math.min(20_000, lines - done))
          throw new Error(`imported ${result.imported}`);
      }
      await stripDeletedVendor(database.db, vendorId!, {
        deletedAt: new Date(),
        retainedUntil: '2020-12-31',
      });
      const start = performance.now();
      const { rows } = await removeRetained(database.db, vendorId!, { id: null, name: 'Bench' });
      const ms = Math.round(performance.now() - start);
      if (rows.salesLines !== lines) throw new Error(`removed ${rows.salesLines}`);
      process.stdout.write(`${JSON.stringify({ lines, removalMs: ms })}\n`);
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
