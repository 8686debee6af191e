// Inventory counts and the theft refund (docs/product/inventory.md, AGB § 8
// Abs. 3; docs/decisions/0059-inventory-and-theft-refund.md). A count records the level found per
// product and place; its shrinkage and refund are computed from the movements each time they are
// asked for, so a sale dated before the count that arrives after it recomputes both.
import { clock } from '@housnkuh/shared/clock';
import { commissionModel } from '@housnkuh/shared/catalog';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import {
  countFigures,
  fromThousandths,
  PREMIUM_COMMISSION_RATE_BP,
  provisionTypeOn,
  type StockPlace,
} from '@housnkuh/shared/inventory';
import {
  INVENTORY_MESSAGES,
  type CountLine,
  type InventoryCountInput,
} from '@housnkuh/shared/schemas/inventory';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { settlementContracts } from '../contracts/public';
import { updateRestockNotices } from './restock.service';
import { inventoryCountLines, inventoryCounts, products, stockMovements } from './schema';
import { quantityOf } from './stock.service';

/** A count line's figures, in thousandths and cents. */
export interface CountLineFigures {
  id: string;
  countId: string;
  productId: string;
  productName: string;
  unit: string;
  vendorId: string;
  place: StockPlace;
  countedAt: Date;
  expectedThousandths: number;
  countedThousandths: number;
  shrinkageThousandths: number;
  refundableThousandths: number;
  priceCents: number;
  refundCents: number;
  causedByProducer: string | null;
  /** The contract running on the count day was Premium (the theft refund applies). */
  premium: boolean;
}

type FigureRow = {
  id: string;
  count_id: string;
  product_id: string;
  name: string;
  unit: string;
  vendor_id: string;
  place: string;
  counted_at: string | Date;
  counted_thousandths: number;
  price_cents: number;
  provision_type: string | null;
  commission_rate_bp: number;
  caused_by_producer: string | null;
  expected: string | number;
  unconfirmed: string | number;
};

/**
 * The figures of count lines chosen by `where` (a condition on `l`, the count line): expected =
 * the level of the count before it at that place (none: 0) plus every change after that count
 * up to this one's time; unconfirmed = the producers' deliveries in that span the shop has not
 * confirmed (they count for the stock, not for the refund).
 */
export async function figuresWhere(
  db: Executor,
  where: ReturnType<typeof sql>,
): Promise<CountLineFigures[]> {
  const result = await db.execute<FigureRow>(sql`
    select l.id, l.count_id, l.product_id, p.name, p.unit, l.vendor_id, l.place, l.counted_at,
      l.counted_thousandths, l.price_cents, l.provision_type, l.commission_rate_bp,
      l.caused_by_producer,
      coalesce(prev.quantity_thousandths, 0) + coalesce(ch.total, 0) as expected,
      coalesce(ch.unconfirmed, 0) as unconfirmed
    from inventory_count_lines l
    join products p on p.id = l.product_id
    left join lateral (
      select c.occurred_at, c.quantity_thousandths from stock_movements c
      where c.product_id = l.product_id and c.place = l.place and c.kind = 'count'
        and c.occurred_at < l.counted_at
      order by c.occurred_at desc, c.recorded_at desc, c.id desc
      limit 1
    ) prev on true
    left join lateral (
      select sum(m.quantity_thousandths) as total,
        sum(m.quantity_thousandths) filter (
          where m.kind = 'delivery' and m.confirmed_at is null) as unconfirmed
      from stock_movements m
      where m.product_id = l.product_id and m.place = l.place and m.kind <> 'count'
        and m.occurred_at <= l.counted_at
        and (prev.occurred_at is null or m.occurred_at > prev.occurred_at)
    ) ch on true
    where ${where}
    order by l.counted_at, p.name, l.place, l.id`);
  return (result as unknown as { rows: FigureRow[] }).rows.map((row) => {
    const expected = Number(row.expected);
    const counted = Number(row.counted_thousandths);
    const figures = countFigures({
      expectedThousandths: expected,
      unconfirmedThousandths: Number(row.unconfirmed),
      countedThousandths: counted,
      premium: row.provision_type === 'premium',
      causedByProducer: row.caused_by_producer !== null,
      priceCents: Number(row.price_cents),
      commissionRateBp: Number(row.commission_rate_bp),
    });
    return {
      id: row.id,
      countId: row.count_id,
      productId: row.product_id,
      productName: row.name,
      unit: row.unit,
      vendorId: row.vendor_id,
      place: row.place as StockPlace,
      countedAt: new Date(row.counted_at),
      expectedThousandths: expected,
      countedThousandths: counted,
      shrinkageThousandths: figures.shrinkageThousandths,
      refundableThousandths: figures.refundableThousandths,
      priceCents: Number(row.price_cents),
      refundCents: figures.refundCents,
      causedByProducer: row.caused_by_producer,
      premium: row.provision_type === 'premium',
    };
  });
}

export function countLineView(line: CountLineFigures): CountLine {
  return {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    place: line.place,
    expected: fromThousandths(line.expectedThousandths),
    counted: fromThousandths(line.countedThousandths),
    shrinkage: fromThousandths(line.shrinkageThousandths),
    refundCents: line.refundCents,
    causedByProducer: line.causedByProducer,
  };
}

/**
 * The count lines of the counts from `from` (null: any) up to `to` (exclusive) with their
 * figures now: the settlement's basis for the theft refunds (only lines with a refund, or of
 * these producers).
 */
export async function countFiguresBetween(
  db: Executor,
  from: Date | null,
  to: Date,
  vendorIds?: readonly string[],
): Promise<CountLineFigures[]> {
  const conditions = [sql`l.counted_at < ${to.toISOString()}::timestamptz`];
  if (from) conditions.push(sql`l.counted_at >= ${from.toISOString()}::timestamptz`);
  if (vendorIds) conditions.push(sql`l.vendor_id = any(${sql.param([...vendorIds])}::uuid[])`);
  return figuresWhere(db, sql.join(conditions, sql` and `));
}

const field = (message: string, name: string) =>
  new InvalidError(message, [{ field: name, message }]);

/**
 * POST /api/admin/inventory-counts: the levels the shop found, at `countedAt` (default now),
 * each a count line and a `count` movement, in one transaction. The model that decides the
 * refund is the contract running on the count's day (several: the one that started first).
 */
export async function recordCount(
  db: Database,
  actor: Actor,
  input: InventoryCountInput,
  openingDate: string | null,
) {
  const now = clock.now();
  const countedAt = input.countedAt ? new Date(input.countedAt) : now;
  if (countedAt.getTime() > now.getTime())
    throw field(INVENTORY_MESSAGES.countedAtFuture, 'countedAt');
  const keys = input.counts.map((c) => `${c.productId}:${c.place ?? 'shelf'}`);
  if (new Set(keys).size !== keys.length) throw field(INVENTORY_MESSAGES.countTwice, 'counts');
  const day = isoDayInBerlin(countedAt);

  const lines = await transaction(db, async (tx) => {
    const ids = [...new Set(input.counts.map((c) => c.productId))];
    const rows = await tx.select().from(products).where(inArray(products.id, ids)).for('update');
    if (rows.length !== ids.length) throw field(INVENTORY_MESSAGES.unknownProducts, 'counts');
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows)
      if (!row.stockTracked) throw new ConflictError(INVENTORY_MESSAGES.notTracked(row.name));
    const vendorIds = [...new Set(rows.map((row) => row.vendorId))];
    const contracts = await settlementContracts(tx, day.slice(0, 7), openingDate, vendorIds);
    const modelOf = new Map(
      vendorIds.map((id) => [id, provisionTypeOn(contracts.get(id)?.contracts ?? [], day)]),
    );
    const [count] = await tx
      .insert(inventoryCounts)
      .values({
        countedAt,
        note: input.note ?? null,
        recordedById: actor.id,
        recordedByName: actor.name,
        createdAt: now,
      })
      .returning();
    const values = input.counts.map((c, index) => {
      const row = byId.get(c.productId)!;
      const model = modelOf.get(row.vendorId) ?? null;
      return {
        countId: count!.id,
        productId: row.id,
        vendorId: row.vendorId,
        place: c.place ?? 'shelf',
        countedAt,
        countedThousandths: quantityOf(row, c.quantity, `counts.${index}.quantity`),
        priceCents: row.priceCents,
        provisionType: model,
        commissionRateBp:
          model === 'premium' ? PREMIUM_COMMISSION_RATE_BP : commissionModel('basic').rate * 100,
        causedByProducer: c.causedByProducer ?? null,
      };
    });
    const inserted = await tx.insert(inventoryCountLines).values(values).returning();
    await tx.insert(stockMovements).values(
      inserted.map((line) => ({
        productId: line.productId,
        vendorId: line.vendorId,
        place: line.place,
        kind: 'count',
        quantityThousandths: line.countedThousandths,
        occurredAt: countedAt,
        recordedAt: now,
        recordedByKind: 'admin',
        recordedById: actor.id,
        recordedByName: actor.name,
        note: line.causedByProducer
          ? `Vom Direktvermarkter verursacht: ${line.causedByProducer}`
          : null,
        sourceKey: `count:${line.id}`,
      })),
    );
    await updateRestockNotices(
      tx,
      inserted.map((line) => line.productId),
      [...new Set(inserted.map((line) => line.place as StockPlace))],
    );
    const figures = await figuresWhere(tx, sql`l.count_id = ${count!.id}::uuid`);
    await recordAudit(tx, actor, {
      action: 'inventory.count',
      entity: 'inventory-count',
      entityId: count!.id,
      summary: `Inventur vom ${day.split('-').reverse().join('.')}: ${figures.length} ${
        figures.length === 1 ? 'Position' : 'Positionen'
      }`,
      before: null,
      after: figures.map(countLineView),
    });
    return { count: count!, figures };
  });
  return {
    id: lines.count.id,
    countedAt: lines.count.countedAt.toISOString(),
    lines: lines.figures.map(countLineView),
  };
}
