// Corrections (issue 30, docs/decisions/0039): cancelling a producer's settlement of a
// month so that it can be issued again.
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { PAYMENT_RUN_MESSAGES } from '@housnkuh/shared/schemas/payment-runs';
import { DELETION_MESSAGES } from '@housnkuh/shared/schemas/deletion';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { documentVendorId, enqueueCancellationMail, insertCancellation } from '../documents/public';
import { findVendor } from '../vendors/public';
import { lockSettlementMonth } from './payouts.service';
import { openItems, paymentRuns, payouts, settledSalesLines, settlementItems } from './schema';

/**
 * POST /api/admin/documents/:id/cancel: cancels a producer's settlement of a month for a
 * correction. The invoice and the statement issued together are both cancelled (storno
 * documents with the figures negated, documents module), and the producer's month is reopened
 * as a draft: its sales lines released, its payouts that are unpaid and in no run and its open
 * item that is neither paid nor offset removed. What already moved stays and counts as paid or
 * claimed: payouts paid, in a downloaded run or returned, open amounts paid or offset later; the
 * open items of earlier months this month offset stay offset to it. Finalizing the month again
 * issues the corrected pair, which pays or claims only the difference. Refused while a payout of
 * the month is in a run whose file was never downloaded (discard the run first). Answers every
 * storno issued, the requested document's first.
 */
export async function cancelSettlementDocument(
  db: Executor,
  actor: Actor,
  documentId: string,
  reason: string,
) {
  if (!isUuid(documentId)) throw new NotFoundError(SETTLEMENT_MESSAGES.documentNotFound);
  return transaction(db, async (tx) => {
    // a deleted producer's documents are kept as issued (docs/decisions/0092): no storno, no
    // reopened month nobody can settle, no mail to a gone address
    const owner = await documentVendorId(tx, documentId);
    if (owner && (await findVendor(tx, owner))?.deletedAt)
      throw new ConflictError(DELETION_MESSAGES.documentsLocked);
    const [item] = await tx
      .select()
      .from(settlementItems)
      .where(
        and(
          eq(settlementItems.status, 'final'),
          sql`${settlementItems.documents} @> ${JSON.stringify([{ id: documentId }])}::jsonb`,
        ),
      );
    if (!item) {
      // a storno, one cancelled already, or none at all: the documents module says which
      const storno = await insertCancellation(tx, documentId, reason, isoDayInBerlin());
      await enqueueCancellationMail(tx, [storno.id], reason);
      return [storno];
    }
    await lockSettlementMonth(tx, item.month);
    const { month, vendorId } = item;
    // a parallel cancel of the pair may have won the lock: the documents module then refuses
    const [still] = await tx
      .select({ status: settlementItems.status })
      .from(settlementItems)
      .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
    if (still?.status !== 'final') {
      const storno = await insertCancellation(tx, documentId, reason, isoDayInBerlin());
      await enqueueCancellationMail(tx, [storno.id], reason);
      return [storno];
    }
    // a payout in a run whose file was never downloaded: the owner discards the run first
    const [inOpenRun] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .innerJoin(paymentRuns, eq(paymentRuns.id, payouts.runId))
      .where(
        and(
          eq(payouts.month, month),
          eq(payouts.vendorId, vendorId),
          isNull(payouts.paidAt),
          isNull(paymentRuns.downloadedAt),
          isNull(paymentRuns.discardedAt),
        ),
      )
      .limit(1);
    if (inOpenRun) throw new ConflictError(PAYMENT_RUN_MESSAGES.cancelInRun);

    const issuedOn = isoDayInBerlin();
    const issued = item.documents;
    // the requested one first (its number is the answer), then the rest of the pair
    const ordered = [
      ...issued.filter((document) => document.id === documentId),
      ...issued.filter((document) => document.id !== documentId),
    ];
    const stornos = [];
    for (const document of ordered)
      stornos.push(await insertCancellation(tx, document.id, reason, issuedOn));
    // the producer gets the stornos in one mail, attached as the originals were
    await enqueueCancellationMail(
      tx,
      stornos.map((storno) => storno.id),
      reason,
    );

    await tx
      .delete(settledSalesLines)
      .where(and(eq(settledSalesLines.month, month), eq(settledSalesLines.vendorId, vendorId)));
    // what moved stays (paid, in a downloaded run, returned; open amounts paid or offset later):
    // it counts as paid or claimed, and the reissued statement pays or claims the difference
    await tx
      .delete(payouts)
      .where(
        and(
          eq(payouts.month, month),
          eq(payouts.vendorId, vendorId),
          isNull(payouts.paidAt),
          isNull(payouts.runId),
        ),
      );
    await tx
      .delete(openItems)
      .where(
        and(
          eq(openItems.month, month),
          eq(openItems.vendorId, vendorId),
          isNull(openItems.paidAt),
          isNull(openItems.offsetInMonth),
        ),
      );
    // the open items of earlier months this month offset stay offset to it: the redraft of the
    // month deducts them again
    await tx
      .update(settlementItems)
      .set({ status: 'draft', documents: [], finalizedAt: null })
      .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
    await recordAudit(tx, actor, {
      action: 'settlement.cancel',
      entity: 'settlement',
      entityId: month,
      summary: `${ordered.map((document) => document.number).join(', ')} storniert (${stornos
        .map((storno) => storno.number)
        .join(', ')}): ${reason}; Abrechnung ${formatMonth(month)} wieder offen`,
    });
    return stornos;
  });
}
