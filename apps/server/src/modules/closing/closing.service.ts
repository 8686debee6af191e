import { formatMonth } from '@housnkuh/shared/months';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ConflictError } from '../../lib/domain-errors';
import { closedMonths } from './schema';

/** Records a month as finalized (in the settlement's transaction); again is a no-op. */
export async function closeMonth(tx: Executor, month: string): Promise<void> {
  await tx.insert(closedMonths).values({ month }).onConflictDoNothing();
}

/** The latest finalized month ('YYYY-MM'), or null. */
export async function lastClosedMonth(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ month: closedMonths.month })
    .from(closedMonths)
    .orderBy(desc(closedMonths.month))
    .limit(1);
  return row?.month ?? null;
}

/**
 * The guard of settled months: a change of a contract's terms from `day` (a start, a new version,
 * an end) reaching into a finalized month is refused with a German message. Months are finalized
 * in order of time in practice; the guard takes the latest one, so a day in or before it is refused.
 */
export async function refuseInClosedMonth(db: Executor, day: string): Promise<void> {
  const last = await lastClosedMonth(db);
  if (last && day.slice(0, 7) <= last) {
    throw new ConflictError(SETTLEMENT_MESSAGES.settledMonth(formatMonth(last)));
  }
}
