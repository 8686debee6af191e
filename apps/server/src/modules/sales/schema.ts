// The sales module's tables (only it writes them; docs/decisions/0013): the till's keys and the
// receipt lines it sold (PRODUCT.md "Money"). Sales lines are never changed or deleted; a line
// whose VAT rate its producer's tax status does not allow waits for the owner's rate (a record of
// sales_line_vat_clarifications, docs/decisions/0042).
import { clock } from '@housnkuh/shared/clock';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';

/** Keys of the till (Einstellungen → Kasse): shown once, stored as SHA-256. */
export const posKeys = pgTable('pos_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** SHA-256 (hex) of the secret. */
  secretHash: text('secret_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * One line of a till receipt, as it came in (raw) and as read (parsed). Idempotent by
 * (receipt, position); never changed or deleted: a correction is a new line.
 */
export const salesLines = pgTable(
  'sales_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiptId: text('receipt_id').notNull(),
    position: integer('position').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    ean: text('ean').notNull(),
    articleText: text('article_text').notNull(),
    /** Thousandths (0,352 kg = 352); negative for a return or a void. */
    quantityThousandths: integer('quantity_thousandths').notNull(),
    unitPriceGrossCents: integer('unit_price_gross_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** quantity × unit price, rounded half up once (equal to the till's printed total if sent). */
    lineTotalGrossCents: integer('line_total_gross_cents').notNull(),
    /** The product and producer the EAN named at the time of sale; null: not assigned (yet). */
    productId: uuid('product_id').references(() => foreignId('products')),
    vendorId: uuid('vendor_id').references(() => foreignId('vendors')),
    /** csv | pos */
    source: text('source').notNull(),
    /** The line exactly as it came in (the CSV line, or the JSON of the till's line). */
    raw: text('raw').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (table) => [
    uniqueIndex('sales_lines_receipt_position_idx').on(table.receiptId, table.position),
    index('sales_lines_vendor_sold_idx').on(table.vendorId, table.soldAt),
    index('sales_lines_sold_idx').on(table.soldAt),
  ],
);

/**
 * The admin's answer to a line without a known EAN (Nicht zugeordnete Verkäufe): a product
 * (and so a producer), or "kein Verkauf eines Direktvermarkters" (deposit, vouchers). The line
 * itself stays as it came in.
 */
export const salesLineAssignments = pgTable('sales_line_assignments', {
  salesLineId: uuid('sales_line_id')
    .primaryKey()
    .references(() => salesLines.id),
  /** product | no_vendor */
  kind: text('kind').notNull(),
  /**
   * A no_vendor line: own_sale (the shop's own sale, at ownVatRateBp) | no_sale (no sale at all,
   * e.g. a voucher); null for a product, and for a marking made before the two were told apart.
   */
  noVendorKind: text('no_vendor_kind'),
  /** The shop's own sale: its VAT rate (basis points). */
  ownVatRateBp: integer('own_vat_rate_bp'),
  productId: uuid('product_id').references(() => foreignId('products')),
  vendorId: uuid('vendor_id').references(() => foreignId('vendors')),
  assignedBy: uuid('assigned_by'),
  assignedAt: timestamp('assigned_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});

/**
 * "Zu klären" (issue 30, item 6; docs/decisions/0042): a line whose VAT rate the tax status
 * of its producer did not allow on the day of sale, found when the line came in (or when the
 * admin assigned it). The line itself stays as it came; the settlement leaves it out until the
 * owner records the right rate here, once (a trigger refuses any other change and any delete).
 */
export const salesLineVatClarifications = pgTable(
  'sales_line_vat_clarifications',
  {
    salesLineId: uuid('sales_line_id')
      .primaryKey()
      .references(() => salesLines.id),
    /** The producer and its tax status at the check. */
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors')),
    taxStatus: text('tax_status').notNull(),
    flaggedAt: timestamp('flagged_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
    /** The rate the owner recorded (basis points); null while the line waits. */
    vatRateBp: integer('vat_rate_bp'),
    clarifiedBy: uuid('clarified_by'),
    clarifiedAt: timestamp('clarified_at', { withTimezone: true }),
  },
  (table) => [index('sales_line_vat_clarifications_waiting_idx').on(table.clarifiedAt)],
);
