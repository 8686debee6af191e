// The dashboard's money to-dos (issue 26): the months waiting to be settled, and what producers
// still owe.
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { addMonths } from '@housnkuh/shared/rental-terms';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstSettledMonth } from './month';
import { needsNoSettling } from './order.service';
import { openItems, settlementItems, settlementMonths } from './schema';

const monthOf = (day: string) => day.slice(0, 7);

/**
 * The full months from the first settled month ("Abrechnung ab", else the opening month) that
 * are not settled (final) yet, the earliest first; none without an opening date. A month is over
 * once the next has begun. A month without a draft, or with a draft nobody is in, that needs no
 * settling (nobody has anything in it, or a later month is final) is not listed.
 */
export async function monthsToSettle(
  db: Database,
  openingDate: string | null,
  today = isoDayInBerlin(),
): Promise<string[]> {
  if (!openingDate) return [];
  const start = (await firstSettledMonth(db, openingDate)) ?? monthOf(openingDate);
  const lastFull = monthOf(addMonths(`${monthOf(today)}-01`, -1));
  const months: string[] = [];
  for (
    let month = start > monthOf(openingDate) ? start : monthOf(openingDate);
    month <= lastFull && months.length < 36;
    month = monthOf(addMonths(`${month}-01`, 1))
  ) {
    months.push(month);
  }
  if (months.length === 0) return [];
  const rows = await db
    .select({ month: settlementMonths.month, status: settlementMonths.status })
    .from(settlementMonths);
  const statusOf = new Map(rows.map((row) => [row.month, row.status]));
  const open: string[] = [];
  for (const month of months) {
    const status = statusOf.get(month);
    if (status === 'final') continue;
    // no row, or a draft computed while nobody had anything: settled by itself when nobody
    // has anything now either (a month with nothing to settle counts as settled)
    const empty = status === undefined || (status === 'draft' && !(await hasItems(db, month)));
    if (empty && (await needsNoSettling(db, month, openingDate))) continue;
    open.push(month);
  }
  return open;
}

async function hasItems(db: Database, month: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(settlementItems)
    .where(eq(settlementItems.month, month));
  return (row?.n ?? 0) > 0;
}

/** How many amounts producers still owe (neither paid nor offset). */
export async function countOpenItems(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(openItems)
    .where(and(isNull(openItems.paidAt), isNull(openItems.offsetInMonth)));
  return row?.n ?? 0;
}
