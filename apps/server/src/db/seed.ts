import { clock } from '@housnkuh/shared/clock';
import { PRODUCT_CATEGORIES } from '@housnkuh/shared/catalog';
import { DEFAULT_FAQS, RETIRED_OPENING_HOURS_ANSWER } from '@housnkuh/shared/faq-defaults';
import { priceSelection } from '@housnkuh/shared/pricing';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { and, count, eq, sql } from 'drizzle-orm';
import { nextContractNumber } from '../lib/number-series';
import { writeSettings } from '../modules/content/public';
import { insertFirstVersion } from '../modules/contracts/public';
import { bannerSvg, profileSvg, storeImage } from '../modules/media/public';
import { searchColumns } from '../modules/vendors/public';
import type { Database, Transaction } from './client';
import { DEMO_VENDORS } from './demo-data';
import { faqs } from './schema/faqs';
import { settings } from './schema/settings';
import { contractUnits, contracts, rentalUnits, tags, vendorTags, vendors } from './schema/vendors';
import { SHOP_FLOOR } from './shop-floor';

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
    const [row] = await tx.select({ n: count() }).from(settings);
    if ((row?.n ?? 0) > 0) {
      await retireOutdatedDefaults(tx);
      return { seeded: false, demoVendors: 0 };
    }

    await writeSettings(tx, INITIAL_SITE_SETTINGS);
    await tx.insert(faqs).values(
      DEFAULT_FAQS.map((faq, index) => ({
        seedKey: faq.id,
        category: faq.category,
        question: faq.question,
        answer: faq.answer,
        keywords: [...faq.keywords],
        sortOrder: (index + 1) * 10,
      })),
    );
    await tx.insert(tags).values(
      PRODUCT_CATEGORIES.map((category) => ({
        name: category.name,
        slug: category.slug,
        icon: category.icon,
        color: category.color,
        category: 'product',
      })),
    );
    await tx.insert(rentalUnits).values(
      SHOP_FLOOR.map((unit) => ({
        name: unit.name,
        optionId: unit.optionId,
        beschreibung: unit.beschreibung,
        standort: unit.standort,
        groesse: unit.groesse,
        priceCents: unit.preis,
      })),
    );
    const demoVendors = options.demo ? await seedDemoData(tx, options.today ?? clock.now()) : 0;
    return { seeded: true, demoVendors };
  });
}

/**
 * Earlier initial data that is wrong today, replaced where it is still stored
 * exactly as it was seeded (an admin's own values stay): the contest's closing
 * date 01.06.2025 (the spec's, long past, which left the contest dead), the
 * season label 'Sommer 2025' (every opening text now comes from `openingDate`),
 * and the FAQ answer that called the shop open before it was (docs/decisions/0006, 0010).
 */
async function retireOutdatedDefaults(tx: Transaction): Promise<void> {
  const [contest] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'contest'));
  const stored = contest?.value as { active?: unknown; closingDate?: unknown } | null | undefined;
  if (stored && stored.active === true && stored.closingDate === '2025-06-01') {
    await writeSettings(tx, { contest: INITIAL_SITE_SETTINGS.contest });
  }
  await tx.delete(settings).where(eq(settings.key, 'openingLabel'));
  const openingFaq = DEFAULT_FAQS.find((faq) => faq.id === 'allgemein-oeffnungszeiten');
  if (openingFaq) {
    await tx
      .update(faqs)
      .set({
        answer: openingFaq.answer,
        keywords: [...openingFaq.keywords],
        updatedAt: clock.now(),
      })
      .where(and(eq(faqs.seedKey, openingFaq.id), eq(faqs.answer, RETIRED_OPENING_HOURS_ANSWER)));
  }
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function monthsBefore(date: Date, months: number): Date {
  const result = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

async function seedDemoData(tx: Transaction, today: Date): Promise<number> {
  const units = await tx.select().from(rentalUnits);
  const unitByName = new Map(units.map((unit) => [unit.name, unit]));
  const tagRows = await tx.select({ id: tags.id, slug: tags.slug }).from(tags);
  const tagBySlug = new Map(tagRows.map((tag) => [tag.slug, tag.id]));

  const categoryBySlug = new Map(PRODUCT_CATEGORIES.map((category) => [category.slug, category]));

  for (const demo of DEMO_VENDORS) {
    const categories = demo.tags.map((slug) => {
      const category = categoryBySlug.get(slug);
      if (!category) throw new Error(`Demo data: unknown tag ${slug}`);
      return category;
    });
    const start = monthsBefore(today, demo.monthsActive);
    const registered = new Date(start.getTime() - 14 * 24 * 60 * 60_000);
    const [vendor] = await tx
      .insert(vendors)
      .values({
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
        lat: demo.adresse.lat,
        lng: demo.adresse.lng,
        geocodeStatus: 'manual',
        facebook: demo.socialMedia.facebook ?? null,
        instagram: demo.socialMedia.instagram ?? null,
        oeffnungszeiten: demo.oeffnungszeiten,
        verifyStatus: demo.verifyStatus,
        nextGeocodeAt: null,
        ...searchColumns(
          {
            name: demo.name,
            unternehmen: demo.unternehmen,
            beschreibung: demo.beschreibung,
            ort: demo.adresse.ort,
          },
          categories.map((category) => category.name),
        ),
        registrationKind: 'demo',
        isPublic: true,
        emailConfirmedAt: registered,
        createdAt: registered,
        updatedAt: registered,
      })
      .returning({ id: vendors.id });
    const vendorId = vendor!.id;

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
    await tx.update(vendors).set({ profileImageId, bannerImageId }).where(eq(vendors.id, vendorId));

    const tagIds = demo.tags.map((slug) => {
      const id = tagBySlug.get(slug);
      if (!id) throw new Error(`Demo data: unknown tag ${slug}`);
      return id;
    });
    if (tagIds.length) {
      await tx.insert(vendorTags).values(tagIds.map((tagId) => ({ vendorId, tagId })));
    }

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
    const [contract] = await tx
      .insert(contracts)
      .values({
        vendorId,
        status: 'active',
        provisionType: priced.provisionType,
        rentalDuration: priced.rentalDuration,
        monthlyPriceCents: priced.price.monthlyTotal,
        number: await nextContractNumber(tx, registered.getUTCFullYear()),
        startDate: isoDay(start),
        packageSnapshot: priced,
        createdAt: registered,
        updatedAt: registered,
      })
      .returning();
    await insertFirstVersion(
      tx,
      contract!,
      rented.map((unit) => ({
        id: unit.id,
        name: unit.name,
        optionId: unit.optionId,
        priceCents: unit.priceCents,
      })),
      priced.zusatzleistungen,
      'System',
    );
    await tx.insert(contractUnits).values(
      rented.map((unit) => ({
        contractId: contract!.id,
        rentalUnitId: unit.id,
        priceCents: unit.priceCents,
        fromDate: isoDay(start),
      })),
    );
  }
  return DEMO_VENDORS.length;
}
