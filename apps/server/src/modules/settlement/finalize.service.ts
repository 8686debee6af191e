// Finalizing a month: documents, settled sales lines, payouts and open items, in one transaction.
import { clock } from '@housnkuh/shared/clock';
import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { isSharedDatabase, type Database, type Executor, type Transaction } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { closeMonth } from '../closing/public';
import { billingPartiesOf, type BillingParty } from '../vendors/public';
import {
  issueDocuments,
  paymentTermDays,
  shopBillingBlockers,
  shopEInvoiceBlockers,
  type IssuedDocument,
} from './issue-documents';
import { openItems, payouts, settledSalesLines, settlementItems, settlementMonths } from './schema';
import { computeDrafts, type DraftRow } from './drafts.service';
import { lockMonth, lockSettlement, monthOfPath } from './month';
import { refuseOutOfOrder } from './order.service';
import {
  finalizeRunning,
  progressEnded,
  progressIssuing,
  progressStarted,
  progressStep,
  tryLockFinalize,
} from './progress.service';

async function documentsOfMonth(db: Executor, month: string): Promise<IssuedDocument[]> {
  const items = await db
    .select({ documents: settlementItems.documents })
    .from(settlementItems)
    .where(and(eq(settlementItems.month, month), eq(settlementItems.status, 'final')))
    .orderBy(asc(settlementItems.finalizedAt), asc(settlementItems.vendorId));
  return items.flatMap((item) => item.documents);
}

/**
 * What each final (month, producer) already counted (docs/decisions/0038): its payouts that
 * are paid or in a run and not returned, less its open items that are paid or offset. A
 * correction pays or claims only the difference to this.
 */
async function countedCents(
  tx: Executor,
  month: string,
  vendorIds: readonly string[],
): Promise<Map<string, number>> {
  const counted = new Map<string, number>();
  if (vendorIds.length === 0) return counted;
  const paid = await tx
    .select({ vendorId: payouts.vendorId, amountCents: payouts.amountCents })
    .from(payouts)
    .where(
      and(
        eq(payouts.month, month),
        inArray(payouts.vendorId, [...vendorIds]),
        or(isNotNull(payouts.paidAt), isNotNull(payouts.runId)),
        isNull(payouts.returnedAt),
      ),
    );
  const owed = await tx
    .select({ vendorId: openItems.vendorId, amountCents: openItems.amountCents })
    .from(openItems)
    .where(
      and(
        eq(openItems.month, month),
        inArray(openItems.vendorId, [...vendorIds]),
        or(isNotNull(openItems.paidAt), isNotNull(openItems.offsetInMonth)),
      ),
    );
  for (const row of paid)
    counted.set(row.vendorId, (counted.get(row.vendorId) ?? 0) + Number(row.amountCents));
  for (const row of owed)
    counted.set(row.vendorId, (counted.get(row.vendorId) ?? 0) - Number(row.amountCents));
  return counted;
}

/** A producer's draft about to be settled (its figures, who). */
type Item = Pick<DraftRow, 'vendorId' | 'figures'>;

interface Settling {
  month: string;
  parties: Map<string, BillingParty>;
  settings: SiteSettings;
  issuedOn: string;
  dueOn: string;
}

/**
 * Settles producers of the month in the caller's transaction: their documents issued, sales
 * lines recorded, the open items they offset marked, the payout or the open item of the
 * difference to what was counted before, the items final.
 */
async function settleProducers(tx: Executor, items: readonly Item[], settling: Settling) {
  const { month, parties, settings, issuedOn, dueOn } = settling;
  const documents = await issueDocuments(
    tx,
    items.map((item) => ({
      vendorId: item.vendorId,
      month,
      settlement: item.figures,
      producer: parties.get(item.vendorId)!,
    })),
    issuedOn,
    settings,
  );
  const counted = await countedCents(
    tx,
    month,
    items.map((item) => item.vendorId),
  );
  // every write below is one statement for all producers of the call (arrays as parameters)
  const settledLines = items.flatMap((item) =>
    item.figures.sales.lines.map((line) => ({
      id: line.id,
      vendorId: item.vendorId,
    })),
  );
  for (let i = 0; i < settledLines.length; i += 50_000) {
    const chunk = settledLines.slice(i, i + 50_000);
    await tx.execute(sql`
      insert into ${settledSalesLines} (sales_line_id, month, vendor_id)
      select line.id, ${month}, line.vendor_id
      from unnest(${sql.param(chunk.map((line) => line.id))}::uuid[],
        ${sql.param(chunk.map((line) => line.vendorId))}::uuid[]) as line(id, vendor_id)`);
  }
  const offset = items.flatMap((item) => item.figures.openItems.map((open) => open.id));
  if (offset.length > 0)
    await tx
      .update(openItems)
      .set({ offsetInMonth: month })
      .where(
        and(
          inArray(openItems.id, offset),
          isNull(openItems.paidAt),
          isNull(openItems.offsetInMonth),
        ),
      );
  const newPayouts: (typeof payouts.$inferInsert)[] = [];
  const newOpenItems: (typeof openItems.$inferInsert)[] = [];
  const documentsOf = new Map<string, IssuedDocument[]>();
  for (const document of documents) {
    const own = documentsOf.get(document.vendorId);
    if (own) own.push(document);
    else documentsOf.set(document.vendorId, [document]);
  }
  for (const item of items) {
    const figures = item.figures;
    const producer = parties.get(item.vendorId)!;
    const statement = documentsOf
      .get(item.vendorId)
      ?.find((document) => document.type === 'verkaufsabrechnung');
    // the payout of the statement, less what this (month, producer) already counted
    const difference = figures.payoutCents - (counted.get(item.vendorId) ?? 0);
    if (difference > 0)
      newPayouts.push({
        month,
        vendorId: item.vendorId,
        amountCents: difference,
        statementDocumentId: statement?.id ?? null,
        statementNumber: statement?.number ?? null,
        // as printed on the statement
        payeeName: producer.kontoinhaber,
        payeeIban: producer.iban,
      });
    else if (difference < 0)
      newOpenItems.push({
        vendorId: item.vendorId,
        month,
        amountCents: -difference,
        dueOn,
        documentNumber: statement?.number ?? null,
      });
  }
  for (let i = 0; i < newPayouts.length; i += 500)
    await tx.insert(payouts).values(newPayouts.slice(i, i + 500));
  for (let i = 0; i < newOpenItems.length; i += 500)
    await tx.insert(openItems).values(newOpenItems.slice(i, i + 500));
  const vendorIds = items.map((item) => item.vendorId);
  await tx.execute(sql`
    update ${settlementItems} set status = 'final', documents = mine.documents,
      finalized_at = ${clock.now().toISOString()}::timestamptz
    from unnest(${sql.param(vendorIds)}::uuid[],
      ${sql.param(vendorIds.map((id) => JSON.stringify(documentsOf.get(id) ?? [])))}::jsonb[])
      as mine(vendor_id, documents)
    where settlement_items.month = ${month} and settlement_items.vendor_id = mine.vendor_id`);
  for (let i = 0; i < items.length; i++) progressStep(month);
}

/**
 * POST /api/admin/abrechnungen/:month/finalize: refused while an earlier month is still to settle
 * (409 naming it) and, naming what is missing, while the shop's billing data is incomplete. In
 * one transaction under the settlement-wide lock: the drafts recomputed, every producer without
 * blockers settled in a savepoint of its own (documents issued, sales lines recorded, payout or
 * open item written, the open items it offsets marked; one that fails is listed as blocked, the
 * others are settled), the month final and closed. Blocked producers stay drafts; a later call
 * settles them once fixed; a call with nothing left changes nothing and answers the month's
 * documents.
 */
export async function finalizeMonth(
  db: Executor,
  actor: Actor,
  month: string,
  settings: SiteSettings,
  log?: { error: (details: object, message: string) => void },
) {
  monthOfPath(month);
  if (isSharedDatabase(db)) return finalizeShared(db, actor, month, settings, log);
  progressStarted(month);
  try {
    return await finalizeInTransaction(db, actor, month, settings, log);
  } finally {
    await progressEnded(month);
  }
}

/** How long a second finalize call waits for the running one: within the 30 s request timeout. */
const JOIN_WAIT_MS = 20_000;

/** The month is being finalized by another call: it waits for that one (finalizeShared). */
class FinalizeRunningError extends Error {}

/**
 * Finalizing on PostgreSQL, where several instances may get the same request (docs/decisions/0050):
 * the month's finalize lock is tried first; while another call (on any instance) holds it, this one
 * joins it: it waits until that one has ended and then runs, finding the month settled and
 * answering its documents (or settling what that one left). Waiting longer than JOIN_WAIT_MS: 409.
 */
async function finalizeShared(
  db: Executor,
  actor: Actor,
  month: string,
  settings: SiteSettings,
  log?: { error: (details: object, message: string) => void },
) {
  let waited = 0;
  for (;;) {
    try {
      return await finalizeInTransaction(db, actor, month, settings, log, db);
    } catch (error) {
      if (!(error instanceof FinalizeRunningError)) throw error;
    }
    do {
      if (waited >= JOIN_WAIT_MS) throw new ConflictError(SETTLEMENT_MESSAGES.finalizeRunning);
      await new Promise((resolve) => setTimeout(resolve, 250));
      waited += 250;
    } while (await finalizeRunning(db, month));
  }
}

async function finalizeInTransaction(
  db: Executor,
  actor: Actor,
  month: string,
  settings: SiteSettings,
  log?: { error: (details: object, message: string) => void },
  /** PostgreSQL: the database where the progress is kept for every instance. */
  shared?: Executor,
) {
  return transaction(db, async (tx) => {
    if (shared) {
      if (!(await tryLockFinalize(tx, month))) throw new FinalizeRunningError();
      progressStarted(month, shared);
    }
    try {
      return await finalizeLocked(tx, actor, month, settings, log);
    } finally {
      if (shared) await progressEnded(month);
    }
  });
}

async function finalizeLocked(
  tx: Transaction,
  actor: Actor,
  month: string,
  settings: SiteSettings,
  log?: { error: (details: object, message: string) => void },
) {
  const openingDate = settings.openingDate;
  await lockSettlement(tx);
  const row = await lockMonth(tx, month);
  if (row.status !== 'final') await refuseOutOfOrder(tx, month, openingDate);
  const missing = [...(await shopBillingBlockers(tx, settings)), ...shopEInvoiceBlockers(settings)];
  if (missing.length > 0)
    throw new ConflictError(SETTLEMENT_MESSAGES.billingMissing(missing), missing);
  // the month's drafts as just written (not read back: their figures hold every sales line),
  // in the order of the producers' ids, as the documents' numbers are taken
  const drafts = (await computeDrafts(tx, row, openingDate)).sort((a, b) =>
    a.vendorId < b.vendorId ? -1 : a.vendorId > b.vendorId ? 1 : 0,
  );
  const ready = drafts.filter((item) => item.blockers.length === 0);
  const blocked = drafts
    .filter((item) => item.blockers.length > 0)
    .map((item) => ({ vendorId: item.vendorId, blockers: item.blockers }));

  let settled = 0;
  if (ready.length > 0) {
    const issuedOn = isoDayInBerlin();
    const parties = new Map(
      (
        await billingPartiesOf(
          tx,
          ready.map((item) => item.vendorId),
        )
      ).map((party) => [party.id, party]),
    );
    const settling: Settling = {
      month,
      parties,
      settings,
      issuedOn,
      dueOn: addDays(issuedOn, await paymentTermDays(tx)),
    };
    progressIssuing(month, ready.length);
    try {
      // all at once in one savepoint (the numbers and the documents in one go)
      await transaction(tx, (savepoint) => settleProducers(savepoint, ready, settling));
      settled = ready.length;
    } catch {
      // something failed: each producer in a savepoint of its own; one that fails is listed as
      // blocked and stays a draft, the others are settled
      progressIssuing(month, ready.length);
      for (const item of ready) {
        try {
          await transaction(tx, (savepoint) => settleProducers(savepoint, [item], settling));
          settled += 1;
        } catch (error) {
          log?.error({ err: error, month, vendorId: item.vendorId }, 'settling a producer failed');
          const blockers = [SETTLEMENT_MESSAGES.settleFailed];
          // no longer what its fingerprint says: the next computation writes it again
          await tx
            .update(settlementItems)
            .set({ blockers, fingerprint: null })
            .where(
              and(
                eq(settlementItems.month, month),
                eq(settlementItems.vendorId, item.vendorId),
                eq(settlementItems.status, 'draft'),
              ),
            );
          blocked.push({ vendorId: item.vendorId, blockers });
        }
      }
    }
  }
  if (row.status !== 'final' || settled > 0) {
    await tx
      .update(settlementMonths)
      .set({
        status: 'final',
        finalizedAt: row.finalizedAt ?? clock.now(),
        finalizedBy: row.finalizedBy ?? actor.name,
      })
      .where(eq(settlementMonths.month, month));
    await closeMonth(tx, month);
    await recordAudit(tx, actor, {
      action: 'settlement.finalize',
      entity: 'settlement',
      entityId: month,
      summary: `Abrechnung ${formatMonth(month)} abgeschlossen (${settled} Direktvermarkter${blocked.length ? `, ${blocked.length} blockiert` : ''})`,
    });
  }
  blocked.sort((a, b) => a.vendorId.localeCompare(b.vendorId));
  return { documents: await documentsOfMonth(tx, month), blocked };
}

/**
 * Frees the rows of unsettled_sales_lines that finalizing settled (docs/decisions/0056): every
 * month's lines pass through that table, and the embedded database has no autovacuum, so without
 * this its dead rows grow with the years and the drafts read them all. Run outside any
 * transaction: after a finalize's commit and on start (a few milliseconds for a month's lines).
 */
export async function tidyUnsettledLines(db: Database): Promise<void> {
  await db.execute(sql`vacuum unsettled_sales_lines`);
}
