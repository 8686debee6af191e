// The product of sales lines by the one rule of effective-vendor.ts (the EAN's at the import, else
// the admin's assignment): the documents take a weighed line's unit from it when they are issued.
import { isUuid } from '@housnkuh/shared/schemas/params';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The effective product of each line (lines without one are left out): one statement with the
 * ids as one array parameter, however many (a month's statements hold many thousand lines).
 * Each id is looked up by the primary key (the lateral subquery, kept apart by `offset 0`): as a
 * plain join of 10,000 ids the planner hashed the whole table, 1.2 million lines after ten years
 * (600 ms instead of 25 ms on PostgreSQL; docs/decisions/0087).
 */
export async function productIdsOfSalesLines(
  db: Executor,
  lineIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(lineIds)].filter(isUuid);
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const result = await db.execute<{ id: string; product_id: string | null }>(sql`
    select l.id, coalesce(l.product_id, a.product_id) as product_id
    from unnest(${sql.param(ids)}::uuid[]) as wanted(id)
    cross join lateral (
      select id, product_id from sales_lines where id = wanted.id offset 0
    ) l
    left join sales_line_assignments a on a.sales_line_id = l.id
    where coalesce(l.product_id, a.product_id) is not null`);
  const rows = (result as unknown as { rows: { id: string; product_id: string }[] }).rows;
  for (const row of rows) found.set(row.id, row.product_id);
  return found;
}
