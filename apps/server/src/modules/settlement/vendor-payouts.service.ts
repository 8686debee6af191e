// The producer's money per settled month (issue 31, docs/decisions/0045): for each month
// in which the producer has a final settlement (or is held back in a final month only by its
// missing IBAN), the statement's sales, deductions and payout, and where the payout stands.
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { payoutDueDay, type VendorPayoutMonth } from '@housnkuh/shared/schemas/vendor-payouts';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { openItems, paymentRuns, payouts, settlementItems, settlementMonths } from './schema';

/** GET /api/vendor-auth/payouts: the signed-in producer's months, newest first. */
export async function vendorPayoutMonths(
  db: Executor,
  vendorId: string,
): Promise<VendorPayoutMonth[]> {
  const items = await db
    .select({
      month: settlementItems.month,
      status: settlementItems.status,
      figures: settlementItems.figures,
      blockers: settlementItems.blockers,
      documents: settlementItems.documents,
    })
    .from(settlementItems)
    .innerJoin(settlementMonths, eq(settlementMonths.month, settlementItems.month))
    .where(and(eq(settlementItems.vendorId, vendorId), eq(settlementMonths.status, 'final')))
    .orderBy(desc(settlementItems.month));
  if (items.length === 0) return [];

  const paid = await db
    .select({
      month: payouts.month,
      amountCents: payouts.amountCents,
      paidAt: payouts.paidAt,
      returnedAt: payouts.returnedAt,
      transferredOn: paymentRuns.transferredOn,
      discardedAt: paymentRuns.discardedAt,
    })
    .from(payouts)
    .leftJoin(paymentRuns, eq(paymentRuns.id, payouts.runId))
    .where(eq(payouts.vendorId, vendorId));
  const owed = await db.select().from(openItems).where(eq(openItems.vendorId, vendorId));

  const result: VendorPayoutMonth[] = [];
  for (const item of items) {
    const figures = item.figures;
    const base = {
      month: item.month,
      statementNumber:
        item.documents
          .filter((doc) => doc.type === 'verkaufsabrechnung')
          .map((doc) => doc.number)
          .at(-1) ?? null,
      salesGrossCents: figures.sales.grossCents,
      deductionsCents: figures.sales.grossCents - figures.payoutCents,
      payoutCents: figures.payoutCents,
      offsetInMonth: null,
    };
    if (item.status !== 'final') {
      const blockers = item.blockers;
      // held back only by the bank data: say so (other blockers are the owner's to clear)
      if (blockers.length > 0 && blockers.every((text) => text === SETTLEMENT_MESSAGES.noBank))
        result.push({ ...base, state: 'missingIban', day: null });
      continue;
    }
    // what is open for the month: after a correction that lowered a payout already transferred
    // (or paid less than was counted) the producer owes the difference, whatever the sign of the
    // statement's payout (docs/decisions/0039)
    const openForMonth = owed.filter(
      (row) => row.month === item.month && !row.paidAt && !row.offsetInMonth,
    );
    if (openForMonth.length > 0) {
      result.push({
        ...base,
        state: 'owed',
        day: openForMonth.map((row) => row.dueOn).sort()[0] ?? null,
        owedCents: openForMonth.reduce((sum, row) => sum + Number(row.amountCents), 0),
      });
      continue;
    }
    if (figures.payoutCents > 0) {
      const live = paid.filter((row) => row.month === item.month && !row.returnedAt);
      const open = live.some((row) => !row.paidAt);
      if (live.length > 0 && !open) {
        const days = live.map((row) =>
          row.transferredOn && !row.discardedAt ? row.transferredOn : isoDayInBerlin(row.paidAt!),
        );
        result.push({ ...base, state: 'transferred', day: days.sort().at(-1) ?? null });
      } else {
        result.push({ ...base, state: 'pending', day: payoutDueDay(item.month) });
      }
    } else if (figures.payoutCents < 0) {
      const entries = owed.filter((row) => row.month === item.month);
      const offset = entries.find((row) => row.offsetInMonth);
      if (offset && !entries.some((row) => row.paidAt))
        result.push({
          ...base,
          state: 'owedOffset',
          day: null,
          offsetInMonth: offset.offsetInMonth,
        });
      else if (entries.length > 0) result.push({ ...base, state: 'owedPaid', day: null });
      else result.push({ ...base, state: 'owed', day: null });
    } else {
      result.push({ ...base, state: 'nothing', day: null });
    }
  }
  return result;
}
