// The settlement's months: the month of a path, its first day and end, the lock of a month's row.
import { berlinInstant, firstOfNextMonth } from '@housnkuh/shared/format';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
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

export async function lockMonth(tx: Executor, month: string): Promise<Month> {
  const [row] = await tx
    .select()
    .from(settlementMonths)
    .where(eq(settlementMonths.month, month))
    .for('update');
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  return row;
}
