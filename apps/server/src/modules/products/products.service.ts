// The producers' articles (docs/product/money.md, docs/decisions/0029): only this module writes the
// products table. A product is never deleted: it is deactivated and keeps its EAN for good.
import { clock } from '@housnkuh/shared/clock';
import { compactEan, inStoreEan, IN_STORE_EAN_SERIES } from '@housnkuh/shared/ean';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { basePrice, contentInThousandths, type ContentMeasure } from '@housnkuh/shared/products';
import { toThousandths, type StockPlace } from '@housnkuh/shared/inventory';
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  PRODUCT_MESSAGES,
  type AdminProduct,
  type AdminProductQuery,
  type Product,
  type ProductCreateInput,
  type ProductQuery,
  type ProductUpdateInput,
  type VatChoice,
} from '@housnkuh/shared/schemas/products';
import { TAX_STATUSES, type TaxStatus } from '@housnkuh/shared/schemas/vendor-profile';
import { normalizeForSearch } from '@housnkuh/shared/search';
import {
  basisPointsToPercent,
  formatVatRate,
  percentToBasisPoints,
  vatRateLabel,
  vatRatesFor,
  vatRatesInForce,
} from '@housnkuh/shared/vat';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { transaction } from '../../db/transaction';
import { containing, pageOf } from '../../lib/admin-lists';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { nextNumber } from '../../lib/number-series';
import { recordAudit, type Actor } from '../audit/public';
import { findVendor, vendorAccounts, vendorNamesOf } from '../vendors/public';
import { updateRestockNotices } from './restock.service';
import { products } from './schema';
import { stockFields, stockLevels, type StockLevels } from './stock.service';

export type ProductRow = typeof products.$inferSelect;

/** The product as the API shows it: percent, content as amount and measure, the base price. */
export function productView(row: ProductRow, levels?: StockLevels): Product {
  const measure = row.contentMeasure as ContentMeasure | null;
  const content = row.contentThousandths;
  return {
    id: row.id,
    name: row.name,
    beschreibung: row.beschreibung,
    priceCents: row.priceCents,
    unit: row.unit,
    vatRate: basisPointsToPercent(row.vatRateBp),
    ean: row.ean,
    eanInStore: row.eanInStore,
    isActive: row.isActive,
    inhalt: content !== null && measure ? content / 1000 : null,
    inhaltEinheit: content !== null && measure ? measure : null,
    basePrice: content !== null && measure ? basePrice(row.priceCents, content, measure) : null,
    deposit:
      row.depositEan !== null && row.depositCents !== null
        ? { ean: row.depositEan, cents: row.depositCents }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...stockFields(row, levels),
  };
}

/** The products as the API shows them, with their stock (one query for all). */
export async function productViews(db: Executor, rows: readonly ProductRow[]): Promise<Product[]> {
  const levels = await stockLevels(
    db,
    rows.filter((row) => row.stockTracked).map((row) => row.id),
  );
  return rows.map((row) => productView(row, levels.get(row.id)));
}

function taxStatusOf(value: string | null | undefined): TaxStatus | null {
  return (TAX_STATUSES as readonly string[]).includes(value ?? '') ? (value as TaxStatus) : null;
}

const choices = (rates: number[], today: string): VatChoice[] =>
  rates.map((bp) => ({ vatRate: basisPointsToPercent(bp), label: vatRateLabel(bp, today) }));

/** The rates a producer may choose today (empty without a tax status). */
export async function vatChoicesOf(db: Executor, vendorId: string) {
  const vendor = await findVendor(db, vendorId);
  const taxStatus = taxStatusOf(vendor?.taxStatus);
  const today = isoDayInBerlin();
  return { taxStatus, vatRates: taxStatus ? choices(vatRatesFor(taxStatus, today), today) : [] };
}

/** Every rate in force today (the admin's correction). */
export function vatChoicesInForce(): VatChoice[] {
  const today = isoDayInBerlin();
  return choices(vatRatesInForce(today), today);
}

function vatField(message: string) {
  return new InvalidError(message, [{ field: 'vatRate', message }]);
}

/** The basis points of a rate a producer may choose; a German 400 otherwise. */
async function producersRate(db: Executor, vendorId: string, percent: number): Promise<number> {
  const vendor = await findVendor(db, vendorId);
  const taxStatus = taxStatusOf(vendor?.taxStatus);
  if (!taxStatus) {
    throw new InvalidError(PRODUCT_MESSAGES.taxStatusMissing, [
      { field: 'taxStatus', message: PRODUCT_MESSAGES.taxStatusMissing },
    ]);
  }
  const allowed = vatRatesFor(taxStatus, isoDayInBerlin());
  const bp = percentToBasisPoints(percent);
  if (bp === null || !allowed.includes(bp)) {
    throw vatField(PRODUCT_MESSAGES.vatRateNotYours(allowed.map(formatVatRate).join(', ')));
  }
  return bp;
}

function contentColumns(inhalt: number | null | undefined, measure: string | null | undefined) {
  if (inhalt == null || measure == null) return { contentThousandths: null, contentMeasure: null };
  return { contentThousandths: contentInThousandths(inhalt), contentMeasure: measure };
}

const searchTextOf = (name: string, ean: string) => normalizeForSearch(`${name} ${ean}`);

function eanTaken(): ConflictError {
  return new ConflictError(PRODUCT_MESSAGES.eanTaken, [
    { field: 'ean', message: PRODUCT_MESSAGES.eanTaken },
  ]);
}

/**
 * A new product of the producer: the rate must fit its tax status; its own GTIN must be free,
 * else the next in-store number is assigned in the insert's transaction (a rolled-back insert
 * gives the number back, so none is skipped or used twice).
 */
export async function createProduct(
  db: Database,
  vendorId: string,
  input: ProductCreateInput,
): Promise<Product> {
  const vatRateBp = await producersRate(db, vendorId, input.vatRate);
  try {
    const row = await transaction(db, async (tx) => {
      const own = input.ean ? compactEan(input.ean) : null;
      if (own) {
        const [taken] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.ean, own));
        if (taken) throw eanTaken();
      }
      const ean = own ?? inStoreEan(await nextNumber(tx, IN_STORE_EAN_SERIES, 0));
      const [inserted] = await tx
        .insert(products)
        .values({
          vendorId,
          name: input.name,
          beschreibung: input.beschreibung ?? null,
          priceCents: input.priceCents,
          unit: input.unit,
          vatRateBp,
          ...contentColumns(input.inhalt, input.inhaltEinheit),
          depositEan: input.deposit?.ean ?? null,
          depositCents: input.deposit?.cents ?? null,
          ean,
          eanInStore: own === null,
          searchText: searchTextOf(input.name, ean),
        })
        .returning();
      return inserted!;
    });
    return productView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw eanTaken();
    throw error;
  }
}

/** The producer's product, or "not found" (also for another producer's id). */
async function ownRow(db: Executor, vendorId: string, id: string): Promise<ProductRow> {
  const row = await productOfVendor(db, vendorId, id);
  if (!row) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  return row;
}

export async function productOfVendor(
  db: Executor,
  vendorId: string,
  id: string,
): Promise<ProductRow | undefined> {
  if (!isUuid(id) || !isUuid(vendorId)) return undefined;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.vendorId, vendorId)));
  return row;
}

export async function ownProduct(db: Executor, vendorId: string, id: string): Promise<Product> {
  return (await productViews(db, [await ownRow(db, vendorId, id)]))[0]!;
}

/** The places whose restock notice a changed column may open or resolve. */
const RESTOCK_COLUMNS: Record<string, readonly StockPlace[]> = {
  stockTracked: ['shelf', 'storeroom'],
  restockLevelThousandths: ['shelf'],
  storeRoomRestockLevelThousandths: ['storeroom'],
};
const restockPlaces = (changed: readonly string[]): StockPlace[] => [
  ...new Set(changed.flatMap((key) => RESTOCK_COLUMNS[key] ?? [])),
];

/** The columns a change sets: only the fields sent; the content both or neither. */
function changedColumns(before: ProductRow, input: ProductUpdateInput, vatRateBp?: number) {
  const set: Partial<typeof products.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.beschreibung !== undefined) set.beschreibung = input.beschreibung || null;
  if (input.priceCents !== undefined) set.priceCents = input.priceCents;
  if (input.unit !== undefined) set.unit = input.unit;
  if (vatRateBp !== undefined) set.vatRateBp = vatRateBp;
  if (input.inhalt !== undefined)
    Object.assign(set, contentColumns(input.inhalt, input.inhaltEinheit));
  if (input.isActive !== undefined) set.isActive = input.isActive;
  if (input.deposit !== undefined) {
    set.depositEan = input.deposit?.ean ?? null;
    set.depositCents = input.deposit?.cents ?? null;
  }
  if (input.stockTracked !== undefined) set.stockTracked = input.stockTracked;
  if (input.restockLevel !== undefined)
    set.restockLevelThousandths =
      input.restockLevel === null ? null : toThousandths(input.restockLevel);
  if (input.storeRoomRestockLevel !== undefined)
    set.storeRoomRestockLevelThousandths =
      input.storeRoomRestockLevel === null ? null : toThousandths(input.storeRoomRestockLevel);
  const changed = (Object.keys(set) as (keyof typeof set)[]).filter(
    (key) => set[key] !== before[key as keyof ProductRow],
  );
  if (set.name !== undefined) set.searchText = searchTextOf(set.name, before.ean);
  return { set, changed };
}

/** 'deaktiviert' / 'wieder aktiv' when only the active flag changed, else 'gespeichert'. */
function updateMessage(input: ProductUpdateInput, changed: string[]): string {
  if (changed.length === 1 && changed[0] === 'isActive') {
    return input.isActive ? PRODUCT_MESSAGES.activated : PRODUCT_MESSAGES.deactivated;
  }
  return PRODUCT_MESSAGES.saved;
}

/** The producer changes its product; a rate must fit its tax status unless it stays as it was. */
export async function updateOwnProduct(
  db: Database,
  vendorId: string,
  id: string,
  input: ProductUpdateInput,
): Promise<{ product: Product; message: string }> {
  const before = await ownRow(db, vendorId, id);
  let vatRateBp: number | undefined;
  if (input.vatRate !== undefined) {
    const bp = percentToBasisPoints(input.vatRate);
    vatRateBp = bp === before.vatRateBp ? bp : await producersRate(db, vendorId, input.vatRate);
  }
  const { set, changed } = changedColumns(before, input, vatRateBp);
  if (changed.length === 0)
    return { product: (await productViews(db, [before]))[0]!, message: PRODUCT_MESSAGES.saved };
  const [row] = await db
    .update(products)
    .set({ ...set, updatedAt: clock.now() })
    .where(and(eq(products.id, id), eq(products.vendorId, vendorId)))
    .returning();
  // a changed level (or tracking) may open or resolve a restock notice
  if (restockPlaces(changed).length > 0)
    await updateRestockNotices(db, [id], restockPlaces(changed));
  return { product: (await productViews(db, [row!]))[0]!, message: updateMessage(input, changed) };
}

// ---------------------------------------------------------------------------
// Lists

function searchConditions(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const digits = compactEan(search);
  const conditions = [ilike(products.searchText, containing(normalizeForSearch(search)))];
  if (/^\d+$/.test(digits)) conditions.push(ilike(products.ean, containing(digits)));
  return or(...conditions);
}

function orderOf(sort: ProductQuery['sort']) {
  if (sort === 'newest') return [desc(products.createdAt), desc(products.id)];
  if (sort === 'price')
    return [asc(products.priceCents), asc(products.searchText), asc(products.id)];
  return [asc(products.searchText), asc(products.id)];
}

/** The producer's products, a page at a time: search in name and EAN, sort, active or not. */
export async function listOwnProducts(db: Database, vendorId: string, query: ProductQuery) {
  const conditions: SQL[] = [eq(products.vendorId, vendorId)];
  const search = searchConditions(query.search ?? query.q);
  if (search) conditions.push(search);
  if (query.active !== undefined) conditions.push(eq(products.isActive, query.active));
  const { rows, pagination } = await productsPage(db, and(...conditions), query);
  return { products: await productViews(db, rows), pagination };
}

/** One page of the products `where` finds, in the query's order, and the page's figures. */
async function productsPage(db: Database, where: SQL | undefined, query: ProductQuery) {
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...orderOf(query.sort))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, pagination: pageOf(query, total?.n ?? 0) };
}

async function adminViews(db: Executor, rows: ProductRow[]): Promise<AdminProduct[]> {
  const names = new Map(
    (await vendorNamesOf(db, [...new Set(rows.map((row) => row.vendorId))])).map((vendor) => [
      vendor.id,
      vendor,
    ]),
  );
  const views = await productViews(db, rows);
  return rows.map((row, index) => ({
    ...views[index]!,
    vendorId: row.vendorId,
    vendorName: names.get(row.vendorId)?.name ?? '',
    vendorUnternehmen: names.get(row.vendorId)?.unternehmen ?? null,
  }));
}

/** Every producer's products: search in name, EAN and the producer's name; by producer, active. */
export async function listAllProducts(db: Database, query: AdminProductQuery) {
  const conditions: SQL[] = [];
  const text = query.search ?? query.q;
  if (text) {
    const pattern = containing(text);
    const ofProducer = db
      .select({ id: vendorAccounts.id })
      .from(vendorAccounts)
      .where(or(ilike(vendorAccounts.name, pattern), ilike(vendorAccounts.unternehmen, pattern)));
    conditions.push(or(searchConditions(text), inArray(products.vendorId, ofProducer))!);
  }
  if (query.vendorId !== undefined) {
    // an id that cannot be one finds nothing (like an unknown one)
    if (!isUuid(query.vendorId)) return emptyPage(query);
    conditions.push(eq(products.vendorId, query.vendorId));
  }
  if (query.active !== undefined) conditions.push(eq(products.isActive, query.active));
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, pagination } = await productsPage(db, where, query);
  return { products: await adminViews(db, rows), pagination };
}

function emptyPage(query: AdminProductQuery) {
  return { products: [] as AdminProduct[], pagination: pageOf(query, 0) };
}

export async function adminProduct(db: Executor, id: string): Promise<AdminProduct> {
  if (!isUuid(id)) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  return (await adminViews(db, [row]))[0]!;
}

/** What the Protokoll keeps of a product's fields (percent and euros as the API speaks). */
function auditFields(row: ProductRow, keys: string[]) {
  const view = productView(row);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === 'vatRateBp') out.vatRate = `${formatVatRate(row.vatRateBp)}`;
    else if (key === 'contentThousandths' || key === 'contentMeasure')
      out.inhalt =
        view.inhalt === null
          ? null
          : `${String(view.inhalt).replace('.', ',')} ${view.inhaltEinheit}`;
    else out[key] = row[key as keyof ProductRow];
  }
  return out;
}

/**
 * The admin corrects or (de)activates any producer's product, recorded in the Protokoll in the
 * same transaction. The rate must be one in force today (the admin may fix a producer's choice).
 */
export async function adminUpdateProduct(
  db: Database,
  actor: Actor,
  id: string,
  input: ProductUpdateInput,
): Promise<{ product: AdminProduct; message: string }> {
  if (!isUuid(id)) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  let message: string = PRODUCT_MESSAGES.saved;
  await transaction(db, async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
    let vatRateBp: number | undefined;
    if (input.vatRate !== undefined) {
      const inForce = vatRatesInForce(isoDayInBerlin());
      const bp = percentToBasisPoints(input.vatRate);
      if (bp === null || (bp !== before.vatRateBp && !inForce.includes(bp))) {
        throw vatField(PRODUCT_MESSAGES.vatRateNotInForce(inForce.map(formatVatRate).join(', ')));
      }
      vatRateBp = bp;
    }
    const { set, changed } = changedColumns(before, input, vatRateBp);
    if (changed.length === 0) return;
    const [after] = await tx
      .update(products)
      .set({ ...set, updatedAt: clock.now() })
      .where(eq(products.id, id))
      .returning();
    message = updateMessage(input, changed);
    if (restockPlaces(changed).length > 0)
      await updateRestockNotices(tx, [id], restockPlaces(changed));
    const [vendor] = await vendorNamesOf(tx, [before.vendorId]);
    const what =
      changed.length === 1 && changed[0] === 'isActive'
        ? input.isActive
          ? 'wieder aktiviert'
          : 'deaktiviert'
        : 'korrigiert';
    await recordAudit(tx, actor, {
      action: 'product.update',
      entity: 'product',
      entityId: id,
      summary: `Produkt „${before.name}“ (EAN ${before.ean}) von ${vendor?.name ?? 'unbekannt'} ${what}`,
      before: auditFields(before, changed),
      after: auditFields(after!, changed),
    });
  });
  return { product: await adminProduct(db, id), message };
}

// ---------------------------------------------------------------------------
// For other modules (public.ts)

/** The producer's products of these ids (others' and unknown ids are left out), in no order. */
export async function productsOfVendorByIds(
  db: Executor,
  vendorId: string,
  ids: readonly string[],
): Promise<ProductRow[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0 || !isUuid(vendorId)) return [];
  return db
    .select()
    .from(products)
    .where(and(eq(products.vendorId, vendorId), inArray(products.id, valid)));
}

/** A product by id (any producer's). */
export async function productById(db: Executor, id: string): Promise<ProductRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** Every active product, by producer and name (the till's list). */
/** Every product of a producer, active or not (its data export). */
export async function productsOfVendor(db: Executor, vendorId: string): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.vendorId, vendorId))
    .orderBy(asc(products.createdAt), asc(products.id));
}

export async function activeProducts(db: Executor): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.vendorId), asc(products.searchText), asc(products.id));
}
