// The settlement's part of a producer's deletion with retention (docs/decisions/0092).
import { formatEuro } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { DELETION_MESSAGES } from '@housnkuh/shared/schemas/deletion';
import { and, asc, eq, isNull, lte, max, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteWhere } from '../../db/delete-where';
import {
  openItems,
  payouts,
  settledSalesLines,
  settlementItems,
  settlementManualLines,
} from './schema';

/**
 * Why the producer cannot be deleted yet, as far as money goes: a month up to `lastClosed` whose
 * settlement of the producer is a draft again (a statement cancelled, not yet reissued), a payout
 * not yet transferred or returned and not replaced, an amount it still owes.
 */
export async function moneyKeepingAccount(
  db: Executor,
  vendorId: string,
  lastClosed: string | null,
): Promise<string[]> {
  const reasons: string[] = [];
  if (lastClosed) {
    const reopened = await db
      .select({ month: settlementItems.month })
      .from(settlementItems)
      .where(
        and(
          eq(settlementItems.vendorId, vendorId),
          eq(settlementItems.status, 'draft'),
          lte(settlementItems.month, lastClosed),
        ),
      )
      .orderBy(asc(settlementItems.month));
    for (const row of reopened) reasons.push(DELETION_MESSAGES.monthOpen(formatMonth(row.month)));
  }
  const unpaid = await db
    .select({ month: payouts.month, returnedAt: payouts.returnedAt })
    .from(payouts)
    .where(
      and(eq(payouts.vendorId, vendorId), isNull(payouts.paidAt), sql`${payouts.amountCents} > 0`),
    )
    .orderBy(asc(payouts.month));
  for (const row of unpaid) reasons.push(DELETION_MESSAGES.payoutPending(formatMonth(row.month)));
  const returned = await db.execute<{ month: string }>(sql`
    select p.month from payouts p
    where p.vendor_id = ${vendorId} and p.returned_at is not null
      and not exists (select 1 from payouts r where r.replaces_payout_id = p.id)
    order by p.month`);
  for (const row of (returned as unknown as { rows: { month: string }[] }).rows)
    reasons.push(DELETION_MESSAGES.payoutReturned(formatMonth(row.month)));
  const owed = await db
    .select({ month: openItems.month, amountCents: openItems.amountCents })
    .from(openItems)
    .where(
      and(
        eq(openItems.vendorId, vendorId),
        isNull(openItems.paidAt),
        isNull(openItems.offsetInMonth),
      ),
    )
    .orderBy(asc(openItems.month));
  for (const row of owed)
    reasons.push(DELETION_MESSAGES.openItem(formatEuro(row.amountCents), formatMonth(row.month)));
  return reasons;
}

/** The latest month of a manual line for the producer, null without any. */
export async function lastManualLineMonth(db: Executor, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ month: max(settlementManualLines.month) })
    .from(settlementManualLines)
    .where(eq(settlementManualLines.vendorId, vendorId));
  return row?.month ?? null;
}

/**
 * After the retention: the producer's settlements, manual lines, settled-line marks, payouts and
 * open items (the payment runs stay: they hold other producers' payouts too). Only inside a
 * removal (the guards of migration 0043); before the sales lines and the documents.
 */
export async function removeSettlementOf(
  tx: Executor,
  vendorId: string,
): Promise<Record<string, number>> {
  const mine = <T extends { vendorId: AnyColumn }>(table: T) => eq(table.vendorId, vendorId);
  const settled = await deleteWhere(tx, settledSalesLines, mine(settledSalesLines));
  const manualLines = await deleteWhere(tx, settlementManualLines, mine(settlementManualLines));
  const items = await deleteWhere(tx, settlementItems, mine(settlementItems));
  const paid = await deleteWhere(tx, payouts, mine(payouts));
  const owed = await deleteWhere(tx, openItems, mine(openItems));
  return {
    settlementItems: items,
    manualLines,
    settledLines: settled,
    payouts: paid,
    openItems: owed,
  };
}
