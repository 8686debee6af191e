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

/** The selling unit of products by id ('kg', 'Glas' …; unknown ids are left out). */
export async function productUnits(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, string>();
  for (let start = 0; start < unique.length; start += 5000) {
    const rows = await db
      .select({ id: products.id, unit: products.unit })
      .from(products)
      .where(inArray(products.id, unique.slice(start, start + 5000)));
    for (const row of rows) found.set(row.id, row.unit);
  }
  return found;
}
