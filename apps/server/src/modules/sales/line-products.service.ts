// The product of sales lines by the one rule of effective-vendor.ts (the EAN's at the import, else
// the admin's assignment): the documents take a weighed line's unit from it when they are issued.
import { isUuid } from '@housnkuh/shared/schemas/params';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assignmentOfLine, effectiveProductId } from './effective-vendor';
import { salesLineAssignments, salesLines } from './schema';

/** The effective product of each line (lines without one are left out). */
export async function productIdsOfSalesLines(
  db: Executor,
  lineIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(lineIds)].filter(isUuid);
  const found = new Map<string, string>();
  // in chunks: a month's statements may hold many thousand lines (bind parameters are limited)
  for (let start = 0; start < ids.length; start += 5000) {
    const rows = await db
      .select({ id: salesLines.id, productId: effectiveProductId })
      .from(salesLines)
      .leftJoin(salesLineAssignments, assignmentOfLine)
      .where(inArray(salesLines.id, ids.slice(start, start + 5000)));
    for (const row of rows) if (row.productId !== null) found.set(row.id, row.productId);
  }
  return found;
}
