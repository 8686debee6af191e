// Fills a database with N generated, listed vendors for the directory benchmark
// (run by bench/run.mjs through tsx, before the server starts on that database).
// Bench-only data: never part of the product's seed.
//   tsx bench/directory-data.ts <count>   (DATA_DIR or DATABASE_URL as the server reads them)
import { PRODUCT_CATEGORIES } from '@housnkuh/shared/catalog';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDatabase } from '../apps/server/src/db/seed';
// bench data goes in through the owners' functions, as db/seed.ts does (docs/decisions/0013)
import { createRunningContracts } from '../apps/server/src/modules/contracts/public';
import { setTagsOfVendors, tagChoices } from '../apps/server/src/modules/directory/public';
import { createVendors } from '../apps/server/src/modules/vendors/public';

const FIRST = [
  'Anna',
  'Bernd',
  'Carola',
  'Dieter',
  'Erika',
  'Franz',
  'Gisela',
  'Hans',
  'Ilse',
  'Jörg',
  'Käthe',
  'Lukas',
  'Maria',
  'Norbert',
  'Olga',
  'Paul',
  'Rosi',
  'Sepp',
  'Uschi',
  'Werner',
];
const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Größ',
  'Fröba',
];
const KIND = [
  'Hof',
  'Imkerei',
  'Bäckerei',
  'Metzgerei',
  'Käserei',
  'Gärtnerei',
  'Kelterei',
  'Mühle',
  'Brennerei',
  'Werkstatt',
];
const TOWNS = [
  'Kronach',
  'Pressig',
  'Stockheim',
  'Wallenfels',
  'Tettau',
  'Mitwitz',
  'Teuschnitz',
  'Marktrodach',
  'Steinwiesen',
  'Nordhalben',
  'Weißenbrunn',
  'Küps',
  'Ludwigsstadt',
];
const VERIFY = ['verified', 'verified', 'pending', 'unverified'] as const;

async function main() {
  const total = Number(process.argv[2] ?? 1000);
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? 'memory',
  });
  try {
    await seedDatabase(database.db, { demo: false });
    const tagId = new Map((await tagChoices(database.db)).map((tag) => [tag.slug, tag.id]));
    const batch = 500;
    for (let start = 0; start < total; start += batch) {
      const size = Math.min(batch, total - start);
      const rows = Array.from({ length: size }, (_, k) => {
        const i = start + k;
        const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
        const unternehmen = `${KIND[i % KIND.length]} ${LAST[(i * 7) % LAST.length]} ${i}`;
        const ort = TOWNS[(i * 3) % TOWNS.length]!;
        const beschreibung = `Regionale Erzeugnisse aus ${ort}. Betrieb Nummer ${i}, seit ${1950 + (i % 70)} in Familienhand.`;
        const categories = [PRODUCT_CATEGORIES[i % 14]!, PRODUCT_CATEGORIES[(i * 5 + 3) % 14]!];
        return {
          categories,
          vendor: {
            email: `bench-${i}@bench.example`,
            name,
            unternehmen,
            beschreibung,
            slogan: 'Frisch vom Hof',
            telefon: '09261 000000',
            strasse: 'Hauptstraße',
            hausnummer: String(1 + (i % 90)),
            plz: '96317',
            ort,
            oeffnungszeiten: { montag: '8–18 Uhr', samstag: '8–12 Uhr' },
            verifyStatus: VERIFY[i % VERIFY.length]!,
            isPublic: i % 10 !== 9,
            registrationKind: 'demo',
            emailConfirmedAt: new Date(),
            createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
          },
          location: { lat: 50.1 + (i % 300) / 1000, lng: 11.2 + (i % 400) / 1000 },
        };
      });
      const vendorIds = await createVendors(
        database.db,
        rows.map((row) => ({
          vendor: row.vendor,
          tagNames: row.categories.map((category) => category.name),
          location: row.location,
        })),
      );
      await setTagsOfVendors(
        database.db,
        vendorIds.map((vendorId, k) => ({
          vendorId,
          tagIds: rows[k]!.categories.map((category) => tagId.get(category.slug)!),
        })),
      );
      // one running contract each, with its first version
      await createRunningContracts(
        database.db,
        vendorIds.map((vendorId) => ({
          vendorId,
          provisionType: 'premium',
          rentalDuration: 6,
          monthlyPriceCents: 3500,
          startDate: '2025-01-01',
          packageSnapshot: {},
          units: [],
          zusatzleistungen: { lagerservice: false, versandservice: false },
        })),
        { openingDate: '2025-01-01', actorName: 'Bench' },
      );
    }
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

await main();
