import { PACKAGE_OPTIONS } from '@housnkuh/shared/catalog';
import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import type { AdminDashboard } from '@housnkuh/shared/schemas/admin';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countPendingBookings, listPendingBookings } from '../bookings/public';
import { countNewContactRequests } from '../contact/public';
import { countContestEntries } from '../contest/public';
import { contractAnswers, listMietfaecher } from '../contracts/public';
import { countSubscribers } from '../newsletter/public';
import { countToClarify, countUnassigned } from '../sales/public';
import { countOpenItems, monthsToSettle } from '../settlement/public';
import { countDueRemovals, vendorAccounts, vendorNamesOf } from '../vendors/public';

/** How many free months, notices and requests the page lists at most. */
const LIST_LIMIT = 10;
/** Free months ending today or within this many days are listed. */
const TRIAL_HORIZON_DAYS = 7;
/** Notices given within this many days are listed, whenever they end. */
const NOTICE_HORIZON_DAYS = 7;

type Contract = Awaited<ReturnType<typeof contractAnswers>>[number];

/**
 * The last day of the producer's free month (Probemonat) as the contracts
 * module computes it (one free month per producer, docs/decisions/0024), or
 * null without one. The one place the dashboard asks about free months.
 */
function freeMonthEnd(contract: Contract): string | null {
  return contract.freeMonth?.end ?? null;
}

/** Every producer account, and of them the demo producers ("davon Demo"). */
async function countProducers(db: Database) {
  const [row] = await db
    .select({
      all: count(),
      demo: sql<number>`count(*) filter (where ${eq(vendorAccounts.registrationKind, 'demo')})`.mapWith(
        Number,
      ),
    })
    .from(vendorAccounts);
  return { all: row?.all ?? 0, demo: row?.demo ?? 0 };
}

/**
 * What needs doing now and a few figures (GET /api/admin/dashboard): the page
 * the owner runs the shop from. A read model: each figure is asked of the
 * module that owns it (docs/decisions/0013, 0027); it changes nothing.
 */
export async function dashboard(
  db: Database,
  openingDate: string | null,
  today = isoDayInBerlin(),
): Promise<Omit<AdminDashboard, 'success'>> {
  const [
    unreadContacts,
    pendingBookings,
    pendingSubscribers,
    contest,
    producers,
    customers,
    vendorSubscribers,
  ] = await Promise.all([
    countNewContactRequests(db),
    countPendingBookings(db),
    countSubscribers(db, { status: 'pending' }),
    countContestEntries(db),
    countProducers(db),
    ...(['customer', 'vendor'] as const).map((type) =>
      countSubscribers(db, { status: 'confirmed', type }),
    ),
  ]);
  const [floor, contracts, requests, unassignedSales, toSettle, owed] = await Promise.all([
    listMietfaecher(db, {}, today),
    contractAnswers(db, null, openingDate, today),
    listPendingBookings(db),
    countUnassigned(db),
    monthsToSettle(db, openingDate, today),
    countOpenItems(db),
  ]);

  const salesToClarify = await countToClarify(db);
  const dueRemovals = await countDueRemovals(db, today);

  const live = contracts.filter((c) => c.status === 'scheduled' || c.status === 'active');
  const trialHorizon = addDays(today, TRIAL_HORIZON_DAYS);
  const trials = live
    .map((contract) => ({ contract, end: freeMonthEnd(contract) }))
    .filter(
      ({ contract, end }) =>
        end !== null &&
        end >= today &&
        end <= trialHorizon &&
        // a contract ending in its free month is listed among the endings instead
        (contract.endDate === null || contract.endDate > end),
    )
    .sort(
      (a, b) =>
        a.end!.localeCompare(b.end!) ||
        // the producer’s first contract (by start, then number) stands for it
        a.contract.startDate.localeCompare(b.contract.startDate) ||
        (a.contract.number ?? '').localeCompare(b.contract.number ?? '', 'de', { numeric: true }),
    )
    // the free month is the producer's, not each contract's: one row per producer
    .filter(
      ({ contract }, index, all) =>
        all.findIndex((other) => other.contract.vendorId === contract.vendorId) === index,
    )
    .slice(0, LIST_LIMIT);
  const noticeSince = addDays(today, -NOTICE_HORIZON_DAYS);
  const endings = contracts
    .filter(
      (c) =>
        c.endDate !== null &&
        c.endDate >= today &&
        // a contract ended before its start was cancelled (storniert), not ending (0027)
        c.endDate >= c.startDate &&
        (c.endDate <= monthEnd(today) ||
          (c.termination?.noticeGivenOn != null && c.termination.noticeGivenOn >= noticeSince)),
    )
    .sort((a, b) => a.endDate!.localeCompare(b.endDate!))
    .slice(0, LIST_LIMIT);

  const names = new Map(
    (
      await vendorNamesOf(db, [
        ...new Set([...trials.map((t) => t.contract), ...endings].map((c) => c.vendorId)),
      ])
    ).map((vendor) => [vendor.id, vendor.unternehmen || vendor.name]),
  );
  const nameOf = (id: string) => names.get(id) ?? '';

  const types = floor.occupancy.map((entry) => ({
    optionId: entry.optionId,
    name: PACKAGE_OPTIONS.find((option) => option.id === entry.optionId)?.name ?? entry.optionId,
    occupied: entry.occupied,
    // free today, held by a contract that starts on a later day (before the opening: all of them)
    reserved: floor.mietfaecher.filter(
      (unit) => unit.optionId === entry.optionId && unit.isActive && unit.state === 'reserved',
    ).length,
    total: entry.total,
  }));

  return {
    todos: {
      unreadContacts,
      pendingBookings,
      pendingSubscribers,
      contestEntries: contest,
      unassignedSales,
      salesToClarify,
      monthsToSettle: toSettle,
      openItems: owed,
      dueRemovals,
    },
    figures: {
      vendors: producers.all,
      demoVendors: producers.demo,
      confirmedSubscribers: { customer: customers!, vendor: vendorSubscribers! },
    },
    occupancy: {
      occupied: types.reduce((sum, type) => sum + type.occupied, 0),
      reserved: types.reduce((sum, type) => sum + type.reserved, 0),
      total: types.reduce((sum, type) => sum + type.total, 0),
      types,
    },
    trialsEnding: trials.map(({ contract, end }) => ({
      contractId: contract.id,
      number: contract.number,
      vendorId: contract.vendorId,
      vendorName: nameOf(contract.vendorId),
      trialEndsOn: end!,
    })),
    endings: endings.map((contract) => ({
      contractId: contract.id,
      number: contract.number,
      vendorId: contract.vendorId,
      vendorName: nameOf(contract.vendorId),
      endDate: contract.endDate!,
      kind: contract.termination?.kind ?? 'ended',
      noticeGivenOn: contract.termination?.noticeGivenOn ?? null,
    })),
    openRequests: requests.slice(0, LIST_LIMIT).map((request) => ({
      id: request.id,
      vendorId: request.vendor.id,
      vendorName: request.vendor.unternehmen || request.vendor.name,
      emailConfirmed: request.vendor.emailConfirmed,
      createdAt: request.createdAt,
      summary: request.summary,
    })),
  };
}
