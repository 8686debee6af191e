import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { numberSeries } from '../db/schema/number-series';

/**
 * The next number of a series in a year, without gaps: the counter row is
 * updated in the caller's transaction (and locked until it ends), so a
 * rolled-back change gives its number back and two callers never get the same.
 */
export async function nextNumber(tx: Executor, series: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(numberSeries)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [numberSeries.series, numberSeries.year],
      set: { last: sql`${numberSeries.last} + 1` },
    })
    .returning({ last: numberSeries.last });
  return row!.last;
}

/**
 * `count` consecutive numbers of a series in a year at once (nextNumber's rules, one statement):
 * answers the first of them; none when `count` is 0.
 */
export async function nextNumbers(
  tx: Executor,
  series: string,
  year: number,
  count: number,
): Promise<number> {
  if (count === 0) return 0;
  const [row] = await tx
    .insert(numberSeries)
    .values({ series, year, last: count })
    .onConflictDoUpdate({
      target: [numberSeries.series, numberSeries.year],
      set: { last: sql`${numberSeries.last} + ${count}` },
    })
    .returning({ last: numberSeries.last });
  return row!.last - count + 1;
}

/** The contract number `n` of a year: V-2026-0001. */
export const contractNumber = (year: number, n: number) =>
  `V-${year}-${String(n).padStart(4, '0')}`;

/** V-2026-0001 */
export async function nextContractNumber(tx: Executor, year: number): Promise<string> {
  return contractNumber(year, await nextNumber(tx, 'contract', year));
}

/**
 * Raises a series' counter to at least `atLeast` (numbers given out elsewhere, e.g. the
 * initial data's), so that nextNumber continues after it; never lowers it.
 */
export async function raiseNumber(
  tx: Executor,
  series: string,
  year: number,
  atLeast: number,
): Promise<void> {
  await tx
    .insert(numberSeries)
    .values({ series, year, last: atLeast })
    .onConflictDoUpdate({
      target: [numberSeries.series, numberSeries.year],
      set: { last: sql`greatest(${numberSeries.last}, ${atLeast})` },
    });
}
