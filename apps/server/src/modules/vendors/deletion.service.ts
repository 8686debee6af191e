// The vendor row's part of a deletion with retention (docs/decisions/0092): the request, the
// row stripped to what the retained documents name, and its removal after the retention.
import {
  and,
  asc,
  count,
  eq,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteWhere } from '../../db/delete-where';
import { vendors } from './schema';

/**
 * Whether the producer (the SQL of its id) is deleted: its products are nobody's for the till and
 * the shop's assignments any more (a late sale of one goes to the unassigned lines).
 */
export function isDeletedVendor(vendorId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${vendors} where ${vendors.id} = ${vendorId} and ${vendors.deletedAt} is not null)`;
}

/** Stores (a Date) or withdraws (null) the producer's request to be deleted. */
export async function setDeletionRequest(
  db: Executor,
  vendorId: string,
  at: Date | null,
): Promise<void> {
  await db
    .update(vendors)
    .set({ deletionRequestedAt: at })
    .where(and(eq(vendors.id, vendorId), isNull(vendors.deletedAt)));
}

/** The producers whose deletion waits, oldest request first. */
export async function waitingDeletions(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(isNotNull(vendors.deletionRequestedAt), isNull(vendors.deletedAt)))
    .orderBy(asc(vendors.deletionRequestedAt));
  return rows.map((row) => row.id);
}

/**
 * Carries out the deletion on the vendor row: what no law requires keeping goes (the profile,
 * the contact details, the bank account, the password, the pictures' links, the position); the
 * e-mail address becomes a placeholder, free for a new account; what the retained documents
 * name stays (name, company, address, tax status and numbers), locked: no sign-in, never
 * listed.
 */
export async function stripDeletedVendor(
  tx: Executor,
  vendorId: string,
  marks: { deletedAt: Date; retainedUntil: string },
): Promise<void> {
  await tx
    .update(vendors)
    .set({
      email: `geloescht-${vendorId}@invalid`,
      passwordHash: null,
      telefon: null,
      slogan: null,
      beschreibung: null,
      website: null,
      lat: null,
      lng: null,
      geocodeStatus: 'manual',
      nextGeocodeAt: null,
      publicEmail: null,
      profileVisible: false,
      isPublic: false,
      iban: null,
      kontoinhaber: null,
      bankChangedAt: null,
      facebook: null,
      instagram: null,
      oeffnungszeiten: {},
      comments: null,
      searchText: '',
      profileImageId: null,
      bannerImageId: null,
      deletedAt: marks.deletedAt,
      retainedUntil: marks.retainedUntil,
      updatedAt: marks.deletedAt,
    })
    .where(eq(vendors.id, vendorId));
}

/** The vendor row itself, last of a removal (its other rows go with it or before it). */
export async function deleteVendorRow(tx: Executor, vendorId: string): Promise<number> {
  return deleteWhere(tx, vendors, eq(vendors.id, vendorId));
}

/** How many deleted producers' retention has passed before `today` (their removal is due). */
export async function countDueRemovals(db: Executor, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(vendors)
    .where(and(isNotNull(vendors.deletedAt), lt(vendors.retainedUntil, today)));
  return row?.n ?? 0;
}

/** The deleted producers whose records are retained, the soonest due first. */
export async function retainedVendorRows(db: Executor) {
  return db
    .select({
      id: vendors.id,
      name: vendors.name,
      unternehmen: vendors.unternehmen,
      deletedAt: vendors.deletedAt,
      retainedUntil: vendors.retainedUntil,
    })
    .from(vendors)
    .where(isNotNull(vendors.deletedAt))
    .orderBy(asc(vendors.retainedUntil), asc(vendors.nameKey));
}
