// The products module's table (only it writes it; docs/decisions/0013): the producers' articles
// with their EAN-13, as the till sells them and the labels print them (docs/product/money.md).
import {
  bigint,
  boolean,
  index,
  type AnyPgColumn,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, vendorIdColumn, stampedAt, parentIdColumn } from '../../db/columns';

/** A producer's article. Never deleted once a sale names it: deactivated instead. */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    vendorId: vendorIdColumn(),
    name: text('name').notNull(),
    beschreibung: text('beschreibung'),
    /** Gross price per selling unit, in cents. */
    priceCents: integer('price_cents').notNull(),
    /** One of SELLING_UNITS (packages/shared/src/products.ts). */
    unit: text('unit').notNull(),
    /** The content in thousandths of its measure (250 g = 250000), for the base price. */
    contentThousandths: integer('content_thousandths'),
    /** g | kg | ml | l */
    contentMeasure: text('content_measure'),
    /** In basis points (7,8 % = 780), one of the rates of the producer's tax status. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** EAN-13: the producer's GTIN or an in-store number (prefix 20); unique, never reused. */
    ean: text('ean').notNull().unique(),
    /** The shop assigned the number (prefix 20, counter ean-instore in number_series). */
    eanInStore: boolean('ean_in_store').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The deposit (Pfand) the product carries, if any: the EAN the till rings it up with and its
     * gross amount. A line of that EAN right after the product on a receipt is the same
     * producer's sale (docs/product/money.md; docs/decisions/0046).
     */
    depositEan: text('deposit_ean'),
    depositCents: integer('deposit_cents'),
    /**
     * The automated inventory (docs/decisions/0059): the stock is kept for the product (its
     * movements in stock_movements), with a restock level per place in thousandths of its unit.
     */
    stockTracked: boolean('stock_tracked').notNull().default(false),
    restockLevelThousandths: integer('restock_level_thousandths'),
    storeRoomRestockLevelThousandths: integer('store_room_restock_level_thousandths'),
    /** normalizeForSearch of name and EAN, for the lists' search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    index('products_vendor_idx').on(table.vendorId, table.name),
    index('products_active_idx').on(table.isActive),
    index('products_deposit_ean_idx').on(table.depositEan),
  ],
);

/**
 * The automated inventory (docs/product/inventory.md, docs/decisions/0059): every recorded
 * change of a product's stock at a place, never changed or deleted (the till's sales are its
 * sales lines, docs/decisions/0090). The quantity is in thousandths of the product's unit
 * (1 jar = 1000, 0,352 kg = 352), signed for a change; a `count` row holds the level found. A
 * row with a source key (a count's line, a refill's half) is there at most once.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: idColumn(),
    productId: parentIdColumn('product_id', () => products.id),
    vendorId: vendorIdColumn(),
    /** shelf | storeroom */
    place: text('place').notNull(),
    /**
     * delivery | refill | spoilage | withdrawal | count; the till's sale and return are its sales
     * lines (the view stock_changes adds them, docs/decisions/0090; rows of these kinds were
     * moved there by migration 0042)
     */
    kind: text('kind').notNull(),
    quantityThousandths: integer('quantity_thousandths').notNull(),
    /** When it happened (a sale: its receipt's time; a count: the count's time). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    recordedAt: stampedAt('recorded_at'),
    /** vendor | admin | till */
    recordedByKind: text('recorded_by_kind').notNull(),
    recordedById: uuid('recorded_by_id'),
    recordedByName: text('recorded_by_name').notNull(),
    note: text('note'),
    /** 'count:<count line id>', 'refill:<id>:shelf|storeroom'; null: none */
    sourceKey: text('source_key'),
    /** A delivery the shop confirmed (the shop's own: at once); only these count for a refund. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: text('confirmed_by'),
  },
  (table) => [
    // partial: a till's movement adds no entry to it
    uniqueIndex('stock_movements_source_key_idx')
      .on(table.sourceKey)
      .where(sql`source_key is not null`),
    index('stock_movements_product_idx').on(table.productId, table.place, table.occurredAt),
    index('stock_movements_unconfirmed_idx')
      .on(table.occurredAt)
      .where(sql`kind = 'delivery' and confirmed_at is null`),
  ],
);

/**
 * The stock of a product at a place as a running total (docs/decisions/0081): derived from the
 * changes (stock_changes: the movements and the till's lines) in their own transaction, never the
 * record itself. `stock` is the last count's level (`last_count_at`; none: 0) plus every change
 * after it; a change dated at or before `last_count_at` (a late till line) does not move it.
 * `last_delivery_at`: the latest delivery to this place. A count or a correction recomputes the
 * row from the changes. `first_change_at`: the earliest change other than a count (a till line:
 * its time of sale), where a first count's expected stock starts (docs/decisions/0090).
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    productId: parentIdColumn('product_id', () => products.id),
    /** shelf | storeroom */
    place: text('place').notNull(),
    stockThousandths: bigint('stock_thousandths', { mode: 'number' }).notNull().default(0),
    lastCountAt: timestamp('last_count_at', { withTimezone: true }),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    firstChangeAt: timestamp('first_change_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.productId, table.place] })],
);

/** An inventory count: the shop counted goods at a time (a unit's, or several). */
export const inventoryCounts = pgTable('inventory_counts', {
  id: idColumn(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  note: text('note'),
  recordedById: uuid('recorded_by_id'),
  recordedByName: text('recorded_by_name').notNull(),
  createdAt: stampedAt('created_at'),
});

/**
 * One product and place of a count: the level found (its `count` movement), the price and the
 * producer's model on the count's day (the refund's basis), and the owner's marking that the
 * producer caused the difference (with the reason the statement names).
 */
export const inventoryCountLines = pgTable(
  'inventory_count_lines',
  {
    id: idColumn(),
    countId: uuid('count_id')
      .notNull()
      .references(() => inventoryCounts.id),
    productId: parentIdColumn('product_id', () => products.id),
    vendorId: vendorIdColumn(),
    place: text('place').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
    countedThousandths: integer('counted_thousandths').notNull(),
    /** The product's gross price at the count. */
    priceCents: integer('price_cents').notNull(),
    /** basic | premium | null (no contract running that day): only premium is refunded. */
    provisionType: text('provision_type'),
    commissionRateBp: integer('commission_rate_bp').notNull(),
    causedByProducer: text('caused_by_producer'),
    /**
     * A correction (docs/decisions/0068): the line of the earlier count it replaces, at that
     * count's time; at most one correction per line (the unique index), so a line is corrected
     * once and a later correction corrects the correction.
     */
    correctsLineId: uuid('corrects_line_id').references((): AnyPgColumn => inventoryCountLines.id),
    /** Why the count was corrected (required with `corrects_line_id`). */
    correctionReason: text('correction_reason'),
  },
  (table) => [
    index('inventory_count_lines_vendor_idx').on(table.vendorId, table.countedAt),
    index('inventory_count_lines_product_idx').on(table.productId, table.place, table.countedAt),
    uniqueIndex('inventory_count_lines_corrects_idx')
      .on(table.correctsLineId)
      .where(sql`corrects_line_id is not null`),
  ],
);

/**
 * A restock notice (docs/product/inventory.md, "Restock notices"): a tracked product's stock at
 * a place fell to or below its restock level. At most one open notice per product and place
 * (the partial unique index), so two instances or a replayed delivery cannot give a second;
 * it is resolved once the stock is above the level again, and a new fall opens a new one.
 * `mailed_at`: the single mail or the day's summary went out (or was not needed).
 */
export const restockNotices = pgTable(
  'restock_notices',
  {
    id: idColumn(),
    productId: parentIdColumn('product_id', () => products.id),
    vendorId: vendorIdColumn(),
    /** shelf | storeroom */
    place: text('place').notNull(),
    levelThousandths: integer('level_thousandths').notNull(),
    /** The stock when it fell to the level. */
    stockThousandths: integer('stock_thousandths').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('restock_notices_open_idx')
      .on(table.productId, table.place)
      .where(sql`resolved_at is null`),
    index('restock_notices_vendor_idx').on(table.vendorId, table.createdAt),
    index('restock_notices_unmailed_idx')
      .on(table.createdAt)
      .where(sql`mailed_at is null`),
  ],
);
