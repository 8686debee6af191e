// The producer's money per settled month (issue 31, docs/decisions/0045): sales,
// deductions, payout and where the payout stands (transferred, to be transferred by the 15th of
// the next month, owed, paid, offset, nothing to transfer).
import { formatEuro, formatIsoDay } from '../format';
import { formatMonth } from '../months';
import { z } from './zod';
import { successResponse } from './common';

export const VENDOR_PAYOUT_STATES = [
  'transferred',
  'pending',
  'missingIban',
  'owed',
  'owedPaid',
  'owedOffset',
  'nothing',
] as const;
export type VendorPayoutState = (typeof VENDOR_PAYOUT_STATES)[number];

export const vendorPayoutMonthSchema = z.object({
  month: z.string(),
  /** VA-2026-00001 of the statement in force (null: none issued). */
  statementNumber: z.string().nullable(),
  salesGrossCents: z.number().int(),
  /** sales − payout: invoice (rent, services, commission, charges), open amounts, minus refunds */
  deductionsCents: z.number().int(),
  payoutCents: z.number().int(),
  state: z.enum(VENDOR_PAYOUT_STATES),
  /** transferred: the bank's day; pending: the 15th of the next month; owed: the due day */
  day: z.string().nullable(),
  /** owedOffset: the month whose settlement offset it */
  offsetInMonth: z.string().nullable(),
  /**
   * owed: what the producer owes for the month now (its open amounts): after a correction that
   * lowered a payout already transferred, the difference, though the statement's payout is positive
   */
  owedCents: z.number().int().optional(),
});
export type VendorPayoutMonth = z.infer<typeof vendorPayoutMonthSchema>;

/** GET /api/vendor-auth/payouts: newest month first. */
export const vendorPayoutsResponseSchema = successResponse({
  months: z.array(vendorPayoutMonthSchema),
});

/** '2026-10' → '2026-11-15': a positive payout is transferred by the 15th of the next month. */
export function payoutDueDay(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return `${next}-15`;
}

/** '2026-12-15' → '15.12.' */
const dayAndMonth = (isoDay: string) => formatIsoDay(isoDay).slice(0, 6);

/** The payout's state in the producer's words ("überwiesen am 12.11.2026"). */
export function payoutStateText(
  entry: Pick<VendorPayoutMonth, 'state' | 'day' | 'payoutCents' | 'offsetInMonth' | 'owedCents'>,
): string {
  switch (entry.state) {
    case 'transferred':
      return entry.day ? `überwiesen am ${formatIsoDay(entry.day)}` : 'überwiesen';
    case 'pending':
      return entry.day ? `wird bis ${dayAndMonth(entry.day)} überwiesen` : 'wird überwiesen';
    case 'missingIban':
      return 'wartet auf deine IBAN';
    case 'owed':
      return `du schuldest ${formatEuro(entry.owedCents ?? -entry.payoutCents)}${
        entry.day ? `, fällig am ${formatIsoDay(entry.day)}` : ''
      }`;
    case 'owedPaid':
      return 'dein Ausgleich ist eingegangen';
    case 'owedOffset':
      return entry.offsetInMonth
        ? `verrechnet mit ${formatMonth(entry.offsetInMonth)}`
        : 'verrechnet';
    case 'nothing':
      return 'nichts zu überweisen';
  }
}

/** The dashboard's one line: "Oktober 2026: Verkäufe 25,50 € · Abzüge 16,21 € · Auszahlung 9,29 € · überwiesen am 12.11.2026" */
export function payoutMonthLine(entry: VendorPayoutMonth): string {
  return `${formatMonth(entry.month)}: Verkäufe ${formatEuro(entry.salesGrossCents)} · Abzüge ${formatEuro(
    entry.deductionsCents,
  )} · Auszahlung ${formatEuro(entry.payoutCents)} · ${payoutStateText(entry)}`;
}
