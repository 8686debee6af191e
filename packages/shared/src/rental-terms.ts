import { addDays, firstOfNextMonth } from './format';

/**
 * Calendar helpers for a rental contract's time, on calendar days
 * 'YYYY-MM-DD' in Europe/Berlin. The rules themselves (the producer's free
 * month, the booked term, notice) are computed in one place on the server:
 * apps/server/src/modules/contracts/rental-terms.ts (docs/decisions/0024).
 */

/** Notice period: four weeks. */
export const NOTICE_DAYS = 28;

/** The last day of the month of `day`. */
export function monthEnd(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0));
  return last.toISOString().slice(0, 10);
}

/** Whether `day` is the last day of its month. */
export function isMonthEnd(day: string): boolean {
  return monthEnd(day) === day;
}

/** `day` plus whole months; a day the month lacks becomes its last (31.01. + 1 = 28./29.02.). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastOfMonth = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(date, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

/**
 * The last day of a period of whole months from `start` (BGB § 188): the day
 * before the same day number `months` later, or that month's last day when it
 * has no such day (31.08. + 3 months ends 30.11., 31.01. + 1 month 28.02.).
 */
export function periodEnd(start: string, months: number): string {
  const date = Number(start.slice(8, 10));
  const target = addMonths(start, months);
  return Number(target.slice(8, 10)) === date ? addDays(target, -1) : target;
}

/**
 * AGB § 4 Abs. 3: "Der Rabatt gilt für die gebuchte Laufzeit". The first day a
 * contract that runs on after its booked term (`termEnd`) pays the price
 * without the duration discount: the day after the term. A settled month
 * never changes, so when that day lies in a month already settled (the
 * latest settled month `lastSettledMonth`, 'YYYY-MM', and everything before
 * it) it is the first day of the month after that one.
 */
export function undiscountedFrom(termEnd: string, lastSettledMonth: string | null): string {
  const dayAfter = addDays(termEnd, 1);
  if (!lastSettledMonth || dayAfter.slice(0, 7) > lastSettledMonth) return dayAfter;
  return firstOfNextMonth(`${lastSettledMonth}-01`);
}

/**
 * The notice reminder before the booked term ends: the last day a notice
 * reaches the term's end (four weeks before the end of the month the term
 * ends in), and the reminder two weeks before that.
 */
export function termEndReminder(termEnd: string): { noticeBy: string; remindOn: string } {
  const noticeBy = addDays(monthEnd(termEnd), -NOTICE_DAYS);
  return { noticeBy, remindOn: addDays(noticeBy, -14) };
}

/** The trial and the booked term of one contract (server: contracts/rental-terms.ts). */
export interface ContractTerms {
  /** This contract's days in the producer's free month; null when it has none. */
  trial: { start: string; end: string } | null;
  /** The first day of the paid term; null while the opening date is unknown. */
  termStart: string | null;
  /** The last day of the booked term; null while the opening date is unknown. */
  termEnd: string | null;
}

export type ContractPhase =
  'scheduled' | 'trial' | 'term' | 'monthly' | 'notice' | 'ended' | 'cancelled';
