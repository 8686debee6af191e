// Products given by the initial data (the demo producers' articles) and by the bench: inserted as
// they are, with their fixed in-store EANs, so that the demo sales CSV names the same numbers on
// every install.
import { IN_STORE_EAN_SERIES, isInStoreEan } from '@housnkuh/shared/ean';
import { normalizeForSearch } from '@housnkuh/shared/search';
import type { Executor } from '../../db/client';
import { raiseNumber } from '../../lib/number-series';
import { products } from './schema';

export interface GivenProduct {
  name: string;
  priceCents: number;
  unit: string;
  vatRateBp: number;
  ean: string;
  contentThousandths?: number | null;
  contentMeasure?: string | null;
}

/**
 * Adds a producer's products with the EANs given. An in-store number (prefix 20) raises the
 * shop's counter past it, so that the next product created continues after it.
 */
export async function addGivenProducts(
  tx: Executor,
  vendorId: string,
  items: readonly GivenProduct[],
): Promise<number> {
  if (items.length === 0) return 0;
  await tx.insert(products).values(
    items.map((item) => ({
      vendorId,
      name: item.name,
      priceCents: item.priceCents,
      unit: item.unit,
      vatRateBp: item.vatRateBp,
      ean: item.ean,
      eanInStore: isInStoreEan(item.ean),
      contentThousandths: item.contentThousandths ?? null,
      contentMeasure: item.contentMeasure ?? null,
      searchText: normalizeForSearch(`${item.name} ${item.ean}`),
    })),
  );
  const highest = Math.max(
    0,
    ...items.filter((item) => isInStoreEan(item.ean)).map((item) => Number(item.ean.slice(2, 12))),
  );
  if (highest > 0) await raiseNumber(tx, IN_STORE_EAN_SERIES, 0, highest);
  return items.length;
}

/**
 * Every product's stock tracked (with one restock level for the shelf) or not, in one UPDATE: the
 * bench's inventory section switches a thousand products between its rounds. No restock notice
 * is decided here; the next till delivery decides them.
 */
export async function setStockTrackingOfAll(
  tx: Executor,
  tracking: { tracked: boolean; restockLevelThousandths: number | null },
): Promise<void> {
  await tx.update(products).set({
    stockTracked: tracking.tracked,
    restockLevelThousandths: tracking.restockLevelThousandths,
  });
}
