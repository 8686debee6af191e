import { clock } from '@housnkuh/shared/clock';
import { PRODUCT_CATEGORIES } from '@housnkuh/shared/catalog';
import { priceSelection } from '@housnkuh/shared/pricing';
import { sql } from 'drizzle-orm';
import { addInitialContent, hasSettings, retireOutdatedDefaults } from '../modules/content/public';
import {
  addRentalUnits,
  createRunningContract,
  rentalUnitsByName,
} from '../modules/contracts/public';
import { addProductTags, setVendorTags } from '../modules/directory/public';
import { bannerSvg, profileSvg, storeImage } from '../modules/media/public';
import { createVendor, setVendorPicture } from '../modules/vendors/public';
import type { Database, Transaction } from './client';
import { DEMO_VENDORS } from './demo-data';
import { SHOP_FLOOR } from './shop-floor';

// The initial data goes in through the modules' public functions: each writes its own
// tables (docs/decisions/0013).

/** Any fixed number: two instances starting on an empty PostgreSQL seed it once. */
const SEED_LOCK_KEY = 4_711_2026;

export interface SeedResult {
  seeded: boolean;
  demoVendors: number;
}

/** The initial data of an empty database: settings, FAQs, product tags; with `demo`, demo vendors. */
export async function seedDatabase(
  db: Database,
  options: { demo: boolean; today?: Date },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasSettings(tx)) {
      await retireOutdatedDefaults(tx);
      return { seeded: false, demoVendors: 0 };
    }

    await addInitialContent(tx);
    const tagIds = await addProductTags(tx, PRODUCT_CATEGORIES);
    await addRentalUnits(
      tx,
      SHOP_FLOOR.map((unit) => ({
        name: unit.name,
        optionId: unit.optionId,
        beschreibung: unit.beschreibung,
        standort: unit.standort,
        groesse: unit.groesse,
        priceCents: unit.preis,
      })),
    );
    const demoVendors = options.demo
      ? await seedDemoData(tx, options.today ?? clock.now(), tagIds)
      : 0;
    return { seeded: true, demoVendors };
  });
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function monthsBefore(date: Date, months: number): Date {
  const result = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

async function seedDemoData(
  tx: Transaction,
  today: Date,
  tagBySlug: ReadonlyMap<string, string>,
): Promise<number> {
  const unitByName = await rentalUnitsByName(tx);
  const categoryBySlug = new Map(PRODUCT_CATEGORIES.map((category) => [category.slug, category]));

  for (const demo of DEMO_VENDORS) {
    const categories = demo.tags.map((slug) => {
      const category = categoryBySlug.get(slug);
      if (!category) throw new Error(`Demo data: unknown tag ${slug}`);
      return category;
    });
    const start = monthsBefore(today, demo.monthsActive);
    const registered = new Date(start.getTime() - 14 * 24 * 60 * 60_000);
    const vendorId = await createVendor(
      tx,
      {
        email: demo.email,
        publicEmail: demo.email,
        passwordHash: null,
        name: demo.name,
        telefon: demo.telefon,
        unternehmen: demo.unternehmen,
        slogan: demo.slogan,
        beschreibung: demo.beschreibung,
        website: demo.website || null,
        strasse: demo.adresse.strasse,
        hausnummer: demo.adresse.hausnummer,
        plz: demo.adresse.plz,
        ort: demo.adresse.ort,
        facebook: demo.socialMedia.facebook ?? null,
        instagram: demo.socialMedia.instagram ?? null,
        oeffnungszeiten: demo.oeffnungszeiten,
        verifyStatus: demo.verifyStatus,
        registrationKind: 'demo',
        isPublic: true,
        emailConfirmedAt: registered,
        createdAt: registered,
        updatedAt: registered,
      },
      {
        tagNames: categories.map((category) => category.name),
        location: { lat: demo.adresse.lat, lng: demo.adresse.lng },
      },
    );

    // Generated pictures: the producer's first product on its colour (no downloads).
    const color = categories[0]?.color ?? '#09122c';
    const icons = categories.map((category) => category.icon);
    const [profileImageId, bannerImageId] = await Promise.all([
      storeImage(tx, {
        vendorId,
        kind: 'profile',
        data: profileSvg(color, icons[0] ?? 'leaf'),
        generated: true,
      }),
      storeImage(tx, {
        vendorId,
        kind: 'banner',
        data: bannerSvg(color, icons.length ? icons : ['leaf']),
        generated: true,
      }),
    ]);
    // as they were when the demo producer registered
    await setVendorPicture(tx, vendorId, 'profile', profileImageId, registered);
    await setVendorPicture(tx, vendorId, 'banner', bannerImageId, registered);

    const tagIds = demo.tags.map((slug) => {
      const id = tagBySlug.get(slug);
      if (!id) throw new Error(`Demo data: unknown tag ${slug}`);
      return id;
    });
    await setVendorTags(tx, vendorId, tagIds);

    const rented = demo.mietfaecher.map((name) => {
      const unit = unitByName.get(name);
      if (!unit) throw new Error(`Demo data: unknown rental unit ${name}`);
      return unit;
    });
    if (rented.length === 0) continue;
    const packageCounts: Record<string, number> = {};
    for (const unit of rented)
      packageCounts[unit.optionId] = (packageCounts[unit.optionId] ?? 0) + 1;
    const priced = priceSelection({
      provisionType: demo.provisionType,
      packageCounts,
      rentalDuration: 6,
      zusatzleistungen: { lagerservice: false, versandservice: false },
    });
    await createRunningContract(tx, {
      vendorId,
      pkg: priced,
      units: rented,
      startDate: isoDay(start),
      registered,
    });
  }
  return DEMO_VENDORS.length;
}
