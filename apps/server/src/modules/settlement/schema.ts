// The settlement module's tables (only it writes them; docs/decisions/0013, 0033): the months,
// each producer's draft or final figures, manual lines, the sales lines a month settled, payouts
// and the amounts producers owe (open items). Rows of a final month are never recomputed.
import { clock } from '@housnkuh/shared/clock';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now());

/** A month being settled ('YYYY-MM'): draft until finalized, then final. */
export const settlementMonths = pgTable('settlement_months', {
  month: text('month').primaryKey(),
  /** draft | final */
  status: text('status').notNull().default('draft'),
  createdAt: createdAt(),
  finalizedAt: timestamp('finalized_at', { withTimezone: true }),
  /** The admin's name (as in the audit log). */
  finalizedBy: text('finalized_by'),
});

/**
 * One producer's settlement of a month: the figures of the pure core (`Settlement`), what keeps
 * it from being finalized, and once final the documents issued. A blocked producer stays a draft
 * in a final month until it is fixed and settled.
 */
export const settlementItems = pgTable(
  'settlement_items',
  {
    month: text('month')
      .notNull()
      .references(() => settlementMonths.month),
    // a draft goes with its producer; a final one has documents, which keep the producer
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'cascade' }),
    /** draft | final */
    status: text('status').notNull().default('draft'),
    figures: jsonb('figures').notNull(),
    /** German texts: what is missing to settle this producer. */
    blockers: jsonb('blockers').notNull().default([]),
    /** [{ id, type, number, vendorId }] once final */
    documents: jsonb('documents').notNull().default([]),
    computedAt: timestamp('computed_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.vendorId] }),
    index('settlement_items_vendor_idx').on(table.vendorId),
  ],
);

/** A line the admin adds to a draft: > 0 in favour of the producer (a refund), < 0 a charge. */
export const settlementManualLines = pgTable(
  'settlement_manual_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    month: text('month')
      .notNull()
      .references(() => settlementMonths.month),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'cascade' }),
    text: text('text').notNull(),
    grossCents: integer('gross_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('settlement_manual_lines_month_idx').on(table.month, table.vendorId)],
);

/** The sales lines a final settlement counted: each exactly once. */
export const settledSalesLines = pgTable(
  'settled_sales_lines',
  {
    salesLineId: uuid('sales_line_id')
      .primaryKey()
      .references(() => foreignId('sales_lines'), { onDelete: 'restrict' }),
    month: text('month').notNull(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'restrict' }),
  },
  (table) => [index('settled_sales_lines_month_idx').on(table.month, table.vendorId)],
);

/** A positive payout of a final month, by SEPA transfer; paid once the admin marks it. */
export const payouts = pgTable(
  'payouts',
  {
    month: text('month').notNull(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    statementDocumentId: uuid('statement_document_id'),
    /** VA-2026-00001: the transfer's reference */
    statementNumber: text('statement_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by'),
  },
  (table) => [primaryKey({ columns: [table.month, table.vendorId] })],
);

/**
 * An amount a producer owes from a negative payout: due after the payment term, open until the
 * admin records the payment, or offset by the next settlement that finds it open.
 */
export const openItems = pgTable(
  'open_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'restrict' }),
    month: text('month').notNull(),
    /** owed, > 0 */
    amountCents: integer('amount_cents').notNull(),
    dueOn: date('due_on').notNull(),
    documentNumber: text('document_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by'),
    /** The month whose final settlement offset it. */
    offsetInMonth: text('offset_in_month'),
    createdAt: createdAt(),
  },
  (table) => [index('open_items_vendor_idx').on(table.vendorId)],
);
