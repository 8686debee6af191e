import { ERRORS } from '@housnkuh/shared/messages';
import { packageDataAnswer } from '@housnkuh/shared/package-data';
import type { PricedSelection } from '@housnkuh/shared/pricing';
import type { PackageDataAnswer } from '@housnkuh/shared/schemas/booking';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  maskIban,
  TAX_STATUSES,
  type TaxStatus,
  type VendorBusiness,
} from '@housnkuh/shared/schemas/vendor-profile';
import { WEEKDAYS } from '@housnkuh/shared/weekdays';
import type { vendorProfileResponseSchema, VendorUser } from '@housnkuh/shared/schemas/vendor';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { bookingRequests, contracts, vendors, vendorTags } from '../../db/schema/vendors';
import { NotFoundError } from '../../lib/domain-errors';
import { contractFacts } from '../contracts/public';
import { imageUrl } from '../media/public';
import { accountStatus, computeTrialStatus, trialMessage } from './vendor-status';

export type VendorRow = typeof vendors.$inferSelect;
type VendorProfile = z.infer<typeof vendorProfileResponseSchema>['profile'];

/** What the vendor rules need: the database and the current settings. */
export interface VendorContext {
  db: Executor;
  settings: SiteSettings;
}

/**
 * Shown in the directory: released by an admin, agreed to by the producer
 * (profile switch) and holding an active contract (PRODUCT.md "Vendor
 * lifecycle"; the trial is part of an active contract).
 */
export const isListed: SQL = sql`(${vendors.isPublic} and ${vendors.profileVisible} and exists (select 1 from ${contracts} where ${contracts.vendorId} = ${vendors.id} and ${contracts.status} = 'active'))`;

export async function findVendor(db: Executor, id: string): Promise<VendorRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, id));
  return vendor;
}

async function hasPendingBooking(db: Executor, vendorId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.vendorId, vendorId), eq(bookingRequests.status, 'pending')));
  return (row?.n ?? 0) > 0;
}

export async function trialStatusOf(ctx: VendorContext, vendorId: string) {
  const facts = await contractFacts(ctx.db, vendorId);
  const trial = computeTrialStatus(ctx.settings, facts, await hasPendingBooking(ctx.db, vendorId));
  return { trial, facts, message: trialMessage(trial) };
}

/** The vendor as the session's answers show it (login, check, profile). */
export async function vendorUser(ctx: VendorContext, vendor: VendorRow): Promise<VendorUser> {
  const { trial, facts } = await trialStatusOf(ctx, vendor.id);
  return {
    id: vendor.id,
    name: vendor.name,
    email: vendor.email,
    unternehmen: vendor.unternehmen,
    telefon: vendor.telefon,
    profilBild: imageUrl(vendor.profileImageId, 'profile'),
    isVendor: true,
    accountStatus: accountStatus(trial, facts),
    registrationDate: vendor.createdAt.toISOString(),
  };
}

/** The vendor's latest booking request still waiting for the operator (the profile's pendingBooking). */
export async function pendingBookingOf(
  db: Executor,
  vendorId: string,
): Promise<{ id: string; createdAt: string; packageData: PackageDataAnswer } | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.vendorId, vendorId), eq(bookingRequests.status, 'pending')))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    packageData: packageDataAnswer(row.packageData as PricedSelection),
  };
}

/** The vendor's own profile: the session's view plus address, texts and the pending booking. */
export async function vendorProfile(ctx: VendorContext, vendor: VendorRow): Promise<VendorProfile> {
  return {
    ...(await vendorUser(ctx, vendor)),
    strasse: vendor.strasse,
    hausnummer: vendor.hausnummer,
    plz: vendor.plz,
    ort: vendor.ort,
    slogan: vendor.slogan,
    beschreibung: vendor.beschreibung,
    website: vendor.website,
    verifyStatus: vendor.verifyStatus,
    isPublic: vendor.isPublic,
    profileVisible: vendor.profileVisible,
    listed: await isVendorListed(ctx.db, vendor.id),
    publicEmail: vendor.publicEmail,
    facebook: vendor.facebook,
    instagram: vendor.instagram,
    bannerBild: imageUrl(vendor.bannerImageId, 'banner'),
    oeffnungszeiten: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const value = (vendor.oeffnungszeiten as Record<string, unknown>)[day];
        return [day, typeof value === 'string' ? value : ''];
      }),
    ),
    tagIds: (
      await ctx.db
        .select({ id: vendorTags.tagId })
        .from(vendorTags)
        .where(eq(vendorTags.vendorId, vendor.id))
    ).map((row) => row.id),
    geocodeStatus: vendor.geocodeStatus,
    business: vendorBusiness(vendor),
    pendingBooking: await pendingBookingOf(ctx.db, vendor.id),
  };
}

async function isVendorListed(db: Executor, vendorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), isListed));
  return Boolean(row);
}

/** The producer's business data as its own answers show it: the IBAN masked. */
export function vendorBusiness(vendor: VendorRow): VendorBusiness {
  return {
    taxStatus: (TAX_STATUSES as readonly string[]).includes(vendor.taxStatus ?? '')
      ? (vendor.taxStatus as TaxStatus)
      : null,
    steuernummer: vendor.steuernummer,
    ustIdNr: vendor.ustIdNr,
    ibanMasked: vendor.iban ? maskIban(vendor.iban) : null,
    kontoinhaber: vendor.kontoinhaber,
    bankChangedAt: vendor.bankChangedAt?.toISOString() ?? null,
  };
}

/** The vendor of the session; "not found" when the account is gone. */
export async function sessionVendor(db: Executor, vendorId: string): Promise<VendorRow> {
  const vendor = await findVendor(db, vendorId);
  if (!vendor) throw new NotFoundError(ERRORS.booking404);
  return vendor;
}

/** Every listed vendor's id and last change, by name (the sitemap's producer pages). */
export async function listedVendorStamps(
  db: Executor,
  limit: number,
): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: vendors.id, updatedAt: vendors.updatedAt })
    .from(vendors)
    .where(isListed)
    .orderBy(vendors.nameKey)
    .limit(limit);
}
