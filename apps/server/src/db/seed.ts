import { clock } from '@housnkuh/shared/clock';
import { demoOpening } from '@housnkuh/shared/demo-months';
import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
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
import { addGivenProducts } from '../modules/products/public';
import { createVendor, setVendorPicture } from '../modules/vendors/public';
import { contentInThousandths } from '@housnkuh/shared/products';
import { percentToBasisPoints } from '@housnkuh/shared/vat';
import type { Database, Transaction } from './client';
import { DEMO_VENDORS } from './demo-data';
import { DEMO_MONEY } from './demo-money';
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

/** The first day of the month `months` before `day`'s month ('YYYY-MM-DD'). */
function monthsBefore(day: string, months: number): string {
  const result = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, 1, 12));
  result.setUTCMonth(result.getUTCMonth() - months);
  return result.toISOString().slice(0, 10);
}

async function seedDemoData(
  tx: Transaction,
  today: Date,
  tagBySlug: ReadonlyMap<string, string>,
): Promise<number> {
  const unitByName = await rentalUnitsByName(tx);
  // the settings the seed has just written
  const { openingDate } = INITIAL_SITE_SETTINGS;
  const todayIso = isoDayInBerlin(today);
  // the demo shop opened four months before the install month, and every demo contract starts
  // then (docs/decisions/0043-discount-term-and-demo.md): the demo sales' months have rent, a free month, …
  const start = demoOpening(todayIso);
  const categoryBySlug = new Map(PRODUCT_CATEGORIES.map((category) => [category.slug, category]));
  const moneyByEmail = new Map(DEMO_MONEY.map((money) => [money.email, money]));

  for (const demo of DEMO_VENDORS) {
    const categories = demo.tags.map((slug) => {
      const category = categoryBySlug.get(slug);
      if (!category) throw new Error(`Demo data: unknown tag ${slug}`);
      return category;
    });
    const money = moneyByEmail.get(demo.email);
    if (!money) throw new Error(`Demo data: no tax status and products for ${demo.email}`);
    // pre-registered some months before the opening, the longest-standing first (at noon)
    const registered = new Date(
      `${addDays(monthsBefore(start, demo.registeredMonthsBefore), -14)}T12:00:00Z`,
    );
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
        taxStatus: money.taxStatus,
        steuernummer: money.steuernummer ?? null,
        iban: money.iban,
        kontoinhaber: money.kontoinhaber,
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

    // the producer's articles with their fixed in-store EANs (the demo sales CSV names them)
    await addGivenProducts(
      tx,
      vendorId,
      money.products.map((product) => {
        const vatRateBp = percentToBasisPoints(product.vatRate);
        if (vatRateBp === null) throw new Error(`Demo data: VAT rate ${product.vatRate}?`);
        return {
          name: product.name,
          priceCents: product.priceCents,
          unit: product.unit,
          vatRateBp,
          ean: product.ean,
          contentThousandths: product.content ? contentInThousandths(product.content) : null,
          contentMeasure: product.contentMeasure ?? null,
        };
      }),
    );

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
    await createRunningContract(
      tx,
      {
        vendorId,
        pkg: priced,
        units: rented,
        startDate: start,
        registered,
        openingDate,
      },
      todayIso,
    );
  }
  return DEMO_VENDORS.length;
}
