// The settlement's months: the month of a path, its first day and end, the settlement-wide lock
// and the lock of a month's row, the first month this system settles.
import { berlinInstant, firstOfNextMonth } from '@housnkuh/shared/format';
import { addMonths } from '@housnkuh/shared/rental-terms';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import { abrechnungAb } from '../billing/public';
import { settlementMonths } from './schema';

export type Month = typeof settlementMonths.$inferSelect;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month of the path: anything else is "not found" (like an id that cannot be ours). */
export function monthOfPath(month: string): string {
  if (!MONTH.test(month)) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  return month;
}

export const firstDay = (month: string) => `${month}-01`;
/** The first instant after the month (Berlin). */
export const monthEndInstant = (month: string) =>
  berlinInstant(firstOfNextMonth(firstDay(month)), '00:00');
/** The first instant of the month (Berlin). */
export const monthStartInstant = (month: string) => berlinInstant(firstDay(month), '00:00');
/** 'YYYY-MM' + n months */
export const plusMonths = (month: string, n: number) => addMonths(firstDay(month), n).slice(0, 7);

/** Key of the settlement-wide lock (pg_advisory_xact_lock). */
const SETTLEMENT_LOCK = 260_033;

/**
 * The settlement-wide lock, taken first in every transaction that drafts, recomputes, changes a
 * manual line, finalizes or cancels: one at a time, so no open item is offset by two months and
 * no sales line counted twice (docs/decisions/0038). Held until the transaction ends.
 */
export async function lockSettlement(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK}::int)`);
}

export async function lockMonth(tx: Executor, month: string): Promise<Month> {
  const [row] = await tx
    .select()
    .from(settlementMonths)
    .where(eq(settlementMonths.month, month))
    .for('update');
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  return row;
}

/**
 * The first month this system settles: the billing data's "Abrechnung ab", else the opening
 * month (null without an opening date). Earlier months count as settled elsewhere.
 */
export async function firstSettledMonth(
  db: Executor,
  openingDate: string | null,
): Promise<string | null> {
  const entered = await abrechnungAb(db);
  if (entered) return entered;
  return openingDate ? openingDate.slice(0, 7) : null;
}
