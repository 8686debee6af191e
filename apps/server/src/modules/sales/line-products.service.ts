// The product of sales lines by the one rule of effective-vendor.ts (the EAN's at the import, else
// the admin's assignment): the documents take a weighed line's unit from it when they are issued.
import { isUuid } from '@housnkuh/shared/schemas/params';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The effective product of each line (lines without one are left out): one statement with the
 * ids as one array parameter, however many (a month's statements hold many thousand lines).
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
    join sales_lines l on l.id = wanted.id
    left join sales_line_assignments a on a.sales_line_id = l.id
    where coalesce(l.product_id, a.product_id) is not null`);
  const rows = (result as unknown as { rows: { id: string; product_id: string }[] }).rows;
  for (const row of rows) found.set(row.id, row.product_id);
  return found;
}
