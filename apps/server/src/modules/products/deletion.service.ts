// The products' part of a producer's deletion with retention (docs/decisions/0092).
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteWhere } from '../../db/delete-where';
import { products, restockNotices } from './schema';

/**
 * At the deletion: the products no sales line names go (with their stock, counts and notices);
 * those the statements list stay, switched off (off the till's list), untracked and without
 * restock levels (no notice to a gone address). Restock notices all go.
 */
export async function removeUnsoldProducts(
  tx: Executor,
  vendorId: string,
  sold: readonly string[],
): Promise<{ removed: number; kept: number }> {
  await tx.delete(restockNotices).where(eq(restockNotices.vendorId, vendorId));
  const mine = eq(products.vendorId, vendorId);
  const removed = await deleteWhere(
    tx,
    products,
    sold.length === 0 ? mine : and(mine, notInArray(products.id, [...sold])),
  );
  const kept =
    sold.length === 0
      ? []
      : await tx
          .update(products)
          .set({
            isActive: false,
            stockTracked: false,
            restockLevelThousandths: null,
            storeRoomRestockLevelThousandths: null,
          })
          .where(and(mine, inArray(products.id, [...sold])))
          .returning({ id: products.id });
  return { removed, kept: kept.length };
}

/** After the retention: the products that stayed (their sales lines are gone by then). */
export async function removeProductsOf(tx: Executor, vendorId: string): Promise<number> {
  return deleteWhere(tx, products, eq(products.vendorId, vendorId));
}
