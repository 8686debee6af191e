// The sales' part of a producer's deletion with retention (docs/decisions/0092). A line is the
// producer's when it names it or the shop assigned it to it (effective-vendor.ts).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Lines removed per statement after the retention. */
const REMOVAL_BATCH = 10_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The producer's lines, by their own vendor or the shop's assignment. */
const linesOf = (vendorId: string) => sql`(
  select id from sales_lines where vendor_id = ${vendorId}
  union
  select sales_line_id from sales_line_assignments where vendor_id = ${vendorId})`;

/** How many of the producer's sales lines no final settlement holds yet. */
export async function unsettledLinesOf(db: Executor, vendorId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from unsettled_sales_lines u
    where u.sales_line_id in ${linesOf(vendorId)}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** The month ('YYYY-MM', Berlin) of the producer's latest sale, null without any. */
export async function lastSalesMonth(db: Executor, vendorId: string): Promise<string | null> {
  const result = await db.execute<{ month: string | null }>(sql`
    select to_char(max(sold_at) at time zone 'Europe/Berlin', 'YYYY-MM') as month
    from sales_lines where id in ${linesOf(vendorId)}`);
  return rowsOf<{ month: string | null }>(result)[0]?.month ?? null;
}

/** The products the producer's sales lines name (the statements list them: they stay). */
export async function productIdsSoldBy(db: Executor, vendorId: string): Promise<string[]> {
  const result = await db.execute<{ product_id: string }>(sql`
    select distinct coalesce(l.product_id, a.product_id) as product_id
    from sales_lines l left join sales_line_assignments a on a.sales_line_id = l.id
    where l.id in ${linesOf(vendorId)} and coalesce(l.product_id, a.product_id) is not null`);
  return rowsOf<{ product_id: string }>(result).map((row) => row.product_id);
}

/**
 * After the retention: the producer's sales lines with their assignments and tax clarifications.
 * Only inside a removal (the guards of migration 0043); the settlement's marks go first.
 */
export async function removeSalesLinesOf(tx: Executor, vendorId: string): Promise<number> {
  const ids = rowsOf<{ id: string }>(
    await tx.execute<{ id: string }>(sql`select id from ${linesOf(vendorId)} as mine(id)`),
  ).map((row) => row.id);
  let removed = 0;
  // in parts: each statement well inside the statement timeout, however many lines ten years hold
  for (let start = 0; start < ids.length; start += REMOVAL_BATCH) {
    const list = sql`(select unnest(${sql.param(ids.slice(start, start + REMOVAL_BATCH))}::uuid[]))`;
    await tx.execute(sql`delete from sales_line_vat_clarifications where sales_line_id in ${list}`);
    // an assigned line's guard reads its assignment, which goes with the line (on delete cascade)
    const deleted = await tx.execute<{ id: string }>(
      sql`delete from sales_lines where id in ${list} returning id`,
    );
    removed += rowsOf<{ id: string }>(deleted).length;
  }
  return removed;
}
