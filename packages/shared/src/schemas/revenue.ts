// Umsätze (issue 26): the shop's figures per month from the settlements, and the occupancy.
import { requiredLine } from './common';
import { z } from './zod';

export const REVENUE_MESSAGES = {
  month: 'Bitte einen Monat im Format JJJJ-MM angeben',
  range: 'Der Zeitraum darf höchstens 36 Monate umfassen, und „von“ liegt nicht nach „bis“.',
} as const;

const month = z
  .string({ error: REVENUE_MESSAGES.month })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: REVENUE_MESSAGES.month });

/** GET /api/admin/revenue?from=YYYY-MM&to=YYYY-MM (default: the last 12 months up to this one) */
export const revenueQuerySchema = z.object({ from: month.optional(), to: month.optional() });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

export const revenueMonthSchema = z.object({
  month: z.string(),
  /** final: settled; draft: computed, not final; none: not settled yet */
  status: z.enum(['final', 'draft', 'none']),
  producers: z.number().int(),
  /** the producers' sales (gross) the settlements counted */
  salesGrossCents: z.number().int(),
  /** rent and extra services (gross, prorated) */
  rentGrossCents: z.number().int(),
  commissionNetCents: z.number().int(),
  commissionGrossCents: z.number().int(),
  manualCents: z.number().int(),
  /** positive payouts to the producers */
  payoutsCents: z.number().int(),
  /** negative payouts: owed by the producers */
  owedCents: z.number().int(),
  /** of those, still open (neither paid nor offset) */
  openItemsCents: z.number().int(),
  /** units held on the month's last day (today for the running month), per type */
  occupancy: z.array(
    z.object({
      optionId: z.string(),
      name: z.string(),
      occupied: z.number().int(),
      total: z.number().int(),
    }),
  ),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

export const revenueResponseSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  months: z.array(revenueMonthSchema),
});
export type RevenueResponse = z.infer<typeof revenueResponseSchema>;

export const MANUAL_LINE_FORM_MESSAGES = {
  vendor: 'Bitte einen Direktvermarkter wählen',
  direction: 'Bitte wählen: Erstattung oder Belastung',
  text: 'Bitte beschreiben, wofür die Position ist',
  amount: 'Bitte einen Betrag über 0 € eingeben, z. B. 12,50',
  vatRate: 'Bitte einen Steuersatz wählen',
} as const;

/**
 * The admin's form for a manual line: a direction and an amount above zero, which the page turns
 * into the signed grossCents of the API (> 0 in favour of the producer).
 */
export const manualLineFormSchema = z.object({
  vendorId: z.string().min(1, { error: MANUAL_LINE_FORM_MESSAGES.vendor }),
  direction: z.enum(['erstattung', 'belastung'], { error: MANUAL_LINE_FORM_MESSAGES.direction }),
  text: requiredLine(MANUAL_LINE_FORM_MESSAGES.text, 200),
  amountCents: z
    .number({ error: MANUAL_LINE_FORM_MESSAGES.amount })
    .int({ error: MANUAL_LINE_FORM_MESSAGES.amount })
    .min(1, { error: MANUAL_LINE_FORM_MESSAGES.amount })
    .max(10_000_000, { error: MANUAL_LINE_FORM_MESSAGES.amount }),
  vatRateBp: z.enum(['0', '700', '780', '1900'], { error: MANUAL_LINE_FORM_MESSAGES.vatRate }),
});
export type ManualLineForm = z.infer<typeof manualLineFormSchema>;
