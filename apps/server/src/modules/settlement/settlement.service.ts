// The monthly settlement (issue 26, docs/decisions/0033): drafts per producer from the pure core
// (packages/shared/src/settlement.ts), manual lines, finalizing in one transaction (documents,
// settled sales lines, payouts, open items), payouts paid and open items.
import { clock } from '@housnkuh/shared/clock';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { getBillingSettings, sepaCreditTransfer } from '../billing/public';
import { enqueueCancellationMail, insertCancellation } from '../documents/public';
import { billingPartiesOf } from '../vendors/public';
import { shopBillingBlockers, type IssuedDocument } from './documents-bridge';
import { openItems, payouts, settledSalesLines, settlementItems, settlementMonths } from './schema';
import { lockMonth, lockSettlement, monthOfPath } from './month';

/** POST /api/admin/abrechnungen/:month/payouts/paid: marks the month's payouts (all or some) paid. */
export async function markPayoutsPaid(
  db: Executor,
  actor: Actor,
  month: string,
  vendorIds: readonly string[] | undefined,
) {
  monthOfPath(month);
  const [row] = await db.select().from(settlementMonths).where(eq(settlementMonths.month, month));
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  if (row.status !== 'final') throw new ConflictError(SETTLEMENT_MESSAGES.notFinal);
  const ids = vendorIds?.filter(isUuid);
  if (ids && ids.length === 0) return 0;
  return transaction(db, async (tx) => {
    const paid = await tx
      .update(payouts)
      .set({ paidAt: clock.now(), paidBy: actor.name })
      .where(
        and(
          eq(payouts.month, month),
          isNull(payouts.paidAt),
          ids ? inArray(payouts.vendorId, ids) : undefined,
        ),
      )
      .returning({ vendorId: payouts.vendorId });
    if (paid.length > 0)
      await recordAudit(tx, actor, {
        action: 'settlement.payouts.paid',
        entity: 'settlement',
        entityId: month,
        summary: `${paid.length} Auszahlung(en) für ${formatMonth(month)} als bezahlt markiert`,
      });
    return paid.length;
  });
}

/** The payouts of a final month (the SEPA file), with the payee's bank data. */
export async function payoutsOfMonth(db: Executor, month: string) {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.month, month))
    .orderBy(asc(payouts.vendorId));
  const parties = new Map(
    (
      await billingPartiesOf(
        db,
        rows.map((row) => row.vendorId),
      )
    ).map((party) => [party.id, party]),
  );
  return rows.map((row) => ({ ...row, payee: parties.get(row.vendorId)! }));
}

/**
 * GET /api/admin/abrechnungen/:month/sepa.xml: the SEPA credit transfer (pain.001) of every
 * positive payout of a final month, from the shop's account to each producer's IBAN, the
 * account holder as payee, the statement's number as end-to-end id and in the reference; to be
 * carried out today (PRODUCT.md: paid by the 15th of the following month).
 */
export async function sepaFileOfMonth(db: Executor, month: string): Promise<string> {
  monthOfPath(month);
  const [row] = await db.select().from(settlementMonths).where(eq(settlementMonths.month, month));
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  if (row.status !== 'final') throw new ConflictError(SETTLEMENT_MESSAGES.notFinal);
  const missing = await shopBillingBlockers(db);
  if (missing.length > 0)
    throw new ConflictError(SETTLEMENT_MESSAGES.billingMissing(missing), missing);
  const list = (await payoutsOfMonth(db, month)).filter((payout) => payout.amountCents > 0);
  if (list.length === 0) throw new ConflictError(SETTLEMENT_MESSAGES.noPayouts);
  const noBank = list.filter((payout) => !payout.payee.iban || !payout.payee.kontoinhaber);
  if (noBank.length > 0)
    throw new ConflictError(
      SETTLEMENT_MESSAGES.payeeWithoutBank(
        noBank.map((payout) => payout.payee.unternehmen || payout.payee.name),
      ),
    );
  const billing = await getBillingSettings(db);
  return sepaCreditTransfer({
    messageId: `HK-${month}-${clock.nowMs()}`,
    createdAt: clock.now(),
    debtor: { name: billing.kontoinhaber ?? '', iban: billing.iban!, bic: billing.bic },
    executionDate: isoDayInBerlin(),
    payments: list.map((payout) => ({
      endToEndId: payout.statementNumber ?? `${month}-${payout.vendorId.slice(0, 8)}`,
      amountCents: payout.amountCents,
      creditorName: payout.payee.kontoinhaber!,
      creditorIban: payout.payee.iban!,
      reference: `Auszahlung ${formatMonth(month)} ${payout.statementNumber ?? ''}`.trim(),
    })),
  });
}

/**
 * POST /api/admin/documents/:id/cancel: cancels a producer's settlement of a month for a
 * correction. The invoice and the statement issued together are both cancelled (storno
 * documents with the figures negated, documents module), and the producer's month is reopened
 * as a draft: its sales lines released, its unpaid payout or its open item removed, the open
 * items it offset stay offset by the month (the corrected settlement offsets them again). A corrected settlement is then issued by finalizing the month
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
    await lockSettlement(tx);
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
    // the open items it offset stay offset by this month (set once, docs/decisions/0038-core):
    // the corrected settlement of the month offsets them again
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
