// The settlement module's tables (only it writes them; docs/decisions/0013, 0033): the months,
// each producer's draft or final figures, manual lines, the sales lines a month settled, payouts
// and the amounts producers owe (open items). Rows of a final month are never recomputed.
import type { IssuedDocument } from '@housnkuh/shared/schemas/documents';
import type { Settlement } from '@housnkuh/shared/settlement';
import {
  bigint,
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
import { idColumn, vendorIdColumn, stampedAt } from '../../db/columns';

/** A month being settled ('YYYY-MM'): draft until finalized, then final. */
export const settlementMonths = pgTable('settlement_months', {
  month: text('month').primaryKey(),
  /** draft | final */
  status: text('status').notNull().default('draft'),
  createdAt: stampedAt('created_at'),
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
    vendorId: vendorIdColumn(),
    /** draft | final */
    status: text('status').notNull().default('draft'),
    figures: jsonb('figures').$type<Settlement>().notNull(),
    /** German texts: what is missing to settle this producer. */
    blockers: jsonb('blockers').$type<string[]>().notNull().default([]),
    /** The documents issued, once final. */
    documents: jsonb('documents').$type<IssuedDocument[]>().notNull().default([]),
    computedAt: stampedAt('computed_at'),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    /**
     * SHA-256 of a draft's figures and blockers as written: a recomputation that comes to the
     * same leaves the row as it is (docs/decisions/0085); null: written before it was kept, or
     * blockers written without it. Whoever writes figures or blockers writes it or nulls it.
     */
    fingerprint: text('fingerprint'),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.vendorId] }),
    index('settlement_items_vendor_idx').on(table.vendorId),
  ],
);

/**
 * A line the admin adds to a draft, of one of two kinds (docs/product/money.md, manual lines): a
 * `charge`
 * by the shop (on the invoice at 19 % or 7 %; `grossCents` > 0 the producer pays, < 0 a credit
 * on the invoice), or a `refund` that is no supply (statement only, no VAT; `grossCents` > 0,
 * paid to the producer; `vatRateBp` null).
 */
export const settlementManualLines = pgTable(
  'settlement_manual_lines',
  {
    id: idColumn(),
    month: text('month')
      .notNull()
      .references(() => settlementMonths.month),
    vendorId: vendorIdColumn(),
    /** charge | refund */
    kind: text('kind').notNull().default('charge'),
    text: text('text').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    /** 1900 or 700 for a charge; null for a refund. */
    vatRateBp: integer('vat_rate_bp'),
    createdBy: text('created_by').notNull(),
    createdAt: stampedAt('created_at'),
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

/**
 * A payment run (Zahlungslauf): positive payouts of one month in one SEPA file with a fixed
 * message id and requested execution date. The file is written once when the run is created
 * and never changes (every download gives the same bytes). Discarded only while never
 * downloaded; transferred once the owner records the bank's date.
 */
export const paymentRuns = pgTable(
  'payment_runs',
  {
    id: idColumn(),
    month: text('month').notNull(),
    messageId: text('message_id').notNull().unique(),
    executionDate: date('execution_date', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The pain.001 file as created; never changed. */
    xml: text('xml').notNull(),
    createdAt: stampedAt('created_at'),
    createdBy: text('created_by').notNull(),
    /** The first download: from then on the run may be at the bank. */
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
    discardedBy: text('discarded_by'),
    /** The bank's execution day, as the owner records it. */
    transferredOn: date('transferred_on', { mode: 'string' }),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    transferredBy: text('transferred_by'),
  },
  (table) => [index('payment_runs_month_idx').on(table.month)],
);

/**
 * A positive amount paid to a producer by SEPA transfer: the payout of a final month's
 * statement, the positive difference of a correction, or a returned transfer paid again. Paid
 * once the admin marks it (or its run) transferred. The payee's name and IBAN are the ones
 * printed on the statement.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: idColumn(),
    month: text('month').notNull(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    statementDocumentId: uuid('statement_document_id'),
    /** VA-2026-00001: the transfer's reference */
    statementNumber: text('statement_number'),
    /** The account holder and IBAN as printed on the statement (null: rows before runs). */
    payeeName: text('payee_name'),
    payeeIban: text('payee_iban'),
    /** The run it is in (a discarded run frees it: null again). */
    runId: uuid('run_id').references(() => paymentRuns.id, { onDelete: 'restrict' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by'),
    /** The bank returned the transfer: a new payout (replacesPayoutId) pays it again. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedReason: text('returned_reason'),
    returnedBy: text('returned_by'),
    replacesPayoutId: uuid('replaces_payout_id'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    index('payouts_month_idx').on(table.month, table.vendorId),
    index('payouts_run_idx').on(table.runId),
  ],
);

/**
 * An amount a producer owes from a negative payout: due after the payment term, open until the
 * admin records the payment, or offset by the next settlement that finds it open.
 */
export const openItems = pgTable(
  'open_items',
  {
    id: idColumn(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => foreignId('vendors'), { onDelete: 'restrict' }),
    month: text('month').notNull(),
    /** owed, > 0 */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    dueOn: date('due_on').notNull(),
    documentNumber: text('document_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by'),
    /** The month whose final settlement offset it. */
    offsetInMonth: text('offset_in_month'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('open_items_vendor_idx').on(table.vendorId)],
);

/**
 * The progress of a month's finalizing while it runs, for GET …/fortschritt on any instance
 * (PostgreSQL only; the embedded database has one instance and keeps it in memory). Written
 * beside the finalizing transaction, deleted when it ends; a row whose finalizing holds no lock
 * any more (the instance died) counts as nothing (progress.service.ts).
 */
export const settlementFinalizeProgress = pgTable('settlement_finalize_progress', {
  month: text('month').primaryKey(),
  /** pruefen | belege */
  phase: text('phase').notNull(),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
});
