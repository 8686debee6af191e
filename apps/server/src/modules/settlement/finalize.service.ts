// Finalizing a month: documents, settled sales lines, payouts and open items, in one transaction.
import { clock } from '@housnkuh/shared/clock';
import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import { type Settlement } from '@housnkuh/shared/settlement';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { closeMonth } from '../closing/public';
import { billingPartiesOf } from '../vendors/public';
import {
  issueDocuments,
  paymentTermDays,
  shopBillingBlockers,
  type IssuedDocument,
} from './documents-bridge';
import { openItems, payouts, settledSalesLines, settlementItems, settlementMonths } from './schema';
import { computeDrafts } from './drafts.service';
import { lockMonth, monthOfPath } from './month';

async function documentsOfMonth(db: Executor, month: string): Promise<IssuedDocument[]> {
  const items = await db
    .select({ documents: settlementItems.documents })
    .from(settlementItems)
    .where(and(eq(settlementItems.month, month), eq(settlementItems.status, 'final')))
    .orderBy(asc(settlementItems.finalizedAt), asc(settlementItems.vendorId));
  return items.flatMap((item) => item.documents as IssuedDocument[]);
}

/**
 * POST /api/admin/abrechnungen/:month/finalize: refused, naming what is missing, while the shop's
 * billing data is incomplete. In one transaction: the drafts recomputed, every producer without
 * blockers settled (documents issued, sales lines recorded, payout or open item written, the
 * open items it offsets marked), the month final and closed. Blocked producers stay drafts; a
 * later call settles them once fixed; a call with nothing left changes nothing and answers the
 * month's documents.
 */
export async function finalizeMonth(
  db: Executor,
  actor: Actor,
  month: string,
  settings: SiteSettings,
) {
  monthOfPath(month);
  const openingDate = settings.openingDate;
  return transaction(db, async (tx) => {
    const row = await lockMonth(tx, month);
    const missing = await shopBillingBlockers(tx);
    if (missing.length > 0)
      throw new ConflictError(SETTLEMENT_MESSAGES.billingMissing(missing), missing);
    await computeDrafts(tx, row, openingDate);
    const drafts = await tx
      .select()
      .from(settlementItems)
      .where(and(eq(settlementItems.month, month), eq(settlementItems.status, 'draft')))
      .orderBy(asc(settlementItems.vendorId));
    const ready = drafts.filter((item) => (item.blockers as string[]).length === 0);
    const blocked = drafts
      .filter((item) => (item.blockers as string[]).length > 0)
      .map((item) => ({ vendorId: item.vendorId, blockers: item.blockers as string[] }));

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
      const documents = await issueDocuments(
        tx,
        ready.map((item) => ({
          vendorId: item.vendorId,
          month,
          settlement: item.figures as Settlement,
          producer: parties.get(item.vendorId)!,
        })),
        issuedOn,
        settings,
      );
      const dueOn = addDays(issuedOn, await paymentTermDays(tx));
      for (const item of ready) {
        const figures = item.figures as Settlement;
        const own = documents.filter((document) => document.vendorId === item.vendorId);
        const statement = own.find((document) => document.type === 'verkaufsabrechnung');
        const lineIds = figures.sales.lines.map((line) => line.id);
        for (let i = 0; i < lineIds.length; i += 1000)
          await tx.insert(settledSalesLines).values(
            lineIds.slice(i, i + 1000).map((salesLineId) => ({
              salesLineId,
              month,
              vendorId: item.vendorId,
            })),
          );
        if (figures.openItems.length > 0)
          await tx
            .update(openItems)
            .set({ offsetInMonth: month })
            .where(
              and(
                inArray(
                  openItems.id,
                  figures.openItems.map((open) => open.id),
                ),
                isNull(openItems.paidAt),
              ),
            );
        if (figures.payoutCents > 0)
          await tx.insert(payouts).values({
            month,
            vendorId: item.vendorId,
            amountCents: figures.payoutCents,
            statementDocumentId: statement?.id ?? null,
            statementNumber: statement?.number ?? null,
          });
        else if (figures.payoutCents < 0)
          await tx.insert(openItems).values({
            vendorId: item.vendorId,
            month,
            amountCents: -figures.payoutCents,
            dueOn,
            documentNumber: statement?.number ?? null,
          });
        await tx
          .update(settlementItems)
          .set({ status: 'final', documents: own, finalizedAt: clock.now() })
          .where(
            and(eq(settlementItems.month, month), eq(settlementItems.vendorId, item.vendorId)),
          );
      }
    }
    if (row.status !== 'final' || ready.length > 0) {
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
        summary: `Abrechnung ${formatMonth(month)} abgeschlossen (${ready.length} Direktvermarkter${blocked.length ? `, ${blocked.length} blockiert` : ''})`,
      });
    }
    return { documents: await documentsOfMonth(tx, month), blocked };
  });
}
