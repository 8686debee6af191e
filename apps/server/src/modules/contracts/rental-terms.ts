import { TRIAL_DAYS } from '@housnkuh/shared/catalog';
import { addDays, daysBetween, isoDayInBerlin } from '@housnkuh/shared/format';
import {
  isMonthEnd,
  monthEnd,
  NOTICE_DAYS,
  periodEnd,
  type ContractPhase,
  type ContractTerms,
} from '@housnkuh/shared/rental-terms';

/**
 * The one place that computes a producer's dates (docs/product/rental.md, docs/decisions/0024): its
 * free month, each contract's booked
 * term, where a contract stands and how early it can end. Every screen, mail,
 * status and job reads them from here.
 */

/** What the rules need of a contract. */
export interface TermsContract {
  id: string;
  status: string;
  startDate: string;
  endDate: string | null;
  rentalDuration: number;
  createdAt: Date;
}

export interface FreeMonth {
  /** First and last day (30 calendar days). */
  start: string;
  end: string;
}

const later = (a: string, b: string) => (a > b ? a : b);

/** A contract ended before its start: storniert, it never ran and counts for nothing. */
export function isStorniert(contract: Pick<TermsContract, 'status'>): boolean {
  return contract.status === 'cancelled';
}

/**
 * The producer's free month: the 30 calendar days from the later of the
 * shop's opening and the earliest start among its contracts that are not
 * storniert. Once begun it never moves: a contract approved on or after its
 * first day does not move it, one approved before with an earlier start does.
 * Null while the opening date is unknown or the producer has no contract.
 */
export function freeMonthOf(
  openingDate: string | null,
  vendorContracts: readonly Pick<TermsContract, 'id' | 'status' | 'startDate' | 'createdAt'>[],
): FreeMonth | null {
  if (!openingDate) return null;
  const inOrder = vendorContracts
    .filter((contract) => !isStorniert(contract))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  let start: string | null = null;
  for (const contract of inOrder) {
    const candidate = later(openingDate, contract.startDate);
    const approvedOn = isoDayInBerlin(contract.createdAt);
    if (start === null || (candidate < start && approvedOn < start)) start = candidate;
  }
  return start ? { start, end: addDays(start, TRIAL_DAYS - 1) } : null;
}

/**
 * A contract's dates under the producer's free month: the free days it has
 * (those of the free month from its start on), and its booked term from the
 * later of its start and the day after the free month. Without an opening
 * date (or free month) they are unknown. An ended contract has nothing after
 * its end: its free days and its term are cut at its end date, and a term
 * that would begin after the end is none (null).
 */
export function contractDates(
  contract: Pick<TermsContract, 'startDate' | 'rentalDuration'> & { endDate?: string | null },
  freeMonth: FreeMonth | null,
): ContractTerms {
  if (!freeMonth) return { trial: null, termStart: null, termEnd: null };
  const ends = contract.endDate ?? null;
  const upTo = (day: string) => (ends && ends < day ? ends : day);
  const begins = later(freeMonth.start, contract.startDate);
  const trialEnd = upTo(freeMonth.end);
  const trial = begins <= trialEnd ? { start: begins, end: trialEnd } : null;
  const termStart = later(contract.startDate, addDays(freeMonth.end, 1));
  if (ends && ends < termStart) return { trial, termStart: null, termEnd: null };
  return { trial, termStart, termEnd: upTo(periodEnd(termStart, contract.rentalDuration)) };
}

/** The producer's dates: its free month and each contract's terms. */
export function rentalTerms(
  openingDate: string | null,
  vendorContracts: readonly Pick<
    TermsContract,
    'id' | 'status' | 'startDate' | 'createdAt' | 'rentalDuration'
  >[],
) {
  const freeMonth = freeMonthOf(openingDate, vendorContracts);
  return {
    freeMonth,
    of: (
      contract: Pick<TermsContract, 'startDate' | 'rentalDuration'> & { endDate?: string | null },
    ) => contractDates(contract, freeMonth),
  };
}

/** Who ends a contract: only the producer may end at once in its free month. */
export type Terminator = 'producer' | 'shop';

/**
 * Whether the producer may end a contract at once on `day`: in its free
 * month, or before the free month has begun (nothing has been used yet);
 * a contract starting later than `day` is then storniert.
 */
export function endsAtOnce(freeMonth: FreeMonth | null, day: string): boolean {
  return !freeMonth || day <= freeMonth.end;
}

/**
 * The earliest day a contract can end by an ordinary notice given on
 * `noticeDate`: for the producer in (or before) its free month that day;
 * otherwise the end of the month at least four weeks after the notice, and
 * never before the booked term ends (a month end).
 */
export function earliestEnd(
  terms: ContractTerms,
  freeMonth: FreeMonth | null,
  noticeDate: string,
  by: Terminator,
): string {
  if (by === 'producer' && endsAtOnce(freeMonth, noticeDate)) return noticeDate;
  const byNotice = monthEnd(addDays(noticeDate, NOTICE_DAYS));
  return terms.termEnd ? later(byNotice, monthEnd(terms.termEnd)) : byNotice;
}

/** Whether an end on `endDate` keeps the notice rule for notice given on `noticeDate`. */
export function isAllowedEnd(
  terms: ContractTerms,
  freeMonth: FreeMonth | null,
  noticeDate: string,
  endDate: string,
  by: Terminator,
): boolean {
  const earliest = earliestEnd(terms, freeMonth, noticeDate, by);
  if (endDate < earliest) return false;
  // an end at once is that day; any other end is a month end
  return endDate === noticeDate && earliest === noticeDate ? true : isMonthEnd(endDate);
}

/** Where a contract stands on `today`. */
export function contractPhase(
  contract: Pick<TermsContract, 'status' | 'startDate' | 'endDate'>,
  terms: ContractTerms,
  today: string,
): ContractPhase {
  if (isStorniert(contract)) return 'cancelled';
  if (contract.endDate && today > contract.endDate) return 'ended';
  if (contract.endDate) return 'notice';
  const begins = terms.trial?.start ?? terms.termStart;
  if (!begins || today < begins) return 'scheduled';
  if (terms.trial && today <= terms.trial.end) return 'trial';
  if (terms.termEnd && today <= terms.termEnd) return 'term';
  return 'monthly';
}

/** Days left in the free month from `today` (counting today), or null outside it. */
export function freeDaysLeft(freeMonth: FreeMonth | null, today: string): number | null {
  if (!freeMonth || today < freeMonth.start || today > freeMonth.end) return null;
  return daysBetween(today, freeMonth.end) + 1;
}
