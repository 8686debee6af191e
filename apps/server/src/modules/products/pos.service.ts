// What the till and the sales module need of the products (docs/decisions/0031): the product
// list with each producer as seller, the producer behind an EAN, and a search for the admin's
// assignment of a sale whose EAN was unknown.
import { normalizeForSearch } from '@housnkuh/shared/search';
import { basisPointsToPercent, taxStatusNote } from '@housnkuh/shared/vat';
import { and, asc, desc, eq, ilike, inArray, not, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containing } from '../../lib/admin-lists';
import { billingPartiesOf, isDeletedVendor, vendorAccounts } from '../vendors/public';
import { products } from './schema';

/** A product as the till sells it, with its producer as seller (§ 33 UStDV: name and address). */
export interface PosProductRow {
  ean: string;
  name: string;
  priceCents: number;
  /** Percent: 7, 19, 7.8, 0. */
  vatRate: number;
  unit: string;
  seller: { name: string; address: string };
  /** The producer's tax note for the receipt ('' for a regularly taxed producer). */
  steuerhinweis: string;
}

function sellerName(vendor: { name: string; unternehmen: string | null }): string {
  return vendor.unternehmen?.trim() || vendor.name;
}

function sellerAddress(vendor: {
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
}): string {
  const street = [vendor.strasse, vendor.hausnummer].filter(Boolean).join(' ');
  const town = [vendor.plz, vendor.ort].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ');
}

/** Every active product with its producer, by producer and name (GET /api/pos/products). */
export async function posProductList(db: Executor): Promise<PosProductRow[]> {
  const rows = await db
    .select({
      ean: products.ean,
      name: products.name,
      priceCents: products.priceCents,
      vatRateBp: products.vatRateBp,
      unit: products.unit,
      vendorId: products.vendorId,
      vendorName: vendorAccounts.name,
      unternehmen: vendorAccounts.unternehmen,
      strasse: vendorAccounts.strasse,
      hausnummer: vendorAccounts.hausnummer,
      plz: vendorAccounts.plz,
      ort: vendorAccounts.ort,
    })
    .from(products)
    .innerJoin(vendorAccounts, eq(vendorAccounts.id, products.vendorId))
    .where(eq(products.isActive, true))
    .orderBy(asc(products.ean));
  const statuses = new Map(
    (await billingPartiesOf(db, [...new Set(rows.map((row) => row.vendorId))])).map((party) => [
      party.id,
      party.taxStatus,
    ]),
  );
  return rows.map((row) => ({
    ean: row.ean,
    name: row.name,
    priceCents: row.priceCents,
    vatRate: basisPointsToPercent(row.vatRateBp),
    unit: row.unit,
    seller: {
      name: sellerName({ name: row.vendorName, unternehmen: row.unternehmen }),
      address: sellerAddress(row),
    },
    steuerhinweis: taxStatusNote(statuses.get(row.vendorId)),
  }));
}

/** A product as the sales lines name it; tracked: its sales move its stock. */
export interface ProductOwner {
  productId: string;
  vendorId: string;
  stockTracked: boolean;
}

/**
 * The product and producer of each EAN (active or not: a deactivated article's sales are still
 * its producer's); EANs nobody has are missing from the map, and so are those of a deleted
 * producer (a late sale of one waits among the unassigned lines; docs/decisions/0092).
 */
export async function productsByEans(
  db: Executor,
  eans: readonly string[],
): Promise<Map<string, ProductOwner>> {
  const found = new Map<string, ProductOwner>();
  const unique = [...new Set(eans)];
  for (let start = 0; start < unique.length; start += 5000) {
    const rows = await db
      .select({
        ean: products.ean,
        productId: products.id,
        vendorId: products.vendorId,
        stockTracked: products.stockTracked,
      })
      .from(products)
      .where(
        and(
          inArray(products.ean, unique.slice(start, start + 5000)),
          not(isDeletedVendor(products.vendorId)),
        ),
      );
    for (const row of rows)
      found.set(row.ean, {
        productId: row.productId,
        vendorId: row.vendorId,
        stockTracked: row.stockTracked,
      });
  }
  return found;
}

/** The products carrying a deposit of these EANs: deposit EAN → product ids (docs/decisions/0046). */
export async function productsByDepositEans(
  db: Executor,
  eans: readonly string[],
): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  const unique = [...new Set(eans)];
  for (let start = 0; start < unique.length; start += 5000) {
    const rows = await db
      .select({ depositEan: products.depositEan, productId: products.id })
      .from(products)
      .where(inArray(products.depositEan, unique.slice(start, start + 5000)));
    for (const row of rows) {
      const ids = found.get(row.depositEan!) ?? new Set<string>();
      ids.add(row.productId);
      found.set(row.depositEan!, ids);
    }
  }
  return found;
}

/** One product's id and producer (the admin's assignment of a sale), or undefined. */
export async function productOwner(
  db: Executor,
  productId: string,
): Promise<(ProductOwner & { name: string }) | undefined> {
  const [row] = await db
    .select({
      productId: products.id,
      vendorId: products.vendorId,
      name: products.name,
      stockTracked: products.stockTracked,
    })
    .from(products)
    .where(and(eq(products.id, productId), not(isDeletedVendor(products.vendorId))));
  return row;
}

/** The admin's product search for an assignment: name, EAN or producer, active ones first. */
export async function searchProductsForAssignment(db: Executor, text: string, limit = 20) {
  const words = normalizeForSearch(text).split(/\s+/).filter(Boolean);
  const digits = text.replace(/\s/g, '');
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      ean: products.ean,
      priceCents: products.priceCents,
      isActive: products.isActive,
      vendorName: vendorAccounts.name,
      unternehmen: vendorAccounts.unternehmen,
    })
    .from(products)
    .innerJoin(vendorAccounts, eq(vendorAccounts.id, products.vendorId))
    .where(
      words.length === 0
        ? undefined
        : and(
            ...words.map((word) =>
              or(
                ilike(products.name, containing(word)),
                ilike(products.searchText, containing(word)),
                ilike(vendorAccounts.name, containing(word)),
                ilike(vendorAccounts.unternehmen, containing(word)),
                /^\d+$/.test(digits) ? ilike(products.ean, containing(digits)) : undefined,
              ),
            ),
          ),
    )
    .orderBy(desc(products.isActive), asc(products.name), asc(products.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ean: row.ean,
    priceCents: row.priceCents,
    isActive: row.isActive,
    vendorName: sellerName({ name: row.vendorName, unternehmen: row.unternehmen }),
  }));
}

/** Every product with its producer's name: what an unknown EAN or article text is compared with. */
export async function productsForSuggestions(db: Executor) {
  return db
    .select({
      id: products.id,
      name: products.name,
      ean: products.ean,
      isActive: products.isActive,
      depositEan: products.depositEan,
      vendorName: vendorAccounts.name,
    })
    .from(products)
    .innerJoin(vendorAccounts, eq(vendorAccounts.id, products.vendorId))
    .orderBy(desc(products.isActive), asc(products.name), asc(products.id));
}
