import { clock } from '@housnkuh/shared/clock';
import { packageDataAnswer, packageSummary } from '@housnkuh/shared/package-data';
import { formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import {
  RENTAL_MESSAGES,
  type ApproveBookingInput,
  type PendingBooking,
} from '@housnkuh/shared/schemas/admin-rental';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { bookingRequests } from './schema';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { contractAnswers, contractFacts, createContract, freeMonthOf } from '../contracts/public';
import { enqueueMail } from '../mail/public';
import { bookingApprovedMail, bookingRejectedMail } from './mails';
import { vendorAccounts, vendorForUpdate, vendorNames } from '../vendors/public';
import { closeWaitlistOf, refuseReservedUnits, waitlistStateOf } from './waitlist.service';

/** Who asks: the vendor's name and address, joined to its requests. */
const vendorColumns = {
  id: vendorNames.id,
  name: vendorNames.name,
  email: vendorNames.email,
  unternehmen: vendorNames.unternehmen,
};

/**
 * Every pending booking request, oldest first (the queue), with whether the
 * producer confirmed the e-mail address and the package in one line.
 */
export async function listPendingBookings(db: Executor): Promise<PendingBooking[]> {
  const rows = await db
    .select({
      booking: bookingRequests,
      vendor: {
        id: vendorAccounts.id,
        name: vendorAccounts.name,
        email: vendorAccounts.email,
        unternehmen: vendorAccounts.unternehmen,
        emailConfirmedAt: vendorAccounts.emailConfirmedAt,
      },
    })
    .from(bookingRequests)
    .innerJoin(vendorAccounts, eq(vendorAccounts.id, bookingRequests.vendorId))
    .where(eq(bookingRequests.status, 'pending'))
    .orderBy(asc(bookingRequests.createdAt), asc(bookingRequests.id));
  const waitlist = await waitlistStateOf(
    db,
    rows.map((row) => row.booking.id),
  );
  return rows.map(({ booking, vendor }) => {
    const packageData = packageDataAnswer(booking.packageData);
    return {
      id: booking.id,
      vendor: {
        id: vendor.id,
        name: vendor.name,
        email: vendor.email,
        unternehmen: vendor.unternehmen,
        emailConfirmed: vendor.emailConfirmedAt !== null,
      },
      origin: booking.origin,
      summary: packageSummary(packageData),
      packageData,
      comments: booking.comments,
      createdAt: booking.createdAt.toISOString(),
      waitlist: (waitlist.get(booking.id) as PendingBooking['waitlist']) ?? null,
    };
  });
}

async function lockedPending(tx: Executor, id: string) {
  if (!isUuid(id)) throw new NotFoundError(RENTAL_MESSAGES.bookingNotFound);
  const [row] = await tx
    .select({ booking: bookingRequests, vendor: vendorColumns })
    .from(bookingRequests)
    .innerJoin(vendorNames, eq(vendorNames.id, bookingRequests.vendorId))
    .where(eq(bookingRequests.id, id))
    .for('update', { of: bookingRequests });
  if (!row) throw new NotFoundError(RENTAL_MESSAGES.bookingNotFound);
  if (row.booking.status !== 'pending') throw new ConflictError(RENTAL_MESSAGES.bookingDecided);
  return row;
}

/**
 * Approves a pending request: the contract with the chosen units (see
 * createContract for the rules), the request approved, the producer mailed.
 */
export async function approveBooking(
  db: Database,
  settings: SiteSettings,
  publicUrl: string,
  actor: Actor,
  id: string,
  input: ApproveBookingInput & { mietfachIds: string[] },
  today = isoDayInBerlin(),
) {
  return transaction(db, async (tx) => {
    const { booking, vendor } = await lockedPending(tx, id);
    // the producer's row locked: parallel approvals, notices and cancellations
    // of one producer wait for each other and see each other's free month
    await vendorForUpdate(tx, { id: vendor.id });
    const pkg = booking.packageData;
    const freeBefore = freeMonthOf(settings.openingDate, await contractFacts(tx, vendor.id));
    const contract = await createContract(
      tx,
      actor,
      {
        vendorId: vendor.id,
        bookingRequestId: booking.id,
        pkg,
        mietfachIds: input.mietfachIds,
        startDate: input.startDate,
        priceCents: input.priceCents,
        priceReason: input.priceReason ?? undefined,
        openingDate: settings.openingDate,
      },
      today,
    );
    // the units are locked now (createContract): one an offer of the waiting list reserves
    // for another request is refused (docs/decisions/0074)
    await refuseReservedUnits(tx, booking.id, input.mietfachIds);
    await closeWaitlistOf(tx, booking.id, 'approved');
    const now = clock.now();
    await tx
      .update(bookingRequests)
      .set({ status: 'approved', decidedAt: now, updatedAt: now })
      .where(eq(bookingRequests.id, booking.id));
    const answers = await contractAnswers(tx, [vendor.id], settings.openingDate, today);
    const answer = answers.find((candidate) => candidate.id === contract.id)!;
    await enqueueMail(tx, {
      to: vendor.email,
      replyTo: settings.email,
      kind: 'booking-approved',
      ...bookingApprovedMail(settings, {
        name: vendor.name,
        number: contract.number!,
        units: contract.units,
        pkg,
        monthlyPriceCents: contract.monthlyPriceCents,
        startDate: contract.startDate,
        freeMonth: answer.freeMonth,
        hasFreeDays: answer.trialStartsOn !== null,
        // an earlier start moved the producer's free month (it had not begun)
        movedFrom:
          freeBefore && answer.freeMonth && freeBefore.start !== answer.freeMonth.start
            ? freeBefore
            : null,
        accountUrl: `${publicUrl}/vendor/meine-buchungen`,
        today,
      }),
    });
    await recordAudit(tx, actor, {
      action: 'booking.approve',
      entity: 'booking',
      entityId: booking.id,
      summary: `Buchung von ${vendor.unternehmen || vendor.name} bestätigt: Vertrag ${contract.number} (${answer.mietfaecher.map((unit) => unit.name).join(', ')}) ab ${formatIsoDay(contract.startDate)}${contract.startDate < today ? ' (rückwirkend)' : ''}`,
      before: { status: 'pending' },
      after: {
        status: 'approved',
        contract: contract.number,
        startDate: contract.startDate,
        units: answer.mietfaecher,
      },
    });
    const { bookingRequestId: _ignored, ...shape } = answer;
    return shape;
  });
}

/** Rejects a pending request with a reason, which is mailed to the producer. */
export async function rejectBooking(
  db: Database,
  settings: SiteSettings,
  actor: Actor,
  id: string,
  reason: string,
) {
  await transaction(db, async (tx) => {
    const { booking, vendor } = await lockedPending(tx, id);
    // off the waiting list; an offer's units go to the next
    await closeWaitlistOf(tx, booking.id, 'withdrawn');
    const now = clock.now();
    await tx
      .update(bookingRequests)
      .set({ status: 'rejected', rejectionReason: reason, decidedAt: now, updatedAt: now })
      .where(eq(bookingRequests.id, booking.id));
    await enqueueMail(tx, {
      to: vendor.email,
      replyTo: settings.email,
      kind: 'booking-rejected',
      ...bookingRejectedMail(settings, {
        name: vendor.name,
        requestedAt: booking.createdAt,
        reason,
      }),
    });
    await recordAudit(tx, actor, {
      action: 'booking.reject',
      entity: 'booking',
      entityId: booking.id,
      summary: `Buchung von ${vendor.unternehmen || vendor.name} abgelehnt`,
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
  });
}
