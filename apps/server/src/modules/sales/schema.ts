// The sales module's tables (only it writes them; docs/decisions/0013): the till's keys and the
// receipt lines it sold (docs/product/money.md). Sales lines are never changed or deleted; a line
// whose VAT rate its producer's tax status does not allow waits for the owner's rate (a record of
// sales_line_vat_clarifications, docs/decisions/0042).
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { idColumn, stampedAt, parentIdColumn } from '../../db/columns';

/** Keys of the till (Einstellungen → Kasse): shown once, stored as SHA-256. */
export const posKeys = pgTable('pos_keys', {
  id: idColumn(),
  name: text('name').notNull(),
  /** SHA-256 (hex) of the secret. */
  secretHash: text('secret_hash').notNull().unique(),
  createdAt: stampedAt('created_at'),
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
    id: idColumn(),
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
    /**
     * The line is its product's sale (or, negative, return) in the automated inventory: the
     * product was tracked when the line came in and the EAN is the product's own (not a deposit
     * it carries). Set once at the insert (docs/decisions/0090).
     */
    movesStock: boolean('moves_stock').notNull().default(false),
    /** csv | pos */
    source: text('source').notNull(),
    /** The line exactly as it came in (the CSV line, or the JSON of the till's line). */
    raw: text('raw').notNull(),
    importedAt: stampedAt('imported_at'),
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
export const salesLineAssignments = pgTable(
  'sales_line_assignments',
  {
    salesLineId: uuid('sales_line_id')
      .primaryKey()
      // a line is deleted only in a removal after the retention (docs/decisions/0092): its
      // assignment goes with it
      .references(() => salesLines.id, { onDelete: 'cascade' }),
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
    assignedAt: stampedAt('assigned_at'),
    /** The assigned product was tracked: the line is its sale in the inventory (as on the line). */
    movesStock: boolean('moves_stock').notNull().default(false),
  },
  // the stock's reads of a product's assigned lines (docs/decisions/0090)
  (table) => [
    index('sales_line_assignments_stock_idx')
      .on(table.productId)
      .where(sql`moves_stock`),
  ],
);

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
    flaggedAt: stampedAt('flagged_at'),
    /** The rate the owner recorded (basis points); null while the line waits. */
    vatRateBp: integer('vat_rate_bp'),
    clarifiedBy: uuid('clarified_by'),
    clarifiedAt: timestamp('clarified_at', { withTimezone: true }),
  },
  (table) => [index('sales_line_vat_clarifications_waiting_idx').on(table.clarifiedAt)],
);

/**
 * A large CSV import in the background (docs/decisions/0051): the file's text, how far it is
 * read and what it found so far. Each chunk of lines is stored in one transaction together with
 * the progress here, so a job taken over after a restart goes on where it stopped and counts
 * nothing twice. An instance works on a job while its lease (lockedUntil) runs; one running job
 * per file (the same SHA-256): a second identical upload joins it.
 */
export const salesImportJobs = pgTable(
  'sales_import_jobs',
  {
    id: idColumn(),
    /** SHA-256 (hex) of the uploaded bytes. */
    sha256: text('sha256').notNull(),
    /** The file as read (its text); emptied once the job is over. */
    csv: text('csv').notNull(),
    /** utf-8 | windows-1252 */
    encoding: text('encoding').notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    /** The file's lines after the header. */
    linesTotal: integer('lines_total').notNull(),
    linesDone: integer('lines_done').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    unassigned: integer('unassigned').notNull().default(0),
    clarify: integer('clarify').notNull().default(0),
    lateCount: integer('late_count').notNull().default(0),
    lateMonth: text('late_month'),
    /** Why it failed (German). */
    message: text('message'),
    /** How often an instance took it up (a restart takes it up again). */
    attempts: integer('attempts').notNull().default(0),
    lockToken: text('lock_token'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: stampedAt('created_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sales_import_jobs_open_file_idx')
      .on(table.sha256)
      .where(sql`status in ('queued', 'running')`),
    index('sales_import_jobs_status_idx').on(table.status, table.createdAt),
  ],
);

/** The German reason of each line an import job did not store, by line number. */
export const salesImportJobErrors = pgTable(
  'sales_import_job_errors',
  {
    jobId: parentIdColumn('job_id', () => salesImportJobs.id),
    line: integer('line').notNull(),
    message: text('message').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.line] })],
);

/**
 * The sales lines no final settlement counts (yet): salesForSettlement reads only these, so a
 * month's drafts cost the same in the tenth year as in the first (docs/decisions/0056). Kept by
 * the database itself: a new sales line comes in here, a line the settlement records in its
 * settled_sales_lines goes, one released again by a cancellation comes back (triggers of
 * migration 0032). No code writes it; it lives with the lines it indexes (issue 34: the
 * settlement no longer hands the sales module an SQL condition over it).
 */
export const unsettledSalesLines = pgTable('unsettled_sales_lines', {
  salesLineId: uuid('sales_line_id')
    .primaryKey()
    .references(() => foreignId('sales_lines'), { onDelete: 'cascade' }),
});
