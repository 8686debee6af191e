// The producer's sales report (GET /api/vendor-auth/sales, docs/decisions/0032): its query and
// answer, and the keys of its periods (Berlin days, ISO weeks, months).
import { addDays } from '../format';
import { GERMAN_MONTHS } from '../months';
import { isoDay } from './settings';
import { z } from './zod';
import { successResponse } from './common';

export const SALES_GROUPINGS = ['day', 'week', 'month', 'product'] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

export const SALES_REPORT_MESSAGES = {
  groupBy: 'Bitte gruppiere nach Tag, Woche, Monat oder Produkt',
  order: 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen',
  tooLong: 'Der Zeitraum darf höchstens zwei Jahre umfassen',
} as const;

/** The same day two years later ('2026-03-01' → '2028-03-01'): a period must end before it. */
export function twoYearsAfter(day: string): string {
  return `${String(Number(day.slice(0, 4)) + 2).padStart(4, '0')}${day.slice(4)}`;
}

export const salesReportQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    groupBy: z.enum(SALES_GROUPINGS, { error: SALES_REPORT_MESSAGES.groupBy }).default('day'),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: SALES_REPORT_MESSAGES.order });
    else if (query.to >= twoYearsAfter(query.from))
      ctx.addIssue({ code: 'custom', path: ['to'], message: SALES_REPORT_MESSAGES.tooLong });
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export const salesReportRowSchema = z.object({
  /** '2026-10-31' (day), '2026-W44' (ISO week), '2026-10' (month), or the product's id. */
  key: z.string(),
  /** The product's name (groupBy=product). */
  label: z.string().optional(),
  /** Units sold, returns subtracted, as a decimal number (0,352 kg = 0.352). */
  quantity: z.number(),
  /** The selling unit of the quantity ('kg', 'Glas'); null when the row mixes units. */
  unit: z.string().nullable().optional(),
  grossCents: z.number().int(),
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

export const salesReportResponseSchema = successResponse({
  rows: z.array(salesReportRowSchema),
  totalGrossCents: z.number().int(),
});
export type SalesReportResponse = z.infer<typeof salesReportResponseSchema>;

/** The ISO week of a day: '2026-10-31' → '2026-W44' (the week's year is its Thursday's). */
export function isoWeekKey(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4, 12));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  const week1Monday = firstThursday.getTime() - firstWeekday * 86_400_000;
  const week =
    Math.floor((thursday.getTime() - 3 * 86_400_000 - week1Monday) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The key of a day's period: the day, its ISO week or its month. */
export function periodKey(day: string, grouping: Exclude<SalesGrouping, 'product'>): string {
  if (grouping === 'day') return day;
  if (grouping === 'week') return isoWeekKey(day);
  return day.slice(0, 7);
}

/** Every period key from `from` to `to` (ISO days), in order, each once. */
export function periodKeys(
  from: string,
  to: string,
  grouping: Exclude<SalesGrouping, 'product'>,
): string[] {
  const keys: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const key = periodKey(day, grouping);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  return keys;
}

/** How a period's key reads: '31.10.2026', 'KW 44/2026', 'Oktober 2026'. */
export function periodLabel(key: string): string {
  const week = /^(\d{4})-W(\d{2})$/.exec(key);
  if (week) return `KW ${Number(week[2])}/${week[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  if (month) return `${GERMAN_MONTHS[Number(month[2]) - 1]} ${month[1]}`;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  return key;
}
