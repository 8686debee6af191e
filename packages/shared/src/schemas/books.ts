// The month's books for the owner (issue 30, docs/decisions/0041): the reconciliation of the
// till against the settled sales, and the VAT per rate of the revenue overview.
import { z } from './zod';
import { successResponse } from './common';

export const BOOKS_MESSAGES = {
  month: 'Bitte einen Monat im Format JJJJ-MM angeben, z. B. 2026-10',
} as const;

/**
 * GET /api/admin/abrechnungen/:month/abgleich. A month of the years 2000–2099: the shop's books
 * begin in 2026, and a year like 0062 or 9999 has no day in Kronach the server can compute
 * (it answered 500; found by the API fuzz, issue 32).
 */
export const reconcileParamsSchema = z.object({
  month: z
    .string({ error: BOOKS_MESSAGES.month })
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: BOOKS_MESSAGES.month }),
});

/**
 * Why a till line's amount is (or is not) in the month's settled sales:
 * - own_sale: marked "kein Verkauf eines Direktvermarkters", the shop's own sale (its rate);
 * - no_sale: marked so, no sale at all (e.g. a voucher);
 * - no_vendor: marked so before the two were told apart;
 * - unassigned: its EAN named no product and nobody assigned it yet;
 * - not_settled: a producer's sale not in this month's settlement (a draft, a blocked producer,
 *   a rate to clarify);
 * - later: a producer's sale settled in a later month (a Nachtrag there);
 * - nachtrag: a sale of an earlier month settled in this month (counted against the till).
 */
export const RECONCILE_REASONS = [
  'own_sale',
  'no_sale',
  'no_vendor',
  'unassigned',
  'not_settled',
  'later',
  'nachtrag',
] as const;
export type ReconcileReason = (typeof RECONCILE_REASONS)[number];

export const RECONCILE_LABELS: Record<ReconcileReason, string> = {
  own_sale: 'Eigener Verkauf des Ladens',
  no_sale: 'Kein Verkauf (z. B. Gutschein)',
  no_vendor: 'Kein Verkauf eines Direktvermarkters (nicht unterschieden)',
  unassigned: 'Nicht zugeordnet',
  not_settled: 'Verkauf eines Direktvermarkters, in diesem Monat nicht abgerechnet',
  later: 'Als Nachtrag in einem späteren Monat abgerechnet',
  nachtrag: 'Nachtrag aus einem früheren Monat',
};

export const reconcileLineSchema = z.object({
  id: z.string(),
  receiptId: z.string(),
  position: z.number().int(),
  soldAt: z.string(),
  articleText: z.string(),
  vatRateBp: z.number().int(),
  /** the line's total as the till sold it */
  grossCents: z.number().int(),
  /** what it explains of (till − settled): the total, negated for a Nachtrag */
  differenceCents: z.number().int(),
  reason: z.enum(RECONCILE_REASONS),
  /** e.g. "Eigener Verkauf des Ladens (19 %)", "Als Nachtrag abgerechnet im November 2026" */
  label: z.string(),
});
export type ReconcileLine = z.infer<typeof reconcileLineSchema>;

export const reconcileResponseSchema = successResponse({
  month: z.string(),
  /** none: not settled yet; draft: the drafts' sales; final: the issued settlements' */
  status: z.enum(['none', 'draft', 'final']),
  /** every till line sold in the month */
  tillGrossCents: z.number().int(),
  tillLines: z.number().int(),
  /** the producers' sales the month's settlements count */
  settledSalesGrossCents: z.number().int(),
  differenceCents: z.number().int(),
  /** Σ of the lines below; unexplained = difference − explained (0 when everything adds up) */
  explainedCents: z.number().int(),
  unexplainedCents: z.number().int(),
  groups: z.array(
    z.object({
      reason: z.enum(RECONCILE_REASONS),
      label: z.string(),
      count: z.number().int(),
      differenceCents: z.number().int(),
    }),
  ),
  lines: z.array(reconcileLineSchema),
});
export type ReconcileResponse = z.infer<typeof reconcileResponseSchema>;

/** A VAT rate's gross, net and VAT (net = round(gross / (1 + rate)) once per rate). */
export const vatByRateSchema = z.object({
  vatRateBp: z.number().int(),
  grossCents: z.number().int(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
});
export type VatByRate = z.infer<typeof vatByRateSchema>;

/** The VAT of a month: the shop's own output VAT and the producers' sales, per rate. */
export const revenueVatSchema = z.object({
  /** the shop's invoices to the producers, per rate (their totals as issued) */
  invoices: z.array(vatByRateSchema),
  /** till lines recorded as the shop's own sales, per rate */
  ownSales: z.array(vatByRateSchema),
  /** the shop's output VAT for the VAT return: invoices and own sales together, per rate */
  shop: z.array(vatByRateSchema),
  /** the producers' sales (in their name), per rate */
  producers: z.array(vatByRateSchema),
});
export type RevenueVat = z.infer<typeof revenueVatSchema>;
