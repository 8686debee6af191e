import { clock } from '@housnkuh/shared/clock';
import { ERRORS } from '@housnkuh/shared/messages';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  maskIban,
  TAX_STATUSES,
  type TaxStatus,
  type VendorBusiness,
} from '@housnkuh/shared/schemas/vendor-profile';
import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { wakeAfterCommit } from '../../db/transaction';
import { NotFoundError } from '../../lib/domain-errors';
import { vendors } from './schema';
import { searchColumns } from './search-index';

export type VendorRow = typeof vendors.$inferSelect;

/** What the vendor rules need: the database and the current settings. */
export interface VendorContext {
  db: Executor;
  settings: SiteSettings;
}

// ---------------------------------------------------------------------------
// Reading: one vendor, and the column sets other modules join (docs/decisions/0013)

export async function findVendor(db: Executor, id: string): Promise<VendorRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, id));
  return vendor;
}

export async function findVendorByEmail(
  db: Executor,
  email: string,
): Promise<VendorRow | undefined> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.email, email));
  return vendor;
}

/** The id of the account with this (normalised) address, if there is one. */
export async function vendorIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  const [vendor] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.email, email));
  return vendor?.id;
}

/**
 * The vendor with this id or address, its row locked until the caller's
 * transaction ends (a change that must see the row as it is and keep it so).
 */
export async function vendorForUpdate(
  tx: Executor,
  by: { id: string } | { email: string },
): Promise<VendorRow | undefined> {
  const [vendor] = await tx
    .select()
    .from(vendors)
    .where('id' in by ? eq(vendors.id, by.id) : eq(vendors.email, by.email))
    .for('update');
  return vendor;
}

/** The vendor of the session; "not found" when the account is gone. */
export async function sessionVendor(db: Executor, vendorId: string): Promise<VendorRow> {
  const vendor = await findVendor(db, vendorId);
  if (!vendor) throw new NotFoundError(ERRORS.booking404);
  return vendor;
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

/** Names and addresses of these vendors (mails, lists), in no particular order. */
export async function vendorNamesOf(
  db: Executor,
  ids: readonly string[],
): Promise<{ id: string; name: string; unternehmen: string | null; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select(vendorNameColumns)
    .from(vendors)
    .where(inArray(vendors.id, [...ids]));
}

/** The producers' addresses and how each wants its restock notices (single mails or daily). */
export async function restockRecipients(
  db: Executor,
  ids: readonly string[],
): Promise<
  { id: string; name: string; unternehmen: string | null; email: string; restockMail: string }[]
> {
  if (ids.length === 0) return [];
  return db
    .select({ ...vendorNameColumns, restockMail: vendors.restockMail })
    .from(vendors)
    .where(inArray(vendors.id, [...ids]));
}

/** The producer's own setting: restock notices as single mails or one summary a day. */
export async function setVendorRestockMail(
  db: Executor,
  vendorId: string,
  mode: 'single' | 'daily',
): Promise<void> {
  await db
    .update(vendors)
    .set({ restockMail: mode, updatedAt: clock.now() })
    .where(eq(vendors.id, vendorId));
}

/**
 * The demo producers of the initial data (registrationKind 'demo'; the seed
 * sets it, migration demo_vendors_marked marks older databases by address),
 * by name; with `lock` locked for the caller's transaction.
 */
export async function demoVendors(
  db: Executor,
  options: { lock?: boolean } = {},
): Promise<{ id: string; name: string; unternehmen: string | null }[]> {
  const query = db
    .select({ id: vendors.id, name: vendors.name, unternehmen: vendors.unternehmen })
    .from(vendors)
    .where(eq(vendors.registrationKind, 'demo'))
    .orderBy(asc(vendors.nameKey), asc(vendors.id));
  return options.lock ? query.for('update') : query;
}

/**
 * Deletes these demo producers (others among `ids` stay). The database
 * deletes what hangs on a producer by its foreign keys: contracts with their
 * holdings of units, versions and events, booking requests, tags, links.
 * Answers how many were deleted.
 */
export async function deleteDemoVendors(db: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .delete(vendors)
    .where(and(inArray(vendors.id, [...ids]), eq(vendors.registrationKind, 'demo')))
    .returning({ id: vendors.id });
  return deleted.length;
}

/** How many producers have an account (the demo data aside). */
export async function countVendors(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(vendors)
    .where(ne(vendors.registrationKind, 'demo'));
  return row?.n ?? 0;
}

const vendorNameColumns = {
  id: vendors.id,
  name: vendors.name,
  unternehmen: vendors.unternehmen,
  email: vendors.email,
};

const qb = new QueryBuilder();

/**
 * Who a vendor is, for another module's join (its lists and mails): id, name,
 * company and address. A subquery, which PostgreSQL plans like the table.
 */
export const vendorNames = qb.select(vendorNameColumns).from(vendors).as('vendor_names');

/**
 * A vendor's public profile with what the directory filters and sorts by and
 * the two switches of its listing (the directory's listing rule, its pages,
 * the map's addresses and the sitemap).
 */
export const vendorListing = qb
  .select({
    id: vendors.id,
    name: vendors.name,
    unternehmen: vendors.unternehmen,
    slogan: vendors.slogan,
    beschreibung: vendors.beschreibung,
    profileImageId: vendors.profileImageId,
    bannerImageId: vendors.bannerImageId,
    telefon: vendors.telefon,
    publicEmail: vendors.publicEmail,
    website: vendors.website,
    verifyStatus: vendors.verifyStatus,
    strasse: vendors.strasse,
    hausnummer: vendors.hausnummer,
    plz: vendors.plz,
    ort: vendors.ort,
    lat: vendors.lat,
    lng: vendors.lng,
    facebook: vendors.facebook,
    instagram: vendors.instagram,
    oeffnungszeiten: vendors.oeffnungszeiten,
    searchText: vendors.searchText,
    nameKey: vendors.nameKey,
    companyKey: vendors.companyKey,
    isPublic: vendors.isPublic,
    profileVisible: vendors.profileVisible,
    createdAt: vendors.createdAt,
    updatedAt: vendors.updatedAt,
  })
  .from(vendors)
  .as('v');

/** The producers' accounts: who, how to reach them, their state (the admin's lists, account links). */
export const vendorAccounts = qb
  .select({
    id: vendors.id,
    name: vendors.name,
    unternehmen: vendors.unternehmen,
    email: vendors.email,
    telefon: vendors.telefon,
    website: vendors.website,
    strasse: vendors.strasse,
    hausnummer: vendors.hausnummer,
    plz: vendors.plz,
    ort: vendors.ort,
    comments: vendors.comments,
    lockedAt: vendors.lockedAt,
    emailConfirmedAt: vendors.emailConfirmedAt,
    verifyStatus: vendors.verifyStatus,
    isPublic: vendors.isPublic,
    profileVisible: vendors.profileVisible,
    registrationKind: vendors.registrationKind,
    nameKey: vendors.nameKey,
    createdAt: vendors.createdAt,
  })
  .from(vendors)
  // a deleted producer has no account any more: only its retained records (docs/decisions/0092)
  .where(isNull(vendors.deletedAt))
  .as('vendor_accounts');

// ---------------------------------------------------------------------------
// Writing: only this module writes the vendors table (docs/decisions/0013)

/**
 * The columns that put the vendor's address in the geocoding queue; the
 * geocoding worker is woken once the caller's transaction has committed.
 */
function queuedForGeocoding(tx: Executor) {
  wakeAfterCommit(tx, 'geocoding');
  return {
    lat: null,
    lng: null,
    geocodeStatus: 'pending',
    geocodeAttempts: 0,
    nextGeocodeAt: clock.now(),
  } as const;
}

type DerivedColumns =
  | 'id'
  | 'searchText'
  | 'nameKey'
  | 'companyKey'
  | 'lat'
  | 'lng'
  | 'geocodeStatus'
  | 'geocodeAttempts'
  | 'nextGeocodeAt';
export type NewVendor = Omit<typeof vendors.$inferInsert, DerivedColumns> & {
  name: string;
  email: string;
};

/** A new vendor, the names of its tags (for the search) and, set by hand, its position. */
export interface NewVendorEntry {
  vendor: NewVendor;
  tagNames?: readonly string[];
  location?: { lat: number; lng: number };
}

function vendorValues(tx: Executor, { vendor, tagNames = [], location }: NewVendorEntry) {
  return {
    ...vendor,
    ...searchColumns(
      {
        name: vendor.name,
        unternehmen: vendor.unternehmen ?? null,
        beschreibung: vendor.beschreibung ?? null,
        ort: vendor.ort ?? null,
      },
      tagNames,
    ),
    ...(location
      ? { ...location, geocodeStatus: 'manual', nextGeocodeAt: null }
      : queuedForGeocoding(tx)),
  };
}

/**
 * Stores a new vendor with its search columns. Its address is geocoded in the
 * background, unless `location` gives its position (set by hand).
 */
export async function createVendor(
  tx: Executor,
  vendor: NewVendor,
  options: { tagNames?: readonly string[]; location?: { lat: number; lng: number } } = {},
): Promise<string> {
  const [id] = await createVendors(tx, [{ vendor, ...options }]);
  return id!;
}

/**
 * Many new vendors at once (the bench's thousands of producers), as createVendor stores each:
 * one INSERT per 1,000. Answers their ids in the order given.
 */
export async function createVendors(
  tx: Executor,
  entries: readonly NewVendorEntry[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < entries.length; start += 1000) {
    const rows = await tx
      .insert(vendors)
      .values(entries.slice(start, start + 1000).map((entry) => vendorValues(tx, entry)))
      .returning({ id: vendors.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** The address is confirmed now, unless it was already; answers whether it was this call. */
export async function confirmVendorEmail(
  tx: Executor,
  vendorId: string,
  now: Date,
): Promise<boolean> {
  const updated = await tx
    .update(vendors)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(vendors.id, vendorId), isNull(vendors.emailConfirmedAt)))
    .returning({ id: vendors.id });
  return updated.length > 0;
}

/** When the last confirmation mail went out (a new one waits a few minutes). */
export async function markConfirmationSent(
  tx: Executor,
  vendorId: string,
  at: Date,
): Promise<void> {
  await tx.update(vendors).set({ confirmationSentAt: at }).where(eq(vendors.id, vendorId));
}

/** A new password (its hash); a reset by mail also confirms the address (`emailConfirmedAt`). */
export async function setVendorPassword(
  tx: Executor,
  vendorId: string,
  passwordHash: string,
  now: Date,
  emailConfirmedAt?: Date,
): Promise<void> {
  await tx
    .update(vendors)
    .set({
      passwordHash,
      ...(emailConfirmedAt ? { emailConfirmedAt } : {}),
      updatedAt: now,
    })
    .where(eq(vendors.id, vendorId));
}

export interface VendorProfileFields {
  name: string;
  unternehmen: string | null;
  slogan: string | null;
  beschreibung: string | null;
  telefon: string | null;
  publicEmail: string | null;
  website: string | null;
  facebook: string | null;
  instagram: string | null;
  oeffnungszeiten: Record<string, string>;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  profileVisible: boolean;
}

/** Addresses are compared the way people read them: case and spacing do not count. */
function sameAddress(vendor: VendorRow, fields: VendorProfileFields): boolean {
  const norm = (value: string | null | undefined) =>
    (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return (
    norm(vendor.strasse) === norm(fields.strasse) &&
    norm(vendor.hausnummer) === norm(fields.hausnummer) &&
    norm(vendor.plz) === norm(fields.plz) &&
    norm(vendor.ort) === norm(fields.ort)
  );
}

/**
 * Saves the public fields of a vendor's profile (`vendor`: its row, locked by
 * the caller) with the search columns for its tags' names; a changed address
 * is geocoded again (decision 0012). Answers whether the address changed.
 */
export async function updateVendorProfile(
  tx: Executor,
  vendor: VendorRow,
  fields: VendorProfileFields,
  tagNames: readonly string[],
): Promise<{ addressChanged: boolean }> {
  const addressChanged = !sameAddress(vendor, fields);
  await tx
    .update(vendors)
    .set({
      ...fields,
      ...searchColumns(
        {
          name: fields.name,
          unternehmen: fields.unternehmen,
          beschreibung: fields.beschreibung,
          ort: fields.ort,
        },
        tagNames,
      ),
      ...(addressChanged ? queuedForGeocoding(tx) : {}),
      updatedAt: clock.now(),
    })
    .where(eq(vendors.id, vendor.id));
  return { addressChanged };
}

const PICTURE_COLUMN = { profile: 'profileImageId', banner: 'bannerImageId' } as const;

/**
 * Sets (or, with null, removes) the vendor's profile picture or banner, a
 * change made `at`; answers the picture it had.
 */
export async function setVendorPicture(
  tx: Executor,
  vendorId: string,
  kind: keyof typeof PICTURE_COLUMN,
  imageId: string | null,
  at = clock.now(),
): Promise<string | null> {
  const column = PICTURE_COLUMN[kind];
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
  await tx
    .update(vendors)
    .set({ [column]: imageId, updatedAt: at })
    .where(eq(vendors.id, vendorId));
  return vendor?.[column] ?? null;
}

export interface VendorBusinessFields {
  taxStatus: string | null;
  steuernummer: string | null;
  ustIdNr: string | null;
  iban: string | null;
  kontoinhaber: string | null;
}

/** Saves tax status, tax numbers and bank account; `bankChangedAt` when the account changed. */
export async function updateVendorBusiness(
  tx: Executor,
  vendorId: string,
  fields: VendorBusinessFields,
  now: Date,
  bankChangedAt?: Date,
): Promise<void> {
  await tx
    .update(vendors)
    .set({ ...fields, ...(bankChangedAt ? { bankChangedAt } : {}), updatedAt: now })
    .where(eq(vendors.id, vendorId));
}

/**
 * What the admin decides about a producer: the verify status, the release of
 * the public profile, the lock of the account (`lockedAt`, null: unlocked).
 */
export type VendorRelease = Partial<Pick<VendorRow, 'verifyStatus' | 'isPublic' | 'lockedAt'>>;

/** Saves the admin's decisions about a producer (VendorRelease). */
export async function setVendorRelease(
  tx: Executor,
  vendorId: string,
  changes: VendorRelease,
  now: Date,
): Promise<void> {
  await tx
    .update(vendors)
    .set({ ...changes, updatedAt: now })
    .where(eq(vendors.id, vendorId));
}

/**
 * A new login address for an account without a password (the admin's link, password-link in
 * the accounts module): unconfirmed until the link is used.
 */
export async function setVendorLoginEmail(
  tx: Executor,
  vendorId: string,
  email: string,
  now: Date,
): Promise<void> {
  await tx
    .update(vendors)
    .set({ email, emailConfirmedAt: null, updatedAt: now })
    .where(eq(vendors.id, vendorId));
}

/** The search text of these vendors anew, from their tags' current names (by vendor id). */
export async function refreshSearchText(
  tx: Executor,
  tagNames: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  if (tagNames.size === 0) return;
  const rows = await tx
    .select()
    .from(vendors)
    .where(inArray(vendors.id, [...tagNames.keys()]));
  for (const vendor of rows) {
    await tx
      .update(vendors)
      .set(searchColumns(vendor, tagNames.get(vendor.id) ?? []))
      .where(eq(vendors.id, vendor.id));
  }
}

/**
 * Deletes the sign-ups whose address was never confirmed, registered before
 * `registeredBefore` (accounts the shop created itself, without a password,
 * are no sign-ups), except those `keep` holds on to (e.g. one with a
 * contract: `keep` is a condition on the vendor's id). Answers how many.
 */
export async function deleteUnconfirmedVendors(
  db: Executor,
  registeredBefore: Date,
  keep: (vendorId: AnyColumn) => SQL,
): Promise<number> {
  const deleted = await db
    .delete(vendors)
    .where(
      and(
        isNull(vendors.emailConfirmedAt),
        isNotNull(vendors.passwordHash),
        lt(vendors.createdAt, registeredBefore),
        not(keep(vendors.id)),
      ),
    )
    .returning({ id: vendors.id });
  return deleted.length;
}

// ---------------------------------------------------------------------------
// The position on the map: the geocoding queue is a part of the vendor's row

export interface AddressToGeocode {
  id: string;
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
  attempts: number;
}

/** The addresses waiting for the geocoder whose time has come, the longest waiting first. */
export async function addressesToGeocode(
  db: Executor,
  now: Date,
  limit: number,
): Promise<AddressToGeocode[]> {
  return db
    .select({
      id: vendors.id,
      strasse: vendors.strasse,
      hausnummer: vendors.hausnummer,
      plz: vendors.plz,
      ort: vendors.ort,
      attempts: vendors.geocodeAttempts,
    })
    .from(vendors)
    .where(and(eq(vendors.geocodeStatus, 'pending'), lte(vendors.nextGeocodeAt, now)))
    .orderBy(asc(vendors.nextGeocodeAt))
    .limit(limit);
}

/**
 * The geocoder's result for an address (a position, a later try or giving
 * up), stored only while the vendor's address is still this one and waiting:
 * a change in the meantime has queued the vendor again.
 */
export async function updateVendorLocation(
  db: Executor,
  address: AddressToGeocode,
  changes: Partial<
    Pick<VendorRow, 'lat' | 'lng' | 'geocodeStatus' | 'geocodeAttempts' | 'nextGeocodeAt'>
  >,
): Promise<void> {
  await db
    .update(vendors)
    .set(changes)
    .where(
      and(
        eq(vendors.id, address.id),
        eq(vendors.geocodeStatus, 'pending'),
        sql`${vendors.strasse} is not distinct from ${address.strasse}`,
        sql`${vendors.hausnummer} is not distinct from ${address.hausnummer}`,
        sql`${vendors.plz} is not distinct from ${address.plz}`,
        sql`${vendors.ort} is not distinct from ${address.ort}`,
      ),
    );
}

/** A position set by hand (admin or CLI): the geocoder leaves it alone. Answers whether the vendor exists. */
export async function setVendorLocationManually(
  db: Executor,
  vendorId: string,
  position: { lat: number; lng: number },
): Promise<boolean> {
  const updated = await db
    .update(vendors)
    .set({
      lat: position.lat,
      lng: position.lng,
      geocodeStatus: 'manual',
      nextGeocodeAt: null,
      updatedAt: clock.now(),
    })
    .where(eq(vendors.id, vendorId))
    .returning({ id: vendors.id });
  return updated.length > 0;
}

/** What a settlement document names of a producer (the payee), and what it needs to be settled. */
export interface BillingParty {
  id: string;
  name: string;
  unternehmen: string | null;
  email: string;
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
  taxStatus: string | null;
  steuernummer: string | null;
  ustIdNr: string | null;
  iban: string | null;
  kontoinhaber: string | null;
}

/** The billing data of these producers (the monthly settlement, docs/decisions/0033). */
export async function billingPartiesOf(
  db: Executor,
  ids: readonly string[],
): Promise<BillingParty[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: vendors.id,
      name: vendors.name,
      unternehmen: vendors.unternehmen,
      email: vendors.email,
      strasse: vendors.strasse,
      hausnummer: vendors.hausnummer,
      plz: vendors.plz,
      ort: vendors.ort,
      taxStatus: vendors.taxStatus,
      steuernummer: vendors.steuernummer,
      ustIdNr: vendors.ustIdNr,
      iban: vendors.iban,
      kontoinhaber: vendors.kontoinhaber,
    })
    .from(vendors)
    .where(inArray(vendors.id, [...ids]));
}
