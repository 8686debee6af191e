import { clock } from '@housnkuh/shared/clock';
import { ACCOUNT } from '@housnkuh/shared/messages';
import { packageDataAnswer } from '@housnkuh/shared/package-data';
import { priceSelection, type PricedSelection } from '@housnkuh/shared/pricing';
import type { PackageData, PackageDataAnswer } from '@housnkuh/shared/schemas/booking';
import type { ContractAnswer } from '@housnkuh/shared/schemas/admin-rental';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  BOOKING_STATUS_LABELS,
  type Booking,
  type BookingWaitlist,
} from '@housnkuh/shared/schemas/vendor';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { bookingRequests } from './schema';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import {
  contractAnswers,
  contractFacts,
  endInTrial,
  endsAtOnce,
  freeMonthOf,
  liveContractsOfBooking,
  type FreeMonth,
} from '../contracts/public';
import { enqueueMail } from '../mail/public';
import {
  additionalBookingMail,
  bookingCancelledMail,
  bookingCancelledNotificationMail,
  newBookingNotificationMail,
} from './mails';
import { vendorForUpdate, type VendorRow } from '../vendors/public';
import { closeWaitlistOf, joinWaitlistIfShort, ownWaitlist } from './waitlist.service';

export interface BookingContext {
  db: Database;
  settings: SiteSettings;
}

type BookingRow = typeof bookingRequests.$inferSelect;
export type BookingOrigin = 'registration' | 'preregistration' | 'additional';

function toSelection(data: PackageData) {
  return {
    provisionType: data.selectedProvisionType,
    packageCounts: data.packageCounts,
    rentalDuration: data.rentalDuration,
    zusatzleistungen: data.zusatzleistungen,
  };
}

/** Prices a package from the catalog; whatever prices or totals the client sent are ignored. */
export function pricePackage(data: PackageData): PricedSelection {
  return priceSelection(toSelection(data));
}

/**
 * Stores a booking request for a priced package (registration, pre-registration); one for a
 * type with too few free units goes on the waiting list (docs/decisions/0074).
 */
export async function insertBookingRequest(
  tx: Executor,
  request: {
    vendorId: string;
    origin: BookingOrigin;
    pkg: PricedSelection;
    comments?: string | null | undefined;
  },
  now: Date,
): Promise<void> {
  const [row] = await tx
    .insert(bookingRequests)
    .values({
      vendorId: request.vendorId,
      origin: request.origin,
      provisionType: request.pkg.provisionType,
      rentalDuration: request.pkg.rentalDuration,
      monthlyPriceCents: request.pkg.price.monthlyTotal,
      packageData: request.pkg,
      comments: request.comments ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: bookingRequests.id });
  await joinWaitlistIfShort(tx, row!.id, request.pkg, now);
}

/** The package of the vendor's latest booking request, if any. */
export async function latestPackageOf(
  tx: Executor,
  vendorId: string,
): Promise<PricedSelection | null> {
  const [latest] = await tx
    .select({ packageData: bookingRequests.packageData })
    .from(bookingRequests)
    .where(eq(bookingRequests.vendorId, vendorId))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(1);
  return latest?.packageData ?? null;
}

/** Whether the vendor has a booking request waiting for the operator. */
export async function hasPendingBooking(db: Executor, vendorId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.vendorId, vendorId), eq(bookingRequests.status, 'pending')));
  return (row?.n ?? 0) > 0;
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
    packageData: packageDataAnswer(row.packageData),
  };
}

/** Every booking request of the vendor as stored, newest or oldest first (admin, data export). */
export async function bookingRequestsOf(
  db: Executor,
  vendorId: string,
  order: 'newest' | 'oldest',
): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.vendorId, vendorId))
    .orderBy(order === 'newest' ? desc(bookingRequests.createdAt) : asc(bookingRequests.createdAt));
}

/** How many booking requests wait for the operator (the admin's dashboard). */
export async function countPendingBookings(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookingRequests)
    .where(eq(bookingRequests.status, 'pending'));
  return row?.n ?? 0;
}

/** The vendor a booking request belongs to, or undefined when there is none (the ownership check). */
export async function bookingOwner(db: Executor, bookingId: string): Promise<string | undefined> {
  if (!isUuid(bookingId)) return undefined;
  const [row] = await db
    .select({ vendorId: bookingRequests.vendorId })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, bookingId));
  return row?.vendorId;
}

/**
 * A pending request, or an approved one whose contract the producer may still
 * end at once (in or before its free month, no notice given yet).
 */
function isCancellable(
  booking: BookingRow,
  contract: { status: string; endDate: string | null } | undefined,
  freeMonth: FreeMonth | null,
  today: string,
) {
  if (booking.status === 'pending') return true;
  if (booking.status !== 'approved' || !contract) return false;
  if (contract.status !== 'scheduled' && contract.status !== 'active') return false;
  // notice given already: the contract ends as noticed, not a second time
  if (contract.endDate !== null) return false;
  return endsAtOnce(freeMonth, today);
}

export async function listBookings(ctx: BookingContext, vendorId: string): Promise<Booking[]> {
  const rows = await ctx.db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.vendorId, vendorId))
    .orderBy(desc(bookingRequests.createdAt));
  const facts = await contractFacts(ctx.db, vendorId);
  const answers = await contractAnswers(ctx.db, [vendorId], ctx.settings.openingDate);
  const today = isoDayInBerlin();
  const freeMonth = freeMonthOf(ctx.settings.openingDate, facts);
  const waitlist = await ownWaitlist(
    ctx.db,
    rows.filter((row) => row.status === 'pending').map((row) => row.id),
    today,
  );
  return rows.map((row) => {
    const contract = facts.find((c) => c.bookingRequestId === row.id);
    const answer = answers.find((c) => c.bookingRequestId === row.id);
    return bookingAnswer(
      row,
      isCancellable(row, contract, freeMonth, today),
      answer,
      waitlist.get(row.id) ?? null,
    );
  });
}

function bookingAnswer(
  row: BookingRow,
  cancellable: boolean,
  contract?: (ContractAnswer & { bookingRequestId?: string | null }) | undefined,
  waitlist: BookingWaitlist | null = null,
): Booking {
  const { bookingRequestId: _request, ...contractShape } = contract ?? {};
  return {
    id: row.id,
    status: row.status as Booking['status'],
    statusLabel: BOOKING_STATUS_LABELS[row.status as Booking['status']] ?? row.status,
    origin: row.origin as Booking['origin'],
    createdAt: row.createdAt.toISOString(),
    monthlyPrice: row.monthlyPriceCents,
    packageData: packageDataAnswer(row.packageData),
    comments: row.comments,
    cancelReason: row.cancelReason,
    rejectionReason: row.rejectionReason,
    cancellable,
    contract: contract ? (contractShape as ContractAnswer) : null,
    waitlist,
  };
}

/** Key space of the per-vendor booking lock (pg_advisory_xact_lock(int, int)). */
const BOOKING_LOCK_SPACE = 4713;
/** An identical additional booking within this time is taken as a retry of the first. */
export const BOOKING_RETRY_WINDOW_MS = 10 * 60_000;

/** What makes two bookings the same request: model, duration, services, areas and counts. */
function sameChoice(a: PricedSelection, b: PricedSelection): boolean {
  const key = (p: PricedSelection) =>
    JSON.stringify([
      p.provisionType,
      p.rentalDuration,
      p.zusatzleistungen.lagerservice,
      p.zusatzleistungen.versandservice,
      p.items.map((item) => [item.id, item.count]),
    ]);
  return key(a) === key(b);
}

/**
 * An additional booking. A retried request (the same package again while the
 * first one is still pending, within BOOKING_RETRY_WINDOW_MS) answers with
 * the booking already made and books and mails nothing again; a per-vendor
 * lock makes that hold for parallel requests too. The answer is built from
 * what was committed, with no read afterwards, so a committed booking is
 * never answered with an error (docs/decisions/0011).
 */
export async function addBooking(
  ctx: BookingContext,
  vendor: VendorRow,
  data: PackageData,
  now = clock.now(),
): Promise<{ message: string; booking: Booking }> {
  const pkg = pricePackage(data);
  const row = await transaction(ctx.db, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${BOOKING_LOCK_SPACE}::int, hashtext(${vendor.id}::text))`,
    );
    const recent = await tx
      .select()
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.vendorId, vendor.id),
          eq(bookingRequests.origin, 'additional'),
          eq(bookingRequests.status, 'pending'),
          gt(bookingRequests.createdAt, new Date(now.getTime() - BOOKING_RETRY_WINDOW_MS)),
        ),
      );
    const retried = recent.find((booking) => sameChoice(booking.packageData, pkg));
    if (retried) return retried;

    const [inserted] = await tx
      .insert(bookingRequests)
      .values({
        vendorId: vendor.id,
        origin: 'additional',
        provisionType: pkg.provisionType,
        rentalDuration: pkg.rentalDuration,
        monthlyPriceCents: pkg.price.monthlyTotal,
        packageData: pkg,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await joinWaitlistIfShort(tx, inserted!.id, pkg, now);
    await enqueueMail(tx, {
      to: vendor.email,
      kind: 'booking-received',
      ...additionalBookingMail(ctx.settings, { name: vendor.name, pkg }),
    });
    await enqueueMail(tx, {
      to: ctx.settings.email,
      replyTo: vendor.email,
      kind: 'booking-notification',
      ...newBookingNotificationMail(ctx.settings, {
        vendorName: vendor.name,
        unternehmen: vendor.unternehmen,
        email: vendor.email,
        telefon: vendor.telefon,
        kind: 'additional',
        pkg,
      }),
    });
    return inserted!;
  });
  // a pending request can always be cancelled
  const waitlist = (await ownWaitlist(ctx.db, [row.id])).get(row.id) ?? null;
  return {
    message: ACCOUNT.bookingReceived,
    booking: bookingAnswer(row, true, undefined, waitlist),
  };
}

/** Cancels a pending booking, or one whose contract is still in its trial (then the contract ends today). */
export async function cancelBooking(
  ctx: BookingContext,
  vendor: VendorRow,
  bookingId: string,
  reason: string | undefined,
  now = clock.now(),
): Promise<{ message: string }> {
  if (!isUuid(bookingId)) throw new NotFoundError(ACCOUNT.bookingNotFound);
  const today = isoDayInBerlin(now);
  await transaction(ctx.db, async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookingRequests)
      .where(and(eq(bookingRequests.id, bookingId), eq(bookingRequests.vendorId, vendor.id)))
      .for('update');
    if (!booking) throw new NotFoundError(ACCOUNT.bookingNotFound);
    // the producer's row, then its contracts: waits for a parallel approval or notice
    await vendorForUpdate(tx, { id: vendor.id });
    const linked = await liveContractsOfBooking(tx, booking.id);
    const freeMonth = freeMonthOf(ctx.settings.openingDate, await contractFacts(tx, vendor.id));
    if (!isCancellable(booking, linked[0], freeMonth, today)) {
      throw new ConflictError(ACCOUNT.bookingNotCancellable);
    }
    for (const contract of linked) {
      await endInTrial(tx, contract.id, today, reason, now);
    }
    // off the waiting list; an offer's units go to the next
    await closeWaitlistOf(tx, booking.id, 'withdrawn');
    await tx
      .update(bookingRequests)
      .set({ status: 'cancelled', cancelReason: reason ?? null, updatedAt: now, decidedAt: now })
      .where(eq(bookingRequests.id, booking.id));
    await enqueueMail(tx, {
      to: vendor.email,
      kind: 'booking-cancelled',
      ...bookingCancelledMail(ctx.settings, {
        name: vendor.name,
        pkg: booking.packageData,
      }),
    });
    await enqueueMail(tx, {
      to: ctx.settings.email,
      replyTo: vendor.email,
      kind: 'booking-cancelled-notification',
      ...bookingCancelledNotificationMail(ctx.settings, {
        name: vendor.name,
        unternehmen: vendor.unternehmen,
        email: vendor.email,
        reason,
      }),
    });
  });
  return { message: ACCOUNT.bookingCancelled };
}
