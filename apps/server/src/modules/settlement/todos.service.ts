// The dashboard's money to-dos (issue 26): the months waiting to be settled, and what producers
// still owe.
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { addMonths } from '@housnkuh/shared/rental-terms';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { openItems, settlementMonths } from './schema';

const monthOf = (day: string) => day.slice(0, 7);

/**
 * The full months since the opening that are not settled (final) yet, the earliest first; none
 * without an opening date. A month is over once the next has begun.
 */
export async function monthsToSettle(
  db: Database,
  openingDate: string | null,
  today = isoDayInBerlin(),
): Promise<string[]> {
  if (!openingDate) return [];
  const lastFull = monthOf(addMonths(`${monthOf(today)}-01`, -1));
  const months: string[] = [];
  for (
    let month = monthOf(openingDate);
    month <= lastFull && months.length < 36;
    month = monthOf(addMonths(`${month}-01`, 1))
  ) {
    months.push(month);
  }
  if (months.length === 0) return [];
  const final = new Set(
    (
      await db
        .select({ month: settlementMonths.month })
        .from(settlementMonths)
        .where(eq(settlementMonths.status, 'final'))
    ).map((row) => row.month),
  );
  return months.filter((month) => !final.has(month));
}

/** How many amounts producers still owe (neither paid nor offset). */
export async function countOpenItems(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(openItems)
    .where(and(isNull(openItems.paidAt), isNull(openItems.offsetInMonth)));
  return row?.n ?? 0;
}
