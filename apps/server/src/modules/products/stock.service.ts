// The automated inventory (docs/product/inventory.md, issue 33,
// docs/decisions/0059-inventory-and-theft-refund.md): a product's stock per place is the sum of
// its movements since the last count (the level the count found), never a number overwritten.
// Only this module writes stock_movements and the counts.
import { clock } from '@housnkuh/shared/clock';
import {
  fromThousandths,
  MEASURED_UNITS,
  toThousandths,
  type StockKind,
  type StockPlace,
} from '@housnkuh/shared/inventory';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { formatQuantity } from '@housnkuh/shared/quantity';
import {
  INVENTORY_MESSAGES,
  type AdminStockInput,
  type Delivery,
  type StockMovementView,
  type VendorStockInput,
} from '@housnkuh/shared/schemas/inventory';
import { PRODUCT_MESSAGES } from '@housnkuh/shared/schemas/products';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { hasStorageService } from '../contracts/public';
import { findVendor, vendorNamesOf } from '../vendors/public';
import { addToBalances, balancesOf, lockBalances } from './balances.service';
import { updateRestockNotices } from './restock.service';
import { products, stockMovements } from './schema';

type ProductRow = typeof products.$inferSelect;
type MovementRow = typeof stockMovements.$inferSelect;

/** The stock of a product at both places, in thousandths of its unit. */
export interface StockLevels {
  shelf: number;
  storeroom: number;
  /** The latest delivery at either place (ISO), none: null. */
  lastDeliveryAt?: string | null;
  /** The till's sales minus its returns after that delivery, in thousandths. */
  soldSinceLastDelivery?: number;
}

/** Who records: the producer, the shop (an admin), the till. */
export interface Recorder {
  kind: 'vendor' | 'admin' | 'till';
  id: string | null;
  name: string;
}

/**
 * The stock of these products per place, from their balances (docs/decisions/0081: the last
 * count's level plus every change after it), with the latest delivery at either place and the
 * till's sales minus returns since it (one index range per product, whatever the history).
 */
export async function stockLevels(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, StockLevels>> {
  const levels = new Map<string, StockLevels>();
  const balances = await balancesOf(db, productIds);
  const delivered = [...balances].filter(([, b]) => b.lastDeliveryAt !== null);
  const sold = new Map<string, number>();
  if (delivered.length > 0) {
    type Row = { product_id: string; sold: string | number };
    // the till's lines (docs/decisions/0090), by their producer's index: sales lower the
    // stock, returns raise it, so sold = −their sum
    // (a lateral subquery: its producer and time are constants there, so the index serves)
    const result = await db.execute<Row>(sql`
      select d.product_id, s.sold
      from unnest(${sql.param(delivered.map(([id]) => id))}::uuid[],
        ${sql.param(delivered.map(([, b]) => b.lastDeliveryAt!.toISOString()))}::timestamptz[])
        as d(product_id, delivered_at)
      join products p on p.id = d.product_id
      cross join lateral (
        select -sum(t.quantity_thousandths) as sold from till_stock_changes t
        where t.vendor_id = p.vendor_id and t.product_id = d.product_id
          and t.occurred_at > d.delivered_at
      ) s
      where s.sold is not null`);
    for (const row of (result as unknown as { rows: Row[] }).rows)
      sold.set(row.product_id, Number(row.sold));
  }
  for (const [id, balance] of balances)
    levels.set(id, {
      shelf: balance.shelf,
      storeroom: balance.storeroom,
      lastDeliveryAt: balance.lastDeliveryAt?.toISOString() ?? null,
      soldSinceLastDelivery: sold.get(id) ?? 0,
    });
  return levels;
}

/** The stock fields of a product's answer (issue 33's names), in its unit. */
export function stockFields(row: ProductRow, levels: StockLevels | undefined) {
  const level = (value: number | null) => (value === null ? null : fromThousandths(value));
  return {
    stock: row.stockTracked ? fromThousandths(levels?.shelf ?? 0) : null,
    storeRoomStock: row.stockTracked ? fromThousandths(levels?.storeroom ?? 0) : null,
    restockLevel: level(row.restockLevelThousandths),
    storeRoomRestockLevel: level(row.storeRoomRestockLevelThousandths),
    lastDeliveryAt: row.stockTracked ? (levels?.lastDeliveryAt ?? null) : null,
    soldSinceLastDelivery:
      row.stockTracked && levels?.lastDeliveryAt
        ? fromThousandths(levels.soldSinceLastDelivery ?? 0)
        : null,
  };
}

/** A quantity of the API in thousandths of the product's unit; whole pieces unless kg or l. */
export function quantityOf(row: ProductRow, quantity: number, field = 'quantity'): number {
  const thousandths = toThousandths(quantity);
  if (thousandths === null)
    throw new InvalidError(INVENTORY_MESSAGES.quantityRange, [
      { field, message: INVENTORY_MESSAGES.quantityRange },
    ]);
  if (!MEASURED_UNITS.has(row.unit) && thousandths % 1000 !== 0) {
    const message = INVENTORY_MESSAGES.wholePieces(row.unit);
    throw new InvalidError(message, [{ field, message }]);
  }
  return thousandths;
}

export function movementView(row: MovementRow): StockMovementView {
  return {
    id: row.id,
    productId: row.productId,
    kind: row.kind as StockKind,
    place: row.place as StockPlace,
    quantity: fromThousandths(row.quantityThousandths),
    occurredAt: row.occurredAt.toISOString(),
    recordedBy: row.recordedByName,
    note: row.note,
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    confirmedBy: row.confirmedBy,
  };
}

/** The signed changes a recorded kind makes: [place, signed thousandths][]. */
function changesOf(kind: StockKind, place: StockPlace, q: number): [StockPlace, number][] {
  if (kind === 'refill')
    return [
      ['storeroom', -q],
      ['shelf', q],
    ];
  if (kind === 'delivery' || kind === 'return') return [[place, q]];
  return [[place, -q]];
}

/**
 * Records a movement the producer or the shop made, in one transaction with the product's row
 * locked (two taps at once cannot both take the last jar): a withdrawal, spoilage or refill
 * never takes more than the place holds. A delivery starts the product's tracking; the shop's
 * own delivery is confirmed at once, a producer's waits for the shop.
 */
export async function recordMovement(
  db: Database,
  recorder: Recorder,
  product: { id: string; vendorId?: string },
  input: VendorStockInput | AdminStockInput,
): Promise<{ row: ProductRow; movement: MovementRow; levels: StockLevels }> {
  if (!isUuid(product.id)) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
  const place: StockPlace = input.kind === 'refill' ? 'shelf' : (input.place ?? 'shelf');
  if (input.kind === 'refill' && input.place === 'storeroom')
    throw new InvalidError(INVENTORY_MESSAGES.refillPlace, [
      { field: 'place', message: INVENTORY_MESSAGES.refillPlace },
    ]);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(products)
      .where(
        and(
          eq(products.id, product.id),
          product.vendorId ? eq(products.vendorId, product.vendorId) : undefined,
        ),
      )
      .for('update');
    if (!row) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
    const q = quantityOf(row, input.quantity);
    if (q <= 0)
      throw new InvalidError(INVENTORY_MESSAGES.quantity, [
        { field: 'quantity', message: INVENTORY_MESSAGES.quantity },
      ]);
    if (!row.stockTracked && input.kind !== 'delivery')
      throw new ConflictError(INVENTORY_MESSAGES.notTracked(row.name));
    // the store room is for the goods of producers with the storage service (AGB)
    if (
      input.kind === 'delivery' &&
      place === 'storeroom' &&
      !(await hasStorageService(tx, row.vendorId, isoDayInBerlin(clock.now())))
    )
      throw new InvalidError(INVENTORY_MESSAGES.storeroomService, [
        { field: 'place', message: INVENTORY_MESSAGES.storeroomService },
      ]);
    const changes = changesOf(input.kind, place, q);
    // the balances first: a till delivery in flight (it locks them, not the product) commits
    // before the stock is read, so a withdrawal never takes what the till has just sold
    await lockBalances(
      tx,
      changes.map(([at]) => ({ productId: row.id, place: at })),
    );
    const before = (await stockLevels(tx, [row.id])).get(row.id) ?? { shelf: 0, storeroom: 0 };
    for (const [at, change] of changes) {
      if (change < 0 && before[at] + change < 0)
        throw new ConflictError(
          INVENTORY_MESSAGES.notEnough(at, formatQuantity(Math.max(0, before[at]), row.unit)),
        );
    }
    const now = clock.now();
    const confirmed = input.kind === 'delivery' && recorder.kind === 'admin';
    const groupKey = input.kind === 'refill' ? `refill:${crypto.randomUUID()}` : null;
    const inserted = await tx
      .insert(stockMovements)
      .values(
        changes.map(([at, change]) => ({
          productId: row.id,
          vendorId: row.vendorId,
          place: at,
          kind: input.kind,
          quantityThousandths: change,
          occurredAt: now,
          recordedAt: now,
          recordedByKind: recorder.kind,
          recordedById: recorder.id,
          recordedByName: recorder.name,
          note: input.note ?? null,
          sourceKey: groupKey ? `${groupKey}:${at}` : null,
          confirmedAt: confirmed ? now : null,
          confirmedBy: confirmed ? recorder.name : null,
        })),
      )
      .returning();
    await addToBalances(
      tx,
      inserted.map((m) => ({
        productId: m.productId,
        place: m.place as StockPlace,
        quantityThousandths: m.quantityThousandths,
        occurredAt: m.occurredAt,
        delivery: m.kind === 'delivery',
      })),
    );
    let current: ProductRow = row;
    if (!row.stockTracked) {
      const [updated] = await tx
        .update(products)
        .set({ stockTracked: true })
        .where(eq(products.id, row.id))
        .returning();
      current = updated!;
    }
    const after = { ...before };
    for (const [at, change] of changes) after[at] += change;
    // a fall to the restock level opens a notice; a delivery above it resolves the open one
    await updateRestockNotices(
      tx,
      [row.id],
      changes.map(([at]) => at),
    );
    if (recorder.kind === 'admin') {
      await recordAudit(tx, recorder as Actor, {
        action: `stock.${input.kind}`,
        entity: 'product',
        entityId: row.id,
        summary: `Bestand „${row.name}“: ${movementSummary(input.kind, place, q, row.unit)}`,
        before: null,
        after: { kind: input.kind, place, quantity: input.quantity, note: input.note ?? null },
      });
    }
    const movement = inserted.find((m) => m.place === place) ?? inserted[0]!;
    return { row: current, movement, levels: after };
  });
}

function movementSummary(kind: StockKind, place: StockPlace, q: number, unit: string) {
  const what = {
    delivery: 'Lieferung',
    refill: 'aus dem Lager ins Regal nachgefüllt',
    spoilage: 'Verderb',
    withdrawal: 'Entnahme',
    sale: 'Verkauf',
    return: 'Rückgabe',
    count: 'Inventur',
  }[kind];
  const where = kind === 'refill' ? '' : place === 'storeroom' ? ' (Lager)' : ' (Regal)';
  return `${what} ${formatQuantity(q, unit)}${where}`;
}

/** The producer's id and name for its own recording. */
export async function vendorRecorder(db: Executor, vendorId: string): Promise<Recorder> {
  const vendor = await findVendor(db, vendorId);
  return {
    kind: 'vendor',
    id: vendorId,
    name: vendor?.unternehmen || vendor?.name || 'Direktvermarkter',
  };
}

// ---------------------------------------------------------------------------
// Deliveries the shop confirms

/** GET /api/admin/inventory/deliveries: the producers' deliveries, unconfirmed (or all), newest first. */
export async function listDeliveries(
  db: Executor,
  state: 'unconfirmed' | 'all',
): Promise<Delivery[]> {
  const rows = await db
    .select({ movement: stockMovements, name: products.name, unit: products.unit })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .where(
      and(
        eq(stockMovements.kind, 'delivery'),
        state === 'unconfirmed' ? isNull(stockMovements.confirmedAt) : undefined,
      ),
    )
    .orderBy(desc(stockMovements.occurredAt), desc(stockMovements.id))
    .limit(500);
  const names = new Map(
    (await vendorNamesOf(db, [...new Set(rows.map((r) => r.movement.vendorId))])).map((v) => [
      v.id,
      v.unternehmen || v.name,
    ]),
  );
  return rows.map((r) => ({
    ...movementView(r.movement),
    productName: r.name,
    unit: r.unit,
    vendorId: r.movement.vendorId,
    vendorName: names.get(r.movement.vendorId) ?? '',
  }));
}

/**
 * POST /api/admin/inventory/deliveries/confirm: the shop confirms deliveries it received (from
 * then on they count for the refund). One already confirmed stays as it was; an id that is no
 * delivery is a German 400 and nothing changes.
 */
export async function confirmDeliveries(
  db: Database,
  actor: Actor,
  movementIds: readonly string[],
): Promise<number> {
  const ids = [...new Set(movementIds)];
  return transaction(db, async (tx) => {
    const found = await tx
      .select({ id: stockMovements.id, confirmedAt: stockMovements.confirmedAt })
      .from(stockMovements)
      .where(and(inArray(stockMovements.id, ids), eq(stockMovements.kind, 'delivery')))
      .for('update');
    if (found.length !== ids.length)
      throw new InvalidError(INVENTORY_MESSAGES.unknownDeliveries, [
        { field: 'movementIds', message: INVENTORY_MESSAGES.unknownDeliveries },
      ]);
    const open = found.filter((row) => row.confirmedAt === null).map((row) => row.id);
    if (open.length === 0) return 0;
    await tx
      .update(stockMovements)
      .set({ confirmedAt: clock.now(), confirmedBy: actor.name })
      .where(and(inArray(stockMovements.id, open), isNull(stockMovements.confirmedAt)));
    await recordAudit(tx, actor, {
      action: 'stock.deliveries.confirm',
      entity: 'stock',
      entityId: open[0]!,
      summary: `${open.length === 1 ? 'Lieferung' : `${open.length} Lieferungen`} bestätigt`,
      before: null,
      after: { movementIds: open },
    });
    return open.length;
  });
}

// ---------------------------------------------------------------------------
// The till

/**
 * A sales line that is its product's sale in the inventory (the sales module marks it when it
 * comes in: the product was tracked and the EAN is its own, not a deposit it carries).
 */
export interface TillSale {
  productId: string;
  /** The line's quantity: positive for a sale, negative for a return. */
  quantityThousandths: number;
  soldAt: Date;
}

/**
 * The till's sales lines are its movements (docs/decisions/0090): no row is written per line,
 * the lines themselves are read where the history is needed (the view stock_changes). A batch of
 * new lines only raises or lowers the shelf balances, by product: the rows are locked in product
 * order (as every writer locks them), a line dated at or before its place's last count is in that
 * count's level already and moves nothing, and the restock notices are decided for the products
 * whose stock crossed their level. The lines are new (the sales module inserts each once), so a
 * replayed delivery calls this with none.
 */
export async function addTillSales(db: Executor, sales: readonly TillSale[]): Promise<void> {
  if (sales.length === 0) return;
  const ids = [...new Set(sales.map((line) => line.productId))].filter(isUuid).sort();
  type Row = {
    product_id: string;
    stock_thousandths: string | number;
    last_count_at: string | Date | null;
    first_change_at: string | Date | null;
    level: number | null;
  };
  const lockRows = async () =>
    (
      (await db.execute(sql`
        select b.product_id, b.stock_thousandths, b.last_count_at, b.first_change_at,
          p.restock_level_thousandths as level
        from stock_balances b
        join products p on p.id = b.product_id
        where b.product_id = any(${sql.param(ids)}::uuid[]) and b.place = 'shelf'
        order by b.product_id
        for update of b`)) as unknown as { rows: Row[] }
    ).rows;
  let rows = await lockRows();
  if (rows.length < ids.length) {
    // a product tracked without a shelf balance yet (its first delivery went to the store room)
    await lockBalances(
      db,
      ids.map((productId) => ({ productId, place: 'shelf' })),
    );
    rows = await lockRows();
  }
  const balance = new Map(rows.map((row) => [row.product_id, row]));
  const per = new Map<string, { by: number; first: number }>();
  for (const line of sales) {
    const row = balance.get(line.productId);
    if (!row) continue;
    const own = per.get(line.productId) ?? { by: 0, first: line.soldAt.getTime() };
    own.first = Math.min(own.first, line.soldAt.getTime());
    per.set(line.productId, own);
    const counted = row.last_count_at === null ? null : new Date(row.last_count_at).getTime();
    if (counted === null || line.soldAt.getTime() > counted) own.by -= line.quantityThousandths;
  }
  // the stock moves by the lines after the last count; the place's first change may move earlier
  const changed = [...per].filter(([id, { by, first }]) => {
    const known = balance.get(id)!.first_change_at;
    return by !== 0 || known === null || first < new Date(known).getTime();
  });
  if (changed.length === 0) return;
  await db.execute(sql`
    update stock_balances b set stock_thousandths = b.stock_thousandths + c.change,
      first_change_at = least(b.first_change_at, c.first)
    from unnest(${sql.param(changed.map(([id]) => id))}::uuid[],
      ${sql.param(changed.map(([, c]) => c.by))}::bigint[],
      ${sql.param(changed.map(([, c]) => new Date(c.first).toISOString()))}::timestamptz[])
      as c(product_id, change, first)
    where b.product_id = c.product_id and b.place = 'shelf'`);
  const moved = changed.map(([id, c]) => [id, c.by] as const).filter(([, by]) => by !== 0);
  // a notice opens when the stock falls to its level and resolves when it rises above it: only
  // a product whose stock crossed its level in this batch can change its notice
  const crossed = moved.filter(([id, by]) => {
    const row = balance.get(id)!;
    if (row.level === null) return false;
    const before = Number(row.stock_thousandths);
    return before > row.level !== before + by > row.level;
  });
  if (crossed.length > 0)
    await updateRestockNotices(
      db,
      crossed.map(([id]) => id),
      ['shelf'],
    );
}
