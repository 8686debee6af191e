// The producer's open restock notices for its dashboard (GET /api/vendor-auth/products/low-stock).
import { fromThousandths, type StockPlace } from '@housnkuh/shared/inventory';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { restockLine, stockText } from './restock.service';
import { products, restockNotices } from './schema';
import { stockLevels } from './stock.service';

/** A producer's open notice, for its dashboard (GET /api/vendor-auth/products/low-stock). */
export interface LowStockNotice {
  productId: string;
  productName: string;
  unit: string;
  place: StockPlace;
  /** The stock now, in the product's unit. */
  stock: number;
  level: number;
  /** When it fell to the level. */
  since: string;
  stockText: string;
  text: string;
}

/** The producer's open notices with the stock now, oldest first. Only its own. */
export async function lowStockOf(db: Executor, vendorId: string): Promise<LowStockNotice[]> {
  const rows = await db
    .select({ notice: restockNotices, name: products.name, unit: products.unit })
    .from(restockNotices)
    .innerJoin(products, eq(products.id, restockNotices.productId))
    .where(and(eq(restockNotices.vendorId, vendorId), isNull(restockNotices.resolvedAt)))
    .orderBy(asc(restockNotices.createdAt), asc(products.name), asc(restockNotices.place));
  if (rows.length === 0) return [];
  const levels = await stockLevels(
    db,
    rows.map((r) => r.notice.productId),
  );
  return rows.map((r) => {
    const place = r.notice.place as StockPlace;
    const stock = levels.get(r.notice.productId)?.[place] ?? 0;
    return {
      productId: r.notice.productId,
      productName: r.name,
      unit: r.unit,
      place,
      stock: fromThousandths(stock),
      level: fromThousandths(r.notice.levelThousandths),
      since: r.notice.createdAt.toISOString(),
      stockText: stockText(r.unit, place, stock),
      text: restockLine(r.name, r.unit, place, stock),
    };
  });
}
