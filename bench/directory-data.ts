// Fills a database with N generated, listed vendors for the directory benchmark
// (run by bench/run.mjs through tsx, before the server starts on that database).
// Bench-only data: never part of the product's seed.
//   tsx bench/directory-data.ts <count>   (DATA_DIR or DATABASE_URL as the server reads them)
import { PRODUCT_CATEGORIES } from '@housnkuh/shared/catalog';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDatabase } from '../apps/server/src/db/seed';
// bench data goes straight into the tables, as the tests' setup does
import { contracts, contractVersions } from '../apps/server/src/modules/contracts/schema';
import { tags, vendorTags } from '../apps/server/src/modules/directory/schema';
import { vendors } from '../apps/server/src/modules/vendors/schema';
import { searchColumns } from '../apps/server/src/modules/vendors/search-index';

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
    const tagRows = await database.db.select({ id: tags.id, slug: tags.slug }).from(tags);
    const tagId = new Map(tagRows.map((tag) => [tag.slug, tag.id]));
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
          values: {
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
            lat: 50.1 + (i % 300) / 1000,
            lng: 11.2 + (i % 400) / 1000,
            geocodeStatus: 'manual',
            nextGeocodeAt: null,
            oeffnungszeiten: { montag: '8–18 Uhr', samstag: '8–12 Uhr' },
            verifyStatus: VERIFY[i % VERIFY.length]!,
            isPublic: i % 10 !== 9,
            registrationKind: 'demo',
            emailConfirmedAt: new Date(),
            createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
            ...searchColumns(
              { name, unternehmen, beschreibung, ort },
              categories.map((category) => category.name),
            ),
          },
        };
      });
      const inserted = await database.db
        .insert(vendors)
        .values(rows.map((row) => row.values))
        .returning({ id: vendors.id });
      await database.db.insert(vendorTags).values(
        inserted.flatMap((vendor, k) =>
          [...new Set(rows[k]!.categories.map((c) => c.slug))].map((slug) => ({
            vendorId: vendor.id,
            tagId: tagId.get(slug)!,
          })),
        ),
      );
      const made = await database.db
        .insert(contracts)
        .values(
          inserted.map((vendor) => ({
            vendorId: vendor.id,
            status: 'active',
            provisionType: 'premium',
            rentalDuration: 6,
            monthlyPriceCents: 3500,
            startDate: '2025-01-01',
            packageSnapshot: {},
          })),
        )
        .returning({ id: contracts.id });
      // each contract with its first version, as every contract has one
      await database.db.insert(contractVersions).values(
        made.map((contract) => ({
          contractId: contract.id,
          validFrom: '2025-01-01',
          provisionType: 'premium',
          monthlyPriceCents: 3500,
          zusatzleistungen: { lagerservice: false, versandservice: false },
          units: [],
          actorName: 'Bench',
        })),
      );
    }
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

await main();
