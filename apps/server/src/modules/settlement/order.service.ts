// Months are settled in order (docs/product/money.md; docs/decisions/0038): a month can be drafted
// and
// finalized only when every earlier month, from the first settled month, in which any producer
// has something to settle is final. A month in which nobody has anything counts as final by
// itself, and so does every month before the latest final one (its late lines go forward as
// Nachträge).
import { formatMonth } from '@housnkuh/shared/months';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ConflictError } from '../../lib/domain-errors';
import { draftRows } from './drafts.service';
import { firstSettledMonth, plusMonths } from './month';
import { settlementMonths } from './schema';

/** The first earlier month still to settle before `month`; null: none. */
export async function firstMonthToSettleBefore(
  tx: Executor,
  month: string,
  openingDate: string | null,
): Promise<string | null> {
  const start = await firstSettledMonth(tx, openingDate);
  if (!start || start >= month) return null;
  const rows = await tx
    .select({ month: settlementMonths.month, status: settlementMonths.status })
    .from(settlementMonths)
    .where(lt(settlementMonths.month, month));
  const finals = rows
    .filter((row) => row.status === 'final')
    .map((row) => row.month)
    .sort();
  const latestFinal = finals.at(-1);
  let from = start;
  if (latestFinal && latestFinal >= from) from = plusMonths(latestFinal, 1);
  for (let earlier = from; earlier < month; earlier = plusMonths(earlier, 1)) {
    const { rows: drafts } = await draftRows(tx, earlier, 'draft', openingDate);
    if (drafts.length > 0) return earlier;
  }
  return null;
}

/** 409 "Bitte zuerst August 2026 abrechnen" while an earlier month is still to settle. */
export async function refuseOutOfOrder(
  tx: Executor,
  month: string,
  openingDate: string | null,
): Promise<void> {
  const earlier = await firstMonthToSettleBefore(tx, month, openingDate);
  if (earlier) throw new ConflictError(SETTLEMENT_MESSAGES.settleFirst(formatMonth(earlier)));
}

/**
 * A month without a row that needs no settling: before the latest final month, or nobody has
 * anything to settle in it (the listing says "Nichts abzurechnen").
 */
export async function needsNoSettling(
  tx: Executor,
  month: string,
  openingDate: string | null,
): Promise<boolean> {
  const start = await firstSettledMonth(tx, openingDate);
  if (!start || month < start) return false;
  const later = await tx
    .select({ month: settlementMonths.month, status: settlementMonths.status })
    .from(settlementMonths);
  if (later.some((row) => row.status === 'final' && row.month > month)) return true;
  return (await draftRows(tx, month, 'draft', openingDate)).rows.length === 0;
}
