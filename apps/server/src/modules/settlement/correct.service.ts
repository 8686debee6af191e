// Corrections (issue 30, docs/decisions/0038-runs): cancelling a producer's settlement of a
// month so that it can be issued again.
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { enqueueCancellationMail, insertCancellation } from '../documents/public';
import type { IssuedDocument } from './documents-bridge';
import { openItems, payouts, settledSalesLines, settlementItems, settlementMonths } from './schema';

/** The month's row, locked for the caller's transaction. */
async function lockMonth(tx: Executor, month: string) {
  const [row] = await tx
    .select()
    .from(settlementMonths)
    .where(eq(settlementMonths.month, month))
    .for('update');
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  return row;
}

/**
 * POST /api/admin/documents/:id/cancel: cancels a producer's settlement of a month for a
 * correction. The invoice and the statement issued together are both cancelled (storno
 * documents with the figures negated, documents module), and the producer's month is reopened
 * as a draft: its sales lines released, its unpaid payout or its open item removed, the open
 * items it offset open again. A corrected settlement is then issued by finalizing the month
 * again. Refused once the payout was transferred, or its open item paid or offset by a later
 * month (docs/decisions/0033).
 */
export async function cancelSettlementDocument(
  db: Executor,
  actor: Actor,
  documentId: string,
  reason: string,
) {
  if (!isUuid(documentId)) throw new NotFoundError(SETTLEMENT_MESSAGES.documentNotFound);
  return transaction(db, async (tx) => {
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
      return storno;
    }
    await lockMonth(tx, item.month);
    const { month, vendorId } = item;
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.month, month), eq(payouts.vendorId, vendorId)));
    if (payout?.paidAt) throw new ConflictError(SETTLEMENT_MESSAGES.cancelPaid);
    const [owed] = await tx
      .select()
      .from(openItems)
      .where(and(eq(openItems.month, month), eq(openItems.vendorId, vendorId)));
    if (owed?.paidAt || owed?.offsetInMonth)
      throw new ConflictError(SETTLEMENT_MESSAGES.cancelOpenItemSettled);

    const issuedOn = isoDayInBerlin();
    const issued = item.documents as IssuedDocument[];
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
    if (payout)
      await tx.delete(payouts).where(and(eq(payouts.month, month), eq(payouts.vendorId, vendorId)));
    if (owed) await tx.delete(openItems).where(eq(openItems.id, owed.id));
    await tx
      .update(openItems)
      .set({ offsetInMonth: null })
      .where(and(eq(openItems.vendorId, vendorId), eq(openItems.offsetInMonth, month)));
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
    return stornos[0]!;
  });
}
