// Inventory counts and the theft refund (docs/product/inventory.md, AGB § 8
// Abs. 3; docs/decisions/0059-inventory-and-theft-refund.md). A count records the level found per
// product and place; its shrinkage and refund are computed from the movements each time they are
// asked for, so a sale dated before the count that arrives after it recomputes both. A count is
// corrected by a new count of the same product and place at the same time, with a reason
// (docs/decisions/0068): the correction replaces the earlier line, which then refunds nothing.
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
  type CountCorrectionInput,
  type CountHistoryEntry,
  type CountHistoryLine,
  type CountLine,
  type InventoryCountInput,
} from '@housnkuh/shared/schemas/inventory';
import { formatQuantity } from '@housnkuh/shared/quantity';
import { and, asc, count as countRows, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { settlementContracts } from '../contracts/public';
import { vendorNamesOf } from '../vendors/public';
import { recomputeBalances } from './balances.service';
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
  /** This line corrects that line of an earlier count (at that count's time), and why. */
  correctsLineId: string | null;
  correctionReason: string | null;
  /** A correction replaced this line: it refunds nothing any more. */
  supersededBy: { lineId: string; reason: string; at: Date } | null;
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
  corrects_line_id: string | null;
  correction_reason: string | null;
  superseded_by: string | null;
  superseded_reason: string | null;
  superseded_at: string | Date | null;
  expected: string | number;
  unconfirmed: string | number;
};

/**
 * The figures of count lines chosen by `where` (a condition on `l`, the count line): expected =
 * the level of the count before it at that place (none: 0) plus every change after that count
 * up to this one's time; unconfirmed = the producers' deliveries in that span the shop has not
 * confirmed (they count for the stock, not for the refund). A line a correction replaced
 * refunds nothing: the correction, at the same time, holds the level found.
 */
export async function figuresWhere(
  db: Executor,
  where: ReturnType<typeof sql>,
): Promise<CountLineFigures[]> {
  const result = await db.execute<FigureRow>(sql`
    select l.id, l.count_id, l.product_id, p.name, p.unit, l.vendor_id, l.place, l.counted_at,
      l.counted_thousandths, l.price_cents, l.provision_type, l.commission_rate_bp,
      l.caused_by_producer, l.corrects_line_id, l.correction_reason,
      x.id as superseded_by, x.correction_reason as superseded_reason,
      xc.created_at as superseded_at,
      coalesce(prev.quantity_thousandths, 0) + coalesce(ch.total, 0) as expected,
      coalesce(ch.unconfirmed, 0) as unconfirmed
    from inventory_count_lines l
    join inventory_counts ic on ic.id = l.count_id
    join products p on p.id = l.product_id
    left join inventory_count_lines x on x.corrects_line_id = l.id
    left join inventory_counts xc on xc.id = x.count_id
    left join stock_balances fb on fb.product_id = l.product_id and fb.place = l.place
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
      from stock_changes m
      where m.vendor_id = p.vendor_id and m.product_id = l.product_id and m.place = l.place
        and m.kind <> 'count'
        and m.occurred_at <= l.counted_at
        -- after the count before; a first count: from the place's first change (0090)
        and m.occurred_at > coalesce(prev.occurred_at,
          fb.first_change_at - interval '1 microsecond')
    ) ch on true
    where ${where}
    order by l.counted_at, p.name, l.place, ic.created_at, l.id`);
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
      refundCents: row.superseded_by === null ? figures.refundCents : 0,
      causedByProducer: row.caused_by_producer,
      premium: row.provision_type === 'premium',
      correctsLineId: row.corrects_line_id,
      correctionReason: row.correction_reason,
      supersededBy:
        row.superseded_by === null
          ? null
          : {
              lineId: row.superseded_by,
              reason: row.superseded_reason ?? '',
              at: new Date(row.superseded_at!),
            },
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

/** A count line as the history shows it. */
function historyLineView(line: CountLineFigures, vendorName: string): CountHistoryLine {
  return {
    ...countLineView(line),
    unit: line.unit,
    vendorId: line.vendorId,
    vendorName,
    correctsLineId: line.correctsLineId,
    correctionReason: line.correctionReason,
    supersededBy: line.supersededBy?.lineId ?? null,
  };
}

/** The producers' names (the firm, else the person) by id. */
async function vendorNameMap(db: Executor, lines: readonly CountLineFigures[]) {
  const vendors = await vendorNamesOf(db, [...new Set(lines.map((line) => line.vendorId))]);
  return new Map(vendors.map((v) => [v.id, v.unternehmen || v.name]));
}

/** A count line in the Protokoll: what the owner reads, without ids. */
function auditLine(line: CountLineFigures) {
  const { id: _id, productId: _productId, ...shown } = countLineView(line);
  return shown;
}

const dayText = (at: Date) => isoDayInBerlin(at).split('-').reverse().join('.');

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
    // in id order, as a till delivery's lines lock them (docs/decisions/0090)
    const rows = await tx
      .select()
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('update');
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
    // a count sets its places' level: their balances are recomputed from the movements
    await recomputeBalances(
      tx,
      inserted.map((line) => ({ productId: line.productId, place: line.place })),
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
      after: figures.map(auditLine),
    });
    return { count: count!, figures };
  });
  return {
    id: lines.count.id,
    countedAt: lines.count.countedAt.toISOString(),
    lines: lines.figures.map(countLineView),
  };
}

/**
 * GET /api/admin/inventory-counts: the counts, newest first (by the time counted, a correction
 * right above the count it corrects), each with its lines' figures as they are now.
 */
export async function countHistory(
  db: Executor,
  page: number,
  limit: number,
): Promise<{
  counts: CountHistoryEntry[];
  pagination: { page: number; limit: number; totalCount: number; totalPages: number };
}> {
  const [total] = await db.select({ n: countRows() }).from(inventoryCounts);
  const totalCount = Number(total?.n ?? 0);
  const rows = await db
    .select()
    .from(inventoryCounts)
    .orderBy(
      desc(inventoryCounts.countedAt),
      desc(inventoryCounts.createdAt),
      desc(inventoryCounts.id),
    )
    .limit(limit)
    .offset((page - 1) * limit);
  const figures =
    rows.length === 0
      ? []
      : await figuresWhere(
          db,
          sql`l.count_id = any(${sql.param(rows.map((row) => row.id))}::uuid[])`,
        );
  const names = await vendorNameMap(db, figures);
  const linesOf = new Map<string, CountHistoryLine[]>();
  for (const line of figures) {
    const list = linesOf.get(line.countId) ?? [];
    list.push(historyLineView(line, names.get(line.vendorId) ?? ''));
    linesOf.set(line.countId, list);
  }
  return {
    counts: rows.map((row) => ({
      id: row.id,
      countedAt: row.countedAt.toISOString(),
      recordedAt: row.createdAt.toISOString(),
      recordedBy: row.recordedByName,
      note: row.note,
      lines: linesOf.get(row.id) ?? [],
    })),
    pagination: {
      page,
      limit,
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / limit)),
    },
  };
}

const placeText = (place: string) => (place === 'storeroom' ? 'Lager' : 'Regal');

/**
 * POST /api/admin/inventory-counts/lines/:id/correction: a count is corrected only by a new count
 * with a reason (docs/product/inventory.md). The correction is a count of the same product and
 * place at the corrected count's time, entered now: it replaces that line (which then refunds
 * nothing), keeps its price and model, and may mark the difference as the producer's cause. Its
 * `count` movement is recorded after the earlier one, so it is the level at that instant for the
 * stock and for any later count. A refund already settled is corrected in the next month by the
 * settlement (never twice: it compares with what final statements paid for each line).
 */
export async function correctCountLine(
  db: Database,
  actor: Actor,
  lineId: string,
  input: CountCorrectionInput,
) {
  if (!isUuid(lineId)) throw new NotFoundError(INVENTORY_MESSAGES.unknownCountLine);
  return transaction(db, async (tx) => {
    const [line] = await tx
      .select()
      .from(inventoryCountLines)
      .where(eq(inventoryCountLines.id, lineId));
    if (!line) throw new NotFoundError(INVENTORY_MESSAGES.unknownCountLine);
    // the product's row, as every stock change takes it: two corrections wait for each other
    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.id, line.productId))
      .for('update');
    const [already] = await tx
      .select({ id: inventoryCountLines.id })
      .from(inventoryCountLines)
      .where(eq(inventoryCountLines.correctsLineId, line.id));
    if (already) throw new ConflictError(INVENTORY_MESSAGES.alreadyCorrected);
    const counted = quantityOf(product!, input.quantity);
    const [before] = await figuresWhere(tx, sql`l.id = ${line.id}::uuid`);
    const now = clock.now();
    // after the corrected count's movement, even if the clock stands still in a test
    const [earlier] = await tx
      .select({ recordedAt: stockMovements.recordedAt })
      .from(stockMovements)
      .where(and(eq(stockMovements.sourceKey, `count:${line.id}`)));
    const recordedAt =
      earlier && earlier.recordedAt.getTime() >= now.getTime()
        ? new Date(earlier.recordedAt.getTime() + 1)
        : now;
    const [count] = await tx
      .insert(inventoryCounts)
      .values({
        countedAt: line.countedAt,
        note: null,
        recordedById: actor.id,
        recordedByName: actor.name,
        createdAt: now,
      })
      .returning();
    const [inserted] = await tx
      .insert(inventoryCountLines)
      .values({
        countId: count!.id,
        productId: line.productId,
        vendorId: line.vendorId,
        place: line.place,
        countedAt: line.countedAt,
        countedThousandths: counted,
        priceCents: line.priceCents,
        provisionType: line.provisionType,
        commissionRateBp: line.commissionRateBp,
        causedByProducer: input.causedByProducer ?? null,
        correctsLineId: line.id,
        correctionReason: input.reason,
      })
      .returning();
    await tx.insert(stockMovements).values({
      productId: line.productId,
      vendorId: line.vendorId,
      place: line.place,
      kind: 'count',
      quantityThousandths: counted,
      occurredAt: line.countedAt,
      recordedAt,
      recordedByKind: 'admin',
      recordedById: actor.id,
      recordedByName: actor.name,
      note: `Korrektur der Inventur vom ${dayText(line.countedAt)}: ${input.reason}${
        input.causedByProducer ? `; vom Direktvermarkter verursacht: ${input.causedByProducer}` : ''
      }`,
      sourceKey: `count:${inserted!.id}`,
    });
    await recomputeBalances(tx, [{ productId: line.productId, place: line.place }]);
    await updateRestockNotices(tx, [line.productId], [line.place as StockPlace]);
    const figures = await figuresWhere(
      tx,
      sql`l.id = any(${sql.param([line.id, inserted!.id])}::uuid[])`,
    );
    const corrected = figures.find((f) => f.id === line.id)!;
    const correction = figures.find((f) => f.id === inserted!.id)!;
    await recordAudit(tx, actor, {
      action: 'inventory.count.correct',
      entity: 'inventory-count',
      entityId: count!.id,
      summary: `Inventur vom ${dayText(line.countedAt)} korrigiert: ${product!.name} (${placeText(
        line.place,
      )}), gezählt ${formatQuantity(before!.countedThousandths, product!.unit)} → ${formatQuantity(
        counted,
        product!.unit,
      )}`,
      before: auditLine(before!),
      after: { ...auditLine(correction), correctionReason: input.reason },
    });
    const names = await vendorNameMap(tx, figures);
    const vendorName = names.get(line.vendorId) ?? '';
    return {
      corrected: historyLineView(corrected, vendorName),
      correction: {
        id: count!.id,
        countedAt: count!.countedAt.toISOString(),
        recordedAt: count!.createdAt.toISOString(),
        recordedBy: count!.recordedByName,
        note: count!.note,
        lines: [historyLineView(correction, vendorName)],
      },
    };
  });
}
