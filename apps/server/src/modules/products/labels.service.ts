// The labels' data (issue 25 "Labels", docs/decisions/0030): the caller's own products, read
// from the products module's table, with the producer's name as the label prints it.
import { formatEuro } from '@housnkuh/shared/format';
import { LABEL_MESSAGES, type LabelsQuery } from '@housnkuh/shared/schemas/labels';
import { basePrice, type ContentMeasure, CONTENT_MEASURES } from '@housnkuh/shared/products';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { InvalidError, NotFoundError } from '../../lib/domain-errors';
import { vendorNamesOf } from '../vendors/public';
import type { LabelItem } from './labels';
import { products } from './schema';

/** The base price line of a product ('18,00 € / 1 kg'), or undefined when it needs none. */
export function basePriceLine(product: {
  priceCents: number;
  unit: string;
  contentThousandths: number | null;
  contentMeasure: string | null;
}): string | undefined {
  // sold per 100 g: the base price is the price of 1 kg
  if (product.unit === '100 g') return `${formatEuro(product.priceCents * 10)} / 1 kg`;
  // sold per kg or l: the price is the base price
  if (product.unit === 'kg' || product.unit === 'l') return undefined;
  const measure = product.contentMeasure as ContentMeasure | null;
  if (!product.contentThousandths || !measure || !CONTENT_MEASURES.includes(measure)) {
    return undefined;
  }
  const base = basePrice(product.priceCents, product.contentThousandths, measure);
  return `${formatEuro(base.cents)} / ${base.per}`;
}

/**
 * The labels of the caller's choice, in its order, each product `count` times over. Another
 * producer's product or an unknown id: 404; a deactivated product: 400.
 */
export async function labelItems(
  db: Executor,
  vendorId: string,
  items: LabelsQuery['items'],
): Promise<{ item: LabelItem; count: number }[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      unit: products.unit,
      contentThousandths: products.contentThousandths,
      contentMeasure: products.contentMeasure,
      ean: products.ean,
      isActive: products.isActive,
    })
    .from(products)
    .where(
      and(
        eq(products.vendorId, vendorId),
        inArray(
          products.id,
          items.map((item) => item.id),
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const [vendor] = await vendorNamesOf(db, [vendorId]);
  const vendorName = vendor?.unternehmen?.trim() || vendor?.name || '';
  return items.map(({ id, count }) => {
    const row = byId.get(id);
    if (!row) throw new NotFoundError(LABEL_MESSAGES.notFound);
    if (!row.isActive) throw new InvalidError(LABEL_MESSAGES.inactive(row.name));
    const base = basePriceLine(row);
    return {
      item: {
        name: row.name,
        priceCents: row.priceCents,
        unit: row.unit,
        ...(base ? { basePrice: base } : {}),
        vendorName,
        ean: row.ean,
      },
      count,
    };
  });
}
