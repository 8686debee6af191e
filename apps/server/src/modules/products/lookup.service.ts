import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './schema';

/** The names of products by id (for reports); unknown ids are left out. */
export async function productNames(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
