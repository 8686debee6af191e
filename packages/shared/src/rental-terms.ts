import { TRIAL_DAYS } from './catalog';
import { addDays, daysBetween } from './format';

/**
 * The rules of a rental contract's time (PRODUCT.md "Rental operations", spec
 * §9), on calendar days 'YYYY-MM-DD' in Europe/Berlin:
 * - the trial: the first 30 days from the later of shop opening and contract
 *   start, once per producer; no trial before the opening date is known;
 * - then the booked term (3, 6 or 12 months); afterwards month by month;
 * - notice: 4 weeks to the end of a month, never ending before the booked
 *   term; in the trial (or before it starts) the producer may end at once.
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

const later = (a: string, b: string) => (a > b ? a : b);

export interface ContractTerms {
  /** First and last day of the free trial; null when there is none (yet). */
  trial: { start: string; end: string } | null;
  /** The first day of the paid term; null while the opening date is unknown. */
  termStart: string | null;
  /** The last day of the booked term; null while the opening date is unknown. */
  termEnd: string | null;
}

/**
 * The trial and the booked term of a contract. `trialUsed`: the producer had
 * a trial with an earlier contract already (once per producer). Without an
 * opening date the shop's start is unknown, and so are trial and term.
 */
export function contractTerms(input: {
  openingDate: string | null;
  startDate: string;
  rentalDuration: number;
  trialUsed: boolean;
}): ContractTerms {
  if (!input.openingDate) return { trial: null, termStart: null, termEnd: null };
  const begins = later(input.openingDate, input.startDate);
  const trial = input.trialUsed ? null : { start: begins, end: addDays(begins, TRIAL_DAYS - 1) };
  const termStart = trial ? addDays(trial.end, 1) : begins;
  return {
    trial,
    termStart,
    termEnd: periodEnd(termStart, input.rentalDuration),
  };
}

/**
 * The earliest day a contract can end when notice is given on `noticeDate`:
 * in the trial, or before anything has begun, at once (that day); otherwise
 * the end of the month at least four weeks after the notice, and not before
 * the month end after the booked term.
 */
export function earliestEnd(terms: ContractTerms, noticeDate: string): string {
  const begun = terms.trial?.start ?? terms.termStart;
  if (!begun || noticeDate < begun) return noticeDate;
  if (terms.trial && noticeDate <= terms.trial.end) return noticeDate;
  const byNotice = monthEnd(addDays(noticeDate, NOTICE_DAYS));
  return terms.termEnd ? later(byNotice, monthEnd(terms.termEnd)) : byNotice;
}

/** Whether an end on `endDate` keeps the notice rule for notice given on `noticeDate`. */
export function isAllowedEnd(terms: ContractTerms, noticeDate: string, endDate: string): boolean {
  const earliest = earliestEnd(terms, noticeDate);
  if (endDate < earliest) return false;
  // an end after the trial is always a month end
  return earliest === noticeDate && endDate === noticeDate ? true : isMonthEnd(endDate);
}

export type ContractPhase = 'scheduled' | 'trial' | 'term' | 'monthly' | 'notice' | 'ended';

/** Where a contract stands on `today`. */
export function contractPhase(
  terms: ContractTerms,
  startDate: string,
  endDate: string | null,
  today: string,
): ContractPhase {
  if (endDate && today > endDate) return 'ended';
  if (endDate) return 'notice';
  const begun = terms.trial?.start ?? terms.termStart;
  if (!begun || today < begun || today < startDate) return 'scheduled';
  if (terms.trial && today <= terms.trial.end) return 'trial';
  if (terms.termEnd && today <= terms.termEnd) return 'term';
  return 'monthly';
}

/** Days left in the trial from `today` (counting today), or null outside it. */
export function trialDaysLeft(terms: ContractTerms, today: string): number | null {
  if (!terms.trial || today < terms.trial.start || today > terms.trial.end) return null;
  return daysBetween(today, terms.trial.end) + 1;
}
