// Deletion with retention (docs/decisions/0092): the producer asks; the deletion is carried out
// once nothing is open between the shop and the producer; what the tax law keeps stays, locked,
// until 31 December of the year of the latest document + 10 years; after that an admin removes
// it. Each module deletes its own rows (docs/decisions/0013); this one orders them.
import { clock } from '@housnkuh/shared/clock';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import {
  DELETION_MESSAGES,
  type DeletionAnswer,
  type DeletionStatus,
  type RetentionOverview,
} from '@housnkuh/shared/schemas/deletion';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { PROFILE_MESSAGES } from '@housnkuh/shared/schemas/vendor-profile';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { desc, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { checkCurrentPassword, removeVendorAccess } from '../accounts/public';
import { recordAudit, type Actor } from '../audit/public';
import { removeDatevDebitor } from '../billing/public';
import { lockOpenRequests, removeOpenRequests } from '../bookings/public';
import { lastClosedMonth } from '../closing/public';
import {
  contractsKeepingAccount,
  countContractsOf,
  lastContractMonth,
  removeGoodsIn,
} from '../contracts/public';
import { removeVendorTags } from '../directory/public';
import { documentsSpanOf, removeDocumentsOf } from '../documents/public';
import { enqueueMail } from '../mail/public';
import { deleteImagesOfVendors } from '../media/public';
import { removeSubscription } from '../newsletter/public';
import { removeProductsOf, removeUnsoldProducts } from '../products/public';
import {
  lastSalesMonth,
  productIdsSoldBy,
  removeSalesLinesOf,
  unsettledLinesOf,
} from '../sales/public';
import { lastManualLineMonth, moneyKeepingAccount, removeSettlementOf } from '../settlement/public';
import {
  deleteVendorRow,
  findVendor,
  retainedVendorRows,
  setDeletionRequest,
  stripDeletedVendor,
  vendorForUpdate,
  waitingDeletions,
} from '../vendors/public';
import { deletionDoneMail, deletionWaitingMail } from './mails';
import { vendorRemovals } from './schema';

export interface DeletionContext {
  db: Database;
  settings: SiteSettings;
}

const SELF = 'Direktvermarkter (eigene Löschung)';

/** The latest of some 'YYYY-MM' months (null: none). */
function latest(months: readonly (string | null)[]): string | null {
  return months.reduce<string | null>(
    (a, b) => (b !== null && (a === null || b > a) ? b : a),
    null,
  );
}

/**
 * Why the producer cannot be deleted now, in German (empty: it can): a contract running or to
 * start; its last month with rent, sales or a manual line not yet settled; sales no settlement
 * holds; a payout not transferred; an amount it owes.
 */
export async function deletionBlockers(
  db: Executor,
  vendorId: string,
  today = isoDayInBerlin(),
): Promise<string[]> {
  const reasons = await contractsKeepingAccount(db, vendorId, today);
  const closed = await lastClosedMonth(db);
  const lastActive = latest([
    await lastContractMonth(db, vendorId),
    await lastSalesMonth(db, vendorId),
    await lastManualLineMonth(db, vendorId),
  ]);
  if (lastActive !== null && (closed === null || lastActive > closed)) {
    reasons.push(DELETION_MESSAGES.monthOpen(formatMonth(lastActive)));
  } else if ((await unsettledLinesOf(db, vendorId)) > 0) {
    reasons.push(DELETION_MESSAGES.salesOpen);
  }
  reasons.push(...(await moneyKeepingAccount(db, vendorId, closed)));
  return reasons;
}

/** GET /api/vendor-auth/deletion */
export async function deletionStatus(db: Database, vendorId: string): Promise<DeletionStatus> {
  const vendor = await findVendor(db, vendorId);
  if (!vendor) throw new NotFoundError(DELETION_MESSAGES.notRequested);
  return {
    requestedAt: vendor.deletionRequestedAt?.toISOString() ?? null,
    blockers: await deletionBlockers(db, vendorId),
  };
}

const latestDay = (a: string, b: string | null) => (b !== null && b > a ? b : a);

/** The last day the retained records are kept: 31 December of the latest document's year + 10. */
export function retentionEnd(lastIssuedOn: string): string {
  return `${Number(lastIssuedOn.slice(0, 4)) + 10}-12-31`;
}

type CarriedOut =
  { carriedOut: true; retainedUntil: string | null } | { carriedOut: false; blockers: string[] };

/**
 * Carries out a requested deletion if nothing is open (in one transaction, the producer's open
 * booking requests and then its row locked, the order an approval takes): what no law requires
 * keeping goes, each module its own; with documents the row stays, stripped and locked, until the
 * retention's end; without any, the producer goes entirely. The producer is mailed what was
 * deleted and what is kept until when. With `request`, the request is stored in the same
 * transaction first (refused when one is already stored), and a waiting one is mailed what it
 * waits for.
 */
export async function carryOutDeletion(
  ctx: DeletionContext,
  vendorId: string,
  request?: Date,
): Promise<CarriedOut> {
  const now = clock.now();
  return transaction(ctx.db, async (tx): Promise<CarriedOut> => {
    await lockOpenRequests(tx, vendorId);
    const vendor = await vendorForUpdate(tx, { id: vendorId });
    if (request) {
      if (!vendor || vendor.deletedAt) throw new NotFoundError(DELETION_MESSAGES.deletedAccount);
      if (vendor.deletionRequestedAt) throw new ConflictError(DELETION_MESSAGES.alreadyRequested);
      await setDeletionRequest(tx, vendor.id, request);
    } else if (!vendor || vendor.deletedAt || !vendor.deletionRequestedAt) {
      return { carriedOut: false, blockers: [] };
    }
    const blockers = await deletionBlockers(tx, vendor.id, isoDayInBerlin(now));
    if (blockers.length > 0) {
      if (request) {
        await enqueueMail(tx, {
          to: vendor.email,
          replyTo: ctx.settings.email,
          kind: 'deletion-waiting',
          ...deletionWaitingMail(ctx.settings, {
            name: vendor.name,
            day: isoDayInBerlin(request),
            reasons: blockers,
          }),
        });
      }
      return { carriedOut: false, blockers };
    }

    const span = await documentsSpanOf(tx, vendor.id);
    const sold = await productIdsSoldBy(tx, vendor.id);
    await removeVendorAccess(tx, vendor.id);
    await deleteImagesOfVendors(tx, [vendor.id]);
    await removeVendorTags(tx, vendor.id);
    await removeOpenRequests(tx, vendor.id);
    await removeGoodsIn(tx, vendor.id);
    await removeSubscription(tx, vendor.email);
    const products = await removeUnsoldProducts(tx, vendor.id, sold);
    let retainedUntil: string | null = null;
    if (span.count === 0 && sold.length === 0) {
      // nothing the tax law keeps: the producer goes entirely (its contracts, ended or cancelled
      // before they began, with it)
      const contracts = await countContractsOf(tx, vendor.id);
      await removeSettlementOf(tx, vendor.id);
      await removeDatevDebitor(tx, vendor.id);
      await deleteVendorRow(tx, vendor.id);
      await tx.insert(vendorRemovals).values({
        vendorId: vendor.id,
        kind: 'immediate',
        retainedUntil: null,
        rows: { vendor: 1, contracts, products: products.removed },
        removedBy: SELF,
        removedAt: now,
      });
    } else {
      retainedUntil = retentionEnd(span.lastIssuedOn ?? isoDayInBerlin(now));
      await stripDeletedVendor(tx, vendor.id, { deletedAt: now, retainedUntil });
    }
    await enqueueMail(tx, {
      to: vendor.email,
      replyTo: ctx.settings.email,
      kind: 'deletion-done',
      ...deletionDoneMail(ctx.settings, { name: vendor.name, retainedUntil }),
    });
    return { carriedOut: true, retainedUntil };
  });
}

/**
 * POST /api/vendor-auth/deletion: the producer confirms with its password; the request is
 * stored and carried out at once when nothing is open, else it waits (the hourly job tries
 * again) and the producer is mailed what it waits for.
 */
export async function requestDeletion(
  ctx: DeletionContext,
  vendorId: string,
  password: string,
): Promise<DeletionAnswer> {
  const vendor = await findVendor(ctx.db, vendorId);
  if (!vendor || vendor.deletedAt) throw new NotFoundError(DELETION_MESSAGES.deletedAccount);
  const ok = await checkCurrentPassword(
    ctx.db,
    { kind: 'vendor', id: vendor.id, passwordHash: vendor.passwordHash },
    password,
    PROFILE_MESSAGES.tooManyPasswordFailures,
  );
  if (!ok) {
    throw new InvalidError(PROFILE_MESSAGES.wrongPassword, [
      { field: 'password', message: PROFILE_MESSAGES.wrongPassword },
    ]);
  }
  const now = clock.now();
  const result = await carryOutDeletion(ctx, vendor.id, now);
  return result.carriedOut
    ? {
        success: true,
        carriedOut: true,
        message: result.retainedUntil
          ? DELETION_MESSAGES.doneKept(result.retainedUntil)
          : DELETION_MESSAGES.doneNothingKept,
        retainedUntil: result.retainedUntil,
        requestedAt: now.toISOString(),
        blockers: [],
      }
    : {
        success: true,
        carriedOut: false,
        message: DELETION_MESSAGES.requested,
        retainedUntil: null,
        requestedAt: now.toISOString(),
        blockers: result.blockers,
      };
}

/** DELETE /api/vendor-auth/deletion: the waiting request is withdrawn. */
export async function withdrawDeletion(db: Database, vendorId: string): Promise<string> {
  const vendor = await findVendor(db, vendorId);
  if (!vendor?.deletionRequestedAt || vendor.deletedAt) {
    throw new ConflictError(DELETION_MESSAGES.notRequested);
  }
  await setDeletionRequest(db, vendorId, null);
  return DELETION_MESSAGES.withdrawn;
}

/**
 * The hourly job: every waiting request whose producer has nothing open any more. One that
 * fails is reported and the others still run.
 */
export async function carryOutWaitingDeletions(
  ctx: DeletionContext,
  onError: (vendorId: string, error: unknown) => void = () => {},
): Promise<number> {
  let done = 0;
  for (const vendorId of await waitingDeletions(ctx.db)) {
    try {
      if ((await carryOutDeletion(ctx, vendorId)).carriedOut) done += 1;
    } catch (error) {
      onError(vendorId, error);
    }
  }
  return done;
}

const labelOf = (row: { name: string; unternehmen: string | null }) =>
  row.unternehmen ? `${row.unternehmen} (${row.name})` : row.name;

/** GET /api/admin/retention: the deleted producers kept, and the removals so far. */
export async function retentionOverview(db: Database): Promise<RetentionOverview> {
  const today = isoDayInBerlin();
  const rows = await retainedVendorRows(db);
  const retained = [];
  for (const row of rows) {
    const span = await documentsSpanOf(db, row.id);
    retained.push({
      id: row.id,
      label: labelOf(row),
      deletedAt: row.deletedAt!.toISOString(),
      retainedUntil: row.retainedUntil!,
      due: row.retainedUntil! < today,
      documents: span.count,
    });
  }
  const removals = await db
    .select()
    .from(vendorRemovals)
    .orderBy(desc(vendorRemovals.removedAt))
    .limit(200);
  return {
    retained,
    removals: removals.map((row) => ({
      id: row.id,
      vendorId: row.vendorId,
      kind: row.kind === 'immediate' ? ('immediate' as const) : ('after-retention' as const),
      retainedUntil: row.retainedUntil,
      rows: row.rows,
      removedBy: row.removedBy,
      removedAt: row.removedAt.toISOString(),
    })),
  };
}

/**
 * POST /api/admin/retention/:vendorId/remove: after the retention's last day, the admin removes
 * what was kept of a deleted producer (never automatically: a tax audit may still need it). The
 * transaction names the producer for the immutability guards (migration 0043); a record of what
 * went stays, and the Protokoll names it.
 */
export async function removeRetained(
  db: Database,
  vendorId: string,
  /** An admin, or an operator at the command line (id null). */
  actor: Actor | { id: null; name: string },
): Promise<{ message: string; rows: Record<string, number> }> {
  if (!isUuid(vendorId)) throw new NotFoundError(DELETION_MESSAGES.notDeleted);
  return transaction(db, async (tx) => {
    const vendor = await vendorForUpdate(tx, { id: vendorId });
    if (!vendor) throw new NotFoundError(DELETION_MESSAGES.notDeleted);
    if (!vendor.deletedAt || !vendor.retainedUntil) {
      throw new ConflictError(DELETION_MESSAGES.notDeleted);
    }
    // the latest document counts, should one have come after the deletion
    const span = await documentsSpanOf(tx, vendor.id);
    const until = latestDay(
      vendor.retainedUntil,
      span.lastIssuedOn && retentionEnd(span.lastIssuedOn),
    );
    if (until >= isoDayInBerlin()) throw new ConflictError(DELETION_MESSAGES.notDue(until));
    // the id as the database has it: the guards compare it with the rows' producer
    await tx.execute(sql`select set_config('housnkuh.retention_removal', ${vendor.id}, true)`);
    const settlement = await removeSettlementOf(tx, vendor.id);
    const salesLines = await removeSalesLinesOf(tx, vendor.id);
    const documents = await removeDocumentsOf(tx, vendor.id);
    const products = await removeProductsOf(tx, vendor.id);
    const contracts = await countContractsOf(tx, vendor.id);
    await removeDatevDebitor(tx, vendor.id);
    const vendorRows = await deleteVendorRow(tx, vendor.id);
    await tx.execute(sql`select set_config('housnkuh.retention_removal', '', true)`);
    const rows = {
      documents,
      salesLines,
      ...settlement,
      products,
      contracts,
      vendor: vendorRows,
    };
    const label = labelOf(vendor);
    await tx.insert(vendorRemovals).values({
      vendorId: vendor.id,
      kind: 'after-retention',
      retainedUntil: vendor.retainedUntil,
      rows,
      removedBy: actor.name,
      removedById: actor.id,
    });
    const message = DELETION_MESSAGES.removed(label);
    await recordAudit(tx, actor, {
      action: 'vendor.retention-removal',
      entity: 'vendor',
      entityId: vendor.id,
      summary: message,
      before: { retainedUntil: vendor.retainedUntil, ...rows },
      after: null,
    });
    return { message, rows };
  });
}
