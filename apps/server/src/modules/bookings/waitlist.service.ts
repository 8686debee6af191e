import { findPackageOption, PACKAGE_OPTIONS } from '@housnkuh/shared/catalog';
import { clock } from '@housnkuh/shared/clock';
import { addDays, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import { packageDataAnswer, packageSummary } from '@housnkuh/shared/package-data';
import type { PricedSelection } from '@housnkuh/shared/pricing';
import { isUuid, LINK_TOKEN } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  OFFER_STATE_LABELS,
  OFFER_VALID_DAYS,
  WAITLIST_MESSAGES,
  type OfferState,
  type OfferView,
  type WaitlistEntry,
  type WaitlistOffer,
  type WaitlistResponse,
} from '@housnkuh/shared/schemas/waitlist';
import type { BookingWaitlist } from '@housnkuh/shared/schemas/vendor';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { onWake, transaction, wakeAfterCommit } from '../../db/transaction';
import { ConflictError, GoneError, NotFoundError } from '../../lib/domain-errors';
import { PollingJob } from '../../lib/poller';
import { hashToken, newToken } from '../../lib/tokens';
import { recordAudit, type Actor } from '../audit/public';
import { freeUnitsForUpdate, unitAvailability, type UnitAvailability } from '../contracts/public';
import { enqueueDeferredMail, enqueueMail, renderDraft, type MailRenderer } from '../mail/public';
import { vendorNames } from '../vendors/public';
import { bookingRequests, waitlistEntries, waitlistOffers, waitlistOfferUnits } from './schema';
import { waitlistAcceptedMail, waitlistOfferLapsedMail, waitlistOfferMail } from './waitlist-mails';
import type { FastifyBaseLogger } from 'fastify';

// The waiting list (docs/decisions/0074). A pending booking request that asked for a type with
// too few free units has an entry; a free unit is offered to the first entry of its type, by a
// run of the list under one lock (the daily contract job and a new unit wake it; it also looks
// every hour). An offer reserves its units for 7 days; the producer accepts or declines by the
// link in the mail; a lapsed offer passes on with the next run.

/** Any fixed number: one run of the waiting list at a time, across instances. */
const WAITLIST_LOCK = 4719;
/** How often the worker looks (a lapse is a day's matter; ended contracts and new units wake it). */
export const WAITLIST_EVERY_MS = 60 * 60_000;
/** The entry states that are on the list. */
const ON_LIST = ['waiting', 'offered', 'accepted'] as const;
/** An offer in these states holds its units. */
const HOLDING = ['open', 'accepted'] as const;

const SYSTEM = { id: null, name: 'System' };

/** Who asks: the producer's name and address, joined to its requests. */
const vendorColumns = {
  id: vendorNames.id,
  name: vendorNames.name,
  email: vendorNames.email,
  unternehmen: vendorNames.unternehmen,
};

/** The entries with their requests and producers; the caller adds its condition. */
function entryRows(db: Executor) {
  return db
    .select({ entry: waitlistEntries, booking: bookingRequests, vendor: vendorColumns })
    .from(waitlistEntries)
    .innerJoin(bookingRequests, eq(bookingRequests.id, waitlistEntries.bookingRequestId))
    .innerJoin(vendorNames, eq(vendorNames.id, bookingRequests.vendorId));
}

/** The entries on the list, in their order. */
function entriesOnList(db: Executor) {
  return entryRows(db)
    .where(inArray(waitlistEntries.status, [...ON_LIST]))
    .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.createdAt));
}

/** The offers with their requests and producers; the caller adds its condition. */
function offerRows(db: Executor) {
  return db
    .select({ offer: waitlistOffers, booking: bookingRequests, vendor: vendorColumns })
    .from(waitlistOffers)
    .innerJoin(bookingRequests, eq(bookingRequests.id, waitlistOffers.bookingRequestId))
    .innerJoin(vendorNames, eq(vendorNames.id, bookingRequests.vendorId));
}

/** The producer's names and address (none: its account is gone). */
async function vendorOf(tx: Executor, vendorId: string) {
  const [vendor] = await tx.select().from(vendorNames).where(eq(vendorNames.id, vendorId));
  return vendor;
}

/** The units per catalog type a package needs, for the types the shop has units of. */
function needsOf(pkg: PricedSelection, types: ReadonlySet<string>): Map<string, number> {
  const needs = new Map<string, number>();
  for (const item of pkg.items) {
    if (item.count > 0 && types.has(item.id)) {
      needs.set(item.id, (needs.get(item.id) ?? 0) + item.count);
    }
  }
  return needs;
}

/** Units reserved by offers, per catalog type. */
async function reservedPerType(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ optionId: waitlistOfferUnits.optionId, n: sql<number>`count(*)::int` })
    .from(waitlistOfferUnits)
    .where(eq(waitlistOfferUnits.released, false))
    .groupBy(waitlistOfferUnits.optionId);
  return new Map(rows.map((row) => [row.optionId, row.n]));
}

/**
 * The free units per type as the configurator counts them: no contract holds them from today
 * on and no offer of the waiting list reserves them.
 */
export async function availableUnits(
  db: Executor,
  today = isoDayInBerlin(),
): Promise<UnitAvailability[]> {
  // one after the other: `db` may be a transaction, which runs one query at a time
  const availability = await unitAvailability(db, today);
  const reserved = await reservedPerType(db);
  return availability.map((entry) => ({
    ...entry,
    free: Math.max(0, entry.free - (reserved.get(entry.optionId) ?? 0)),
  }));
}

/**
 * Puts a request just stored on the waiting list when one of its types has fewer free units
 * than it asks for (the promise of the configurator and the confirmation mail). Answers
 * whether it did.
 */
export async function joinWaitlistIfShort(
  tx: Executor,
  bookingRequestId: string,
  pkg: PricedSelection,
  now: Date,
): Promise<boolean> {
  const availability = await availableUnits(tx, isoDayInBerlin(now));
  const short = pkg.items.some((item) => {
    const entry = availability.find((candidate) => candidate.optionId === item.id);
    return entry !== undefined && item.count > entry.free;
  });
  if (!short) return false;
  await tx
    .insert(waitlistEntries)
    .values({ bookingRequestId, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  return true;
}

async function holdUnits(tx: Executor, offerIds: readonly string[]) {
  if (offerIds.length === 0) return;
  await tx
    .update(waitlistOfferUnits)
    .set({ released: true })
    .where(
      and(
        inArray(waitlistOfferUnits.offerId, [...offerIds]),
        eq(waitlistOfferUnits.released, false),
      ),
    );
}

/**
 * The request was decided (approved, rejected) or withdrawn: it leaves the list, its offer is
 * done (approved: the contract holds the units now) or withdrawn, and its units are released.
 * Call with the request's row locked.
 */
export async function closeWaitlistOf(
  tx: Executor,
  bookingRequestId: string,
  how: 'approved' | 'withdrawn',
): Promise<void> {
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.bookingRequestId, bookingRequestId))
    .for('update');
  if (!entry) return;
  const now = clock.now();
  if ((ON_LIST as readonly string[]).includes(entry.status)) {
    await tx
      .update(waitlistEntries)
      .set({ status: 'closed', updatedAt: now })
      .where(eq(waitlistEntries.id, entry.id));
  }
  const offers = await tx
    .update(waitlistOffers)
    .set({ status: how === 'approved' ? 'done' : 'withdrawn', decidedAt: now })
    .where(and(eq(waitlistOffers.entryId, entry.id), inArray(waitlistOffers.status, [...HOLDING])))
    .returning({ id: waitlistOffers.id });
  await holdUnits(
    tx,
    offers.map((offer) => offer.id),
  );
  // released units go to the next on the list
  if (offers.length > 0 && how === 'withdrawn') wakeAfterCommit(tx, 'waitlist');
}

/** The unreleased reservations of these units, each as the owner reads it. */
async function reservationsOf(tx: Executor, unitIds: readonly string[]) {
  if (unitIds.length === 0) return [];
  const rows = await tx
    .select({
      unitName: waitlistOfferUnits.unitName,
      bookingRequestId: waitlistOffers.bookingRequestId,
      validUntil: waitlistOffers.validUntil,
      status: waitlistOffers.status,
      vendorName: vendorNames.name,
      unternehmen: vendorNames.unternehmen,
    })
    .from(waitlistOfferUnits)
    .innerJoin(waitlistOffers, eq(waitlistOffers.id, waitlistOfferUnits.offerId))
    .innerJoin(bookingRequests, eq(bookingRequests.id, waitlistOffers.bookingRequestId))
    .innerJoin(vendorNames, eq(vendorNames.id, bookingRequests.vendorId))
    .where(
      and(
        inArray(waitlistOfferUnits.rentalUnitId, [...unitIds]),
        eq(waitlistOfferUnits.released, false),
      ),
    );
  return rows.map((row) => ({
    bookingRequestId: row.bookingRequestId,
    message: WAITLIST_MESSAGES.unitReserved(
      row.unitName,
      row.unternehmen || row.vendorName,
      row.status === 'accepted'
        ? 'zur Entscheidung über die Anfrage'
        : formatIsoDay(row.validUntil),
    ),
  }));
}

/**
 * Refuses an approval onto a unit an offer of the waiting list reserves for another request
 * (docs/decisions/0074). Call after the units' rows are locked (createContract locks them).
 */
export async function refuseReservedUnits(
  tx: Executor,
  bookingRequestId: string,
  unitIds: readonly string[],
): Promise<void> {
  const others = (await reservationsOf(tx, unitIds)).filter(
    (row) => row.bookingRequestId !== bookingRequestId,
  );
  if (others.length > 0) throw new ConflictError(others.map((row) => row.message).join(' '));
}

/**
 * The contracts module asks before a unit is deactivated, deleted or made another type: not
 * while an offer reserves it (docs/decisions/0077); the offer ends first (it lapses, is declined,
 * or the owner decides on the request).
 */
export async function reservedUnitObjection(tx: Executor, unitId: string): Promise<string | null> {
  const [reservation] = await reservationsOf(tx, [unitId]);
  return reservation ? `${reservation.message} ${WAITLIST_MESSAGES.unitRetireReserved}` : null;
}

export interface WaitlistRunResult {
  lapsed: number;
  offered: number;
}

/** Why a pending request of an offer that closed without acceptance is cancelled. */
const CLOSED_OFFER_REASON = {
  lapsed: 'Angebot der Warteliste nicht rechtzeitig angenommen',
  declined: 'Angebot der Warteliste abgelehnt',
} as const;

/**
 * Closes an open offer that was not accepted (it lapsed or the producer declined): the offer and
 * its entry take the outcome, its units are no longer held, and its request, while still
 * pending, is cancelled with the reason. The caller holds the request's and the offer's rows.
 */
async function closeOffer(
  tx: Executor,
  offer: { id: string; entryId: string },
  booking: { id: string; status: string },
  outcome: keyof typeof CLOSED_OFFER_REASON,
  now: Date,
) {
  await tx
    .update(waitlistOffers)
    .set({ status: outcome, decidedAt: now })
    .where(eq(waitlistOffers.id, offer.id));
  await holdUnits(tx, [offer.id]);
  await tx
    .update(waitlistEntries)
    .set({ status: outcome, updatedAt: now })
    .where(eq(waitlistEntries.id, offer.entryId));
  if (booking.status === 'pending') {
    await tx
      .update(bookingRequests)
      .set({
        status: 'cancelled',
        cancelReason: CLOSED_OFFER_REASON[outcome],
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(bookingRequests.id, booking.id));
  }
}

/**
 * One run of the waiting list for `today`, idempotent, under one lock across instances:
 * offers past their day lapse (the request ends, the producer is mailed, the units are
 * released); then each free unit is offered to the first on its type's list. The list is
 * walked in order; an entry whose types all have enough free units gets an offer reserving them
 * (a package of several units only when all are free); one that cannot be served holds back its
 * types for the entries after it, so no later entry overtakes it.
 */
export async function runWaitlist(
  db: Database,
  settings: SiteSettings,
  today = isoDayInBerlin(),
): Promise<WaitlistRunResult> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_LOCK})`);
    const result: WaitlistRunResult = { lapsed: 0, offered: 0 };
    const now = clock.now();

    // 1. offers past their last day lapse
    const lapsing = await tx
      .select({ id: waitlistOffers.id, bookingRequestId: waitlistOffers.bookingRequestId })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.status, 'open'), lt(waitlistOffers.validUntil, today)))
      .orderBy(asc(waitlistOffers.createdAt));
    for (const candidate of lapsing) {
      // the request's row first, like an approval, then the offer
      const [booking] = await tx
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.id, candidate.bookingRequestId))
        .for('update');
      const [offer] = await tx
        .select()
        .from(waitlistOffers)
        .where(eq(waitlistOffers.id, candidate.id))
        .for('update');
      if (!booking || !offer || offer.status !== 'open') continue;
      await closeOffer(tx, offer, booking, 'lapsed', now);
      const vendor = await vendorOf(tx, booking.vendorId);
      if (vendor) {
        await enqueueMail(tx, {
          to: vendor.email,
          replyTo: settings.email,
          kind: 'waitlist-offer-lapsed',
          ...waitlistOfferLapsedMail(settings, { name: vendor.name, validUntil: offer.validUntil }),
        });
      }
      await recordAudit(tx, SYSTEM, {
        action: 'waitlist.lapse',
        entity: 'booking',
        entityId: booking.id,
        summary: `Angebot der Warteliste an ${vendor?.unternehmen || vendor?.name || 'einen Direktvermarkter'} abgelaufen (galt bis ${formatIsoDay(offer.validUntil)})`,
        before: { offer: 'open' },
        after: { offer: 'lapsed' },
      });
      result.lapsed += 1;
    }

    // 2. free units to the first on each type's list
    const entries = await entriesOnList(tx).for('update', { of: waitlistEntries });
    if (!entries.some((row) => row.entry.status === 'waiting')) return result;

    const free = await freeUnitsForUpdate(tx, today);
    const reserved = new Set(
      (
        await tx
          .select({ id: waitlistOfferUnits.rentalUnitId })
          .from(waitlistOfferUnits)
          .where(eq(waitlistOfferUnits.released, false))
      ).map((row) => row.id),
    );
    const pool = new Map<string, { id: string; name: string; optionId: string }[]>();
    for (const unit of free) {
      if (reserved.has(unit.id)) continue;
      pool.set(unit.optionId, [...(pool.get(unit.optionId) ?? []), unit]);
    }
    const types = new Set((await unitAvailability(tx, today)).map((entry) => entry.optionId));
    const heldBack = new Set<string>();
    for (const { entry, booking, vendor } of entries) {
      if (entry.status !== 'waiting') continue;
      if (booking.status !== 'pending') continue;
      const needs = needsOf(booking.packageData, types);
      if (needs.size === 0) continue;
      const servable = [...needs].every(
        ([optionId, count]) =>
          !heldBack.has(optionId) && (pool.get(optionId)?.length ?? 0) >= count,
      );
      if (!servable) {
        for (const optionId of needs.keys()) heldBack.add(optionId);
        continue;
      }
      const units = [...needs].flatMap(([optionId, count]) => {
        const left = pool.get(optionId)!;
        pool.set(optionId, left.slice(count));
        return left.slice(0, count);
      });
      const validUntil = addDays(today, OFFER_VALID_DAYS);
      const [offer] = await tx
        .insert(waitlistOffers)
        .values({
          entryId: entry.id,
          bookingRequestId: booking.id,
          offeredOn: today,
          validUntil,
          createdAt: now,
        })
        .returning();
      await tx.insert(waitlistOfferUnits).values(
        units.map((unit) => ({
          offerId: offer!.id,
          rentalUnitId: unit.id,
          optionId: unit.optionId,
          unitName: unit.name,
        })),
      );
      await tx
        .update(waitlistEntries)
        .set({ status: 'offered', updatedAt: now })
        .where(eq(waitlistEntries.id, entry.id));
      await enqueueDeferredMail(tx, {
        to: vendor.email,
        kind: 'waitlist-offer',
        params: { offerId: offer!.id },
      });
      await recordAudit(tx, SYSTEM, {
        action: 'waitlist.offer',
        entity: 'booking',
        entityId: booking.id,
        summary: `Angebot der Warteliste an ${vendor.unternehmen || vendor.name}: ${units.map((unit) => unit.name).join(', ')}, gültig bis ${formatIsoDay(validUntil)}`,
        after: { units: units.map((unit) => unit.name), validUntil },
      });
      result.offered += 1;
    }
    return result;
  });
}

/** The offer's mail, rendered when the outbox sends it: the link's token exists only in it. */
export function waitlistMailRenderers(deps: {
  db: Database;
  settings: () => Promise<SiteSettings>;
  publicUrl: string;
}): Record<string, MailRenderer> {
  return {
    'waitlist-offer': async (params) => {
      if (typeof params.offerId !== 'string' || !isUuid(params.offerId)) return null;
      const offerId = params.offerId;
      const settings = await deps.settings();
      return deps.db.transaction(async (tx) => {
        const [row] = await offerRows(tx)
          .where(eq(waitlistOffers.id, offerId))
          .for('update', { of: waitlistOffers });
        // an offer decided before its mail went out needs no mail
        if (!row || row.offer.status !== 'open') return null;
        const token = newToken();
        await tx
          .update(waitlistOffers)
          .set({ tokenHash: hashToken(token) })
          .where(eq(waitlistOffers.id, offerId));
        const units = await tx
          .select({ name: waitlistOfferUnits.unitName, optionId: waitlistOfferUnits.optionId })
          .from(waitlistOfferUnits)
          .where(eq(waitlistOfferUnits.offerId, offerId));
        return {
          ...(await renderDraft(
            tx,
            waitlistOfferMail(settings, {
              name: row.vendor.name,
              units,
              pkg: row.booking.packageData,
              validUntil: row.offer.validUntil,
              url: `${deps.publicUrl}/warteliste/angebot?token=${token}`,
            }),
          )),
          secret: token,
        };
      });
    },
  };
}

async function offerUnits(db: Executor, offerIds: readonly string[]) {
  if (offerIds.length === 0) return [];
  return db
    .select({
      offerId: waitlistOfferUnits.offerId,
      id: waitlistOfferUnits.rentalUnitId,
      name: waitlistOfferUnits.unitName,
      optionId: waitlistOfferUnits.optionId,
    })
    .from(waitlistOfferUnits)
    .where(inArray(waitlistOfferUnits.offerId, [...offerIds]))
    .orderBy(asc(waitlistOfferUnits.unitName));
}

async function lockedOfferByToken(tx: Executor, token: string) {
  if (!LINK_TOKEN.test(token)) throw new NotFoundError(WAITLIST_MESSAGES.offerNotFound);
  const [row] = await tx
    .select({ offer: waitlistOffers, booking: bookingRequests })
    .from(waitlistOffers)
    .innerJoin(bookingRequests, eq(bookingRequests.id, waitlistOffers.bookingRequestId))
    .where(eq(waitlistOffers.tokenHash, hashToken(token)));
  if (!row) throw new NotFoundError(WAITLIST_MESSAGES.offerNotFound);
  // the request's row first, like an approval and the run, then the offer
  await tx
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, row.booking.id))
    .for('update');
  const [offer] = await tx
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.id, row.offer.id))
    .for('update');
  const [booking] = await tx
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.id, row.booking.id));
  return { offer: offer!, booking: booking! };
}

/** An open offer whose last day has passed counts as lapsed, even before the run records it. */
function stateOf(offer: { status: string; validUntil: string }, today: string): OfferState {
  if (offer.status === 'open' && offer.validUntil < today) return 'lapsed';
  return offer.status as OfferState;
}

/** What the offer's page shows, found by the link's token. */
export async function offerByToken(
  db: Database,
  token: string,
  today = isoDayInBerlin(),
): Promise<OfferView> {
  if (!LINK_TOKEN.test(token)) throw new NotFoundError(WAITLIST_MESSAGES.offerNotFound);
  const [row] = await offerRows(db).where(eq(waitlistOffers.tokenHash, hashToken(token)));
  if (!row) throw new NotFoundError(WAITLIST_MESSAGES.offerNotFound);
  const state = stateOf(row.offer, today);
  const packageData = packageDataAnswer(row.booking.packageData);
  return {
    state,
    stateLabel: OFFER_STATE_LABELS[state],
    name: row.vendor.name,
    offeredOn: row.offer.offeredOn,
    validUntil: row.offer.validUntil,
    units: (await offerUnits(db, [row.offer.id])).map(({ name, optionId }) => ({ name, optionId })),
    packageData,
    summary: packageSummary(packageData),
  };
}

function refuseDecided(offer: { status: string; validUntil: string }, today: string) {
  if (stateOf(offer, today) === 'lapsed') throw new GoneError(WAITLIST_MESSAGES.offerLapsed);
  if (offer.status !== 'open') throw new ConflictError(WAITLIST_MESSAGES.offerDecided);
}

/**
 * The producer accepts its offer (by the link): the request waits for the admin's approval with
 * the offer's units still reserved for it; the shop is mailed.
 */
export async function acceptOffer(
  db: Database,
  settings: SiteSettings,
  token: string,
  today = isoDayInBerlin(),
): Promise<{ message: string }> {
  return transaction(db, async (tx) => {
    const { offer, booking } = await lockedOfferByToken(tx, token);
    refuseDecided(offer, today);
    if (booking.status !== 'pending') throw new ConflictError(WAITLIST_MESSAGES.offerDecided);
    const now = clock.now();
    await tx
      .update(waitlistOffers)
      .set({ status: 'accepted', decidedAt: now })
      .where(eq(waitlistOffers.id, offer.id));
    await tx
      .update(waitlistEntries)
      .set({ status: 'accepted', updatedAt: now })
      .where(eq(waitlistEntries.id, offer.entryId));
    await tx
      .update(bookingRequests)
      .set({ updatedAt: now })
      .where(eq(bookingRequests.id, booking.id));
    const vendor = await vendorOf(tx, booking.vendorId);
    const units = await offerUnits(tx, [offer.id]);
    const firma = vendor?.unternehmen || vendor?.name || '';
    await enqueueMail(tx, {
      to: settings.email,
      ...(vendor ? { replyTo: vendor.email } : {}),
      kind: 'waitlist-accepted',
      ...waitlistAcceptedMail(settings, { firma, units }),
    });
    await recordAudit(
      tx,
      { id: null, name: vendor?.name ?? 'Direktvermarkter' },
      {
        action: 'waitlist.accept',
        entity: 'booking',
        entityId: booking.id,
        summary: `Angebot der Warteliste von ${firma} angenommen: ${units.map((unit) => unit.name).join(', ')}`,
        before: { offer: 'open' },
        after: { offer: 'accepted' },
      },
    );
    return { message: WAITLIST_MESSAGES.accepted };
  });
}

/** The producer declines its offer: the request ends, the units go to the next on the list. */
export async function declineOffer(
  db: Database,
  token: string,
  today = isoDayInBerlin(),
): Promise<{ message: string }> {
  return transaction(db, async (tx) => {
    const { offer, booking } = await lockedOfferByToken(tx, token);
    refuseDecided(offer, today);
    const now = clock.now();
    await closeOffer(tx, offer, booking, 'declined', now);
    const vendor = await vendorOf(tx, booking.vendorId);
    await recordAudit(
      tx,
      { id: null, name: vendor?.name ?? 'Direktvermarkter' },
      {
        action: 'waitlist.decline',
        entity: 'booking',
        entityId: booking.id,
        summary: `Angebot der Warteliste von ${vendor?.unternehmen || vendor?.name || 'einem Direktvermarkter'} abgelehnt`,
        before: { offer: 'open' },
        after: { offer: 'declined' },
      },
    );
    wakeAfterCommit(tx, 'waitlist');
    return { message: WAITLIST_MESSAGES.declined };
  });
}

function offerAnswer(
  offer: typeof waitlistOffers.$inferSelect,
  vendor: { id: string; name: string; unternehmen: string | null },
  units: { offerId: string; id: string; name: string; optionId: string }[],
  today: string,
): WaitlistOffer {
  const state = stateOf(offer, today);
  return {
    id: offer.id,
    bookingId: offer.bookingRequestId,
    vendor: { id: vendor.id, name: vendor.name, unternehmen: vendor.unternehmen },
    state,
    stateLabel: OFFER_STATE_LABELS[state],
    offeredOn: offer.offeredOn,
    validUntil: offer.validUntil,
    units: units
      .filter((unit) => unit.offerId === offer.id)
      .map(({ id, name, optionId }) => ({ id, name, optionId })),
  };
}

/** The admin's view: the list per type (in order) and the offers holding units. */
export async function listWaitlist(
  db: Database,
  today = isoDayInBerlin(),
): Promise<Omit<WaitlistResponse, 'success'>> {
  const [rows, offers, availability, reserved] = await Promise.all([
    entriesOnList(db),
    db
      .select({ offer: waitlistOffers, vendor: vendorColumns })
      .from(waitlistOffers)
      .innerJoin(bookingRequests, eq(bookingRequests.id, waitlistOffers.bookingRequestId))
      .innerJoin(vendorNames, eq(vendorNames.id, bookingRequests.vendorId))
      .where(inArray(waitlistOffers.status, [...HOLDING]))
      .orderBy(asc(waitlistOffers.createdAt)),
    unitAvailability(db, today),
    reservedPerType(db),
  ]);
  const units = await offerUnits(
    db,
    offers.map((row) => row.offer.id),
  );
  const offerAnswers = offers.map((row) => offerAnswer(row.offer, row.vendor, units, today));
  const types = new Set(availability.map((entry) => entry.optionId));
  return {
    types: PACKAGE_OPTIONS.filter((option) => types.has(option.id)).map((option) => {
      const counts = availability.find((entry) => entry.optionId === option.id)!;
      const held = reserved.get(option.id) ?? 0;
      const mine = rows.filter((row) => needsOf(row.booking.packageData, types).has(option.id));
      return {
        optionId: option.id,
        name: option.displayName,
        total: counts.total,
        free: Math.max(0, counts.free - held),
        reserved: held,
        entries: mine.map((row, index): WaitlistEntry => {
          const packageData = packageDataAnswer(row.booking.packageData);
          return {
            id: row.entry.id,
            bookingId: row.booking.id,
            place: index + 1,
            state: row.entry.status as WaitlistEntry['state'],
            vendor: {
              id: row.vendor.id,
              name: row.vendor.name,
              unternehmen: row.vendor.unternehmen,
              email: row.vendor.email,
            },
            count: needsOf(row.booking.packageData, types).get(option.id) ?? 0,
            summary: packageSummary(packageData),
            since: row.entry.createdAt.toISOString(),
            offer: offerAnswers.find((offer) => offer.bookingId === row.booking.id) ?? null,
          };
        }),
      };
    }),
    offers: offerAnswers,
  };
}

async function lockedEntry(tx: Executor, id: string) {
  if (!isUuid(id)) throw new NotFoundError(WAITLIST_MESSAGES.entryNotFound);
  const [row] = await entryRows(tx).where(eq(waitlistEntries.id, id));
  if (!row || !(ON_LIST as readonly string[]).includes(row.entry.status)) {
    throw new NotFoundError(WAITLIST_MESSAGES.entryNotFound);
  }
  return row;
}

/**
 * Moves an entry one place up or down on its type's list: it swaps places with its neighbour
 * there. Under the run's lock, so a run sees the list before or after, never half of it.
 */
export async function moveEntry(
  db: Database,
  actor: Actor,
  id: string,
  optionId: string,
  direction: 'up' | 'down',
): Promise<{ message: string }> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_LOCK})`);
    const { entry, vendor } = await lockedEntry(tx, id);
    const option = findPackageOption(optionId);
    const types = new Set((await unitAvailability(tx)).map((row) => row.optionId));
    const list = (
      await tx
        .select({ entry: waitlistEntries, booking: bookingRequests })
        .from(waitlistEntries)
        .innerJoin(bookingRequests, eq(bookingRequests.id, waitlistEntries.bookingRequestId))
        .where(inArray(waitlistEntries.status, [...ON_LIST]))
        .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.createdAt))
        .for('update', { of: waitlistEntries })
    ).filter((row) => option && needsOf(row.booking.packageData, types).has(optionId));
    const at = list.findIndex((row) => row.entry.id === entry.id);
    if (!option || at < 0) throw new ConflictError(WAITLIST_MESSAGES.notInType);
    const other = list[direction === 'up' ? at - 1 : at + 1];
    if (!other) {
      throw new ConflictError(
        direction === 'up' ? WAITLIST_MESSAGES.alreadyFirst : WAITLIST_MESSAGES.alreadyLast,
      );
    }
    const now = clock.now();
    await tx
      .update(waitlistEntries)
      .set({ position: other.entry.position, updatedAt: now })
      .where(eq(waitlistEntries.id, entry.id));
    await tx
      .update(waitlistEntries)
      .set({ position: entry.position, updatedAt: now })
      .where(eq(waitlistEntries.id, other.entry.id));
    const place = direction === 'up' ? at : at + 2;
    await recordAudit(tx, actor, {
      action: 'waitlist.move',
      entity: 'booking',
      entityId: entry.bookingRequestId,
      summary: `Warteliste ${option.displayName}: ${vendor.unternehmen || vendor.name} von Platz ${at + 1} auf Platz ${place}`,
      before: { place: at + 1 },
      after: { place },
    });
    // a unit held back for the one now behind may go to the one now in front
    wakeAfterCommit(tx, 'waitlist');
    return { message: WAITLIST_MESSAGES.moved };
  });
}

/**
 * Takes a request off the waiting list with a reason (audited). An open or accepted offer is
 * withdrawn and its units go to the next; the request itself stays under "Offene Buchungen",
 * where the admin approves it onto other units or rejects it.
 */
export async function removeEntry(
  db: Database,
  actor: Actor,
  id: string,
  reason: string,
): Promise<{ message: string }> {
  return transaction(db, async (tx) => {
    const found = await lockedEntry(tx, id);
    // the request's row first, like every other change of a request
    await tx
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(eq(bookingRequests.id, found.booking.id))
      .for('update');
    const { entry, vendor } = await lockedEntry(tx, id);
    const now = clock.now();
    await tx
      .update(waitlistEntries)
      .set({ status: 'removed', removedReason: reason, updatedAt: now })
      .where(eq(waitlistEntries.id, entry.id));
    const withdrawn = await tx
      .update(waitlistOffers)
      .set({ status: 'withdrawn', decidedAt: now })
      .where(
        and(eq(waitlistOffers.entryId, entry.id), inArray(waitlistOffers.status, [...HOLDING])),
      )
      .returning({ id: waitlistOffers.id });
    await holdUnits(
      tx,
      withdrawn.map((offer) => offer.id),
    );
    await recordAudit(tx, actor, {
      action: 'waitlist.remove',
      entity: 'booking',
      entityId: entry.bookingRequestId,
      summary: `${vendor.unternehmen || vendor.name} von der Warteliste genommen${withdrawn.length ? ' (Angebot zurückgezogen)' : ''}: ${reason}`,
      before: { status: entry.status },
      after: { status: 'removed', reason },
    });
    wakeAfterCommit(tx, 'waitlist');
    return { message: WAITLIST_MESSAGES.removed };
  });
}

/**
 * What producers see of their own requests on the waiting list (Meine Buchungen): the place on
 * each type's list and of how many, and an offer holding units for the request; nothing of the
 * others on the list. Most producers are on no list: one index lookup, then nothing more.
 */
export async function ownWaitlist(
  db: Database,
  bookingIds: readonly string[],
  today = isoDayInBerlin(),
): Promise<Map<string, BookingWaitlist>> {
  const result = new Map<string, BookingWaitlist>();
  if (bookingIds.length === 0) return result;
  const [onList] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.bookingRequestId, [...bookingIds]),
        inArray(waitlistEntries.status, [...ON_LIST]),
      ),
    )
    .limit(1);
  if (!onList) return result;
  const list = await listWaitlist(db, today);
  for (const type of list.types) {
    for (const entry of type.entries) {
      if (!bookingIds.includes(entry.bookingId)) continue;
      const own = result.get(entry.bookingId) ?? { places: [], offer: null };
      own.places.push({ name: type.name, place: entry.place, of: type.entries.length });
      const offer = entry.offer;
      if (offer && (offer.state === 'open' || offer.state === 'accepted')) {
        own.offer = {
          state: offer.state,
          validUntil: offer.validUntil,
          units: offer.units.map((unit) => unit.name),
        };
      }
      result.set(entry.bookingId, own);
    }
  }
  return result;
}

/** A pending request's place on the waiting list, and its offer if it has one. */
interface WaitlistState {
  state: string;
  offer: { state: OfferState; validUntil: string; units: { id: string; name: string }[] } | null;
}

/** What a pending request shows of the waiting list under "Offene Buchungen". */
export async function waitlistStateOf(
  db: Executor,
  bookingIds: readonly string[],
  today = isoDayInBerlin(),
): Promise<Map<string, WaitlistState>> {
  const result = new Map<string, WaitlistState>();
  if (bookingIds.length === 0) return result;
  const entries = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.bookingRequestId, [...bookingIds]),
        inArray(waitlistEntries.status, [...ON_LIST]),
      ),
    );
  const offers = await db
    .select()
    .from(waitlistOffers)
    .where(
      and(
        inArray(waitlistOffers.bookingRequestId, [...bookingIds]),
        inArray(waitlistOffers.status, [...HOLDING]),
      ),
    );
  const units = await offerUnits(
    db,
    offers.map((offer) => offer.id),
  );
  for (const entry of entries) {
    const offer = offers.find((candidate) => candidate.entryId === entry.id);
    result.set(entry.bookingRequestId, {
      state: entry.status,
      offer: offer
        ? {
            state: stateOf(offer, today),
            validUntil: offer.validUntil,
            units: units
              .filter((unit) => unit.offerId === offer.id)
              .map(({ id, name }) => ({ id, name })),
          }
        : null,
    });
  }
  return result;
}

/** Runs the waiting list every hour and whenever a unit may have become free (lib/poller.ts). */
export class WaitlistWorker extends PollingJob {
  constructor(
    db: Database,
    settings: () => Promise<SiteSettings>,
    log: FastifyBaseLogger,
    pollMs = WAITLIST_EVERY_MS,
  ) {
    super(
      async () => {
        const result = await runWaitlist(db, await settings());
        if (result.lapsed + result.offered > 0) log.info(result, 'waiting list');
      },
      pollMs,
      log,
      'waiting list failed',
    );
    onWake(db, 'waitlist', () => this.kick());
  }
}
