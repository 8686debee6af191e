import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** Deletes a table's rows matching `where` (the caller's own table, docs/decisions/0013): how many. */
export async function deleteWhere(
  tx: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  const deleted = await tx
    .delete(table)
    .where(where)
    .returning({ one: sql<number>`1` });
  return deleted.length;
}
