import { addDays, daysBetween } from '@housnkuh/shared/format';
import { isMonthEnd } from '@housnkuh/shared/rental-terms';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contractDates,
  contractPhase,
  earliestEnd,
  freeDaysLeft,
  freeMonthOf,
  isAllowedEnd,
} from './rental-terms';

const at = (day: string) => new Date(`${day}T09:00:00Z`);
const contract = (id: string, startDate: string, approvedOn: string, status = 'scheduled') => ({
  id,
  status,
  startDate,
  createdAt: at(approvedOn),
  rentalDuration: 3,
});

describe('the producer’s free month', () => {
  it('the binding example: opening 01.07.2026, start 01.08.2026, free 01.08.–30.08.', () => {
    const free = freeMonthOf('2026-07-01', [contract('a', '2026-08-01', '2026-06-01')]);
    expect(free).toEqual({ start: '2026-08-01', end: '2026-08-30' });
    expect(contractDates({ startDate: '2026-08-01', rentalDuration: 3 }, free)).toEqual({
      trial: { start: '2026-08-01', end: '2026-08-30' },
      termStart: '2026-08-31',
      termEnd: '2026-11-30',
    });
  });

  it('starts with the opening when the contract starts before it; unknown without an opening date', () => {
    expect(freeMonthOf('2026-07-01', [contract('a', '2026-05-01', '2026-04-01')])).toEqual({
      start: '2026-07-01',
      end: '2026-07-30',
    });
    expect(freeMonthOf(null, [contract('a', '2026-05-01', '2026-04-01')])).toBeNull();
  });

  it('an earlier start approved before it begins moves it; once begun it never moves', () => {
    const first = contract('a', '2026-09-10', '2026-08-01');
    expect(freeMonthOf('2026-07-01', [first, contract('b', '2026-09-01', '2026-08-20')])).toEqual({
      start: '2026-09-01',
      end: '2026-09-30',
    });
    // approved on the free month's first day: it has begun
    expect(freeMonthOf('2026-07-01', [first, contract('b', '2026-09-10', '2026-09-10')])).toEqual({
      start: '2026-09-10',
      end: '2026-10-09',
    });
  });

  it('a storniert contract counts for nothing', () => {
    expect(
      freeMonthOf('2026-07-01', [
        contract('a', '2026-08-01', '2026-07-01', 'cancelled'),
        contract('b', '2026-09-01', '2026-07-02'),
      ]),
    ).toEqual({ start: '2026-09-01', end: '2026-09-30' });
  });

  it('a later contract: the free month’s remaining days, or none; its term from the day after', () => {
    const free = { start: '2026-08-01', end: '2026-08-30' };
    expect(contractDates({ startDate: '2026-08-20', rentalDuration: 3 }, free)).toEqual({
      trial: { start: '2026-08-20', end: '2026-08-30' },
      termStart: '2026-08-31',
      termEnd: '2026-11-30',
    });
    expect(contractDates({ startDate: '2027-01-01', rentalDuration: 12 }, free)).toEqual({
      trial: null,
      termStart: '2027-01-01',
      termEnd: '2027-12-31',
    });
  });

  it('an ended contract: nothing after its end (free days cut, no term when it ends before)', () => {
    const free = { start: '2026-08-01', end: '2026-08-30' };
    const dates = (endDate: string) =>
      contractDates({ startDate: '2026-08-01', rentalDuration: 3, endDate }, free);
    expect(dates('2026-08-05')).toEqual({
      trial: { start: '2026-08-01', end: '2026-08-05' },
      termStart: null,
      termEnd: null,
    });
    expect(dates('2026-10-05')).toEqual({
      trial: { start: '2026-08-01', end: '2026-08-30' },
      termStart: '2026-08-31',
      termEnd: '2026-10-05',
    });
    expect(dates('2026-12-31').termEnd).toBe('2026-11-30');
  });
});

describe('earliestEnd', () => {
  const free = { start: '2026-08-01', end: '2026-08-30' };
  const terms = contractDates({ startDate: '2026-08-01', rentalDuration: 3 }, free);
  it.each([
    ['before the free month, the producer: at once', '2026-07-20', 'producer', '2026-07-20'],
    ['in the free month, the producer: at once', '2026-08-15', 'producer', '2026-08-15'],
    ['last free day, the producer: at once', '2026-08-30', 'producer', '2026-08-30'],
    ['in the free month, the shop: after the term', '2026-08-15', 'shop', '2026-11-30'],
    ['in the term: not before the term ends', '2026-09-01', 'producer', '2026-11-30'],
    ['four weeks before the term end: exactly then', '2026-11-02', 'shop', '2026-11-30'],
    ['less than four weeks before: a month later', '2026-11-03', 'producer', '2026-12-31'],
    ['month by month afterwards', '2027-02-10', 'shop', '2027-03-31'],
  ] as const)('%s: notice %s by %s ends %s', (_label, notice, by, end) =>
    expect(earliestEnd(terms, free, notice, by)).toBe(end),
  );

  const day = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => addDays('2026-01-01', offset));

  it('after the free month or by the shop: a month end, never before the booked term, at least four weeks', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(3, 6, 12),
        fc.integer({ min: -60, max: 500 }),
        fc.constantFrom('producer' as const, 'shop' as const),
        (opening, startOffset, months, noticeOffset, by) => {
          const startDate = addDays(opening, startOffset - 100);
          const freeMonth = freeMonthOf(opening, [contract('a', startDate, '2025-01-01')]);
          const terms = contractDates({ startDate, rentalDuration: months }, freeMonth);
          const notice = addDays(freeMonth!.end, noticeOffset);
          if (by === 'producer' && notice <= freeMonth!.end) {
            expect(earliestEnd(terms, freeMonth, notice, by)).toBe(notice);
            return;
          }
          const end = earliestEnd(terms, freeMonth, notice, by);
          expect(isMonthEnd(end)).toBe(true);
          expect(end >= terms.termEnd!).toBe(true);
          expect(daysBetween(notice, end)).toBeGreaterThanOrEqual(28);
          expect(isAllowedEnd(terms, freeMonth, notice, end, by)).toBe(true);
          const before = addDays(`${end.slice(0, 7)}-01`, -1);
          expect(before < terms.termEnd! || daysBetween(notice, before) < 28).toBe(true);
        },
      ),
    );
  });
});

describe('phase and days left', () => {
  const free = { start: '2026-08-01', end: '2026-08-30' };
  const terms = contractDates({ startDate: '2026-08-01', rentalDuration: 3 }, free);
  it.each([
    ['2026-07-31', null, 'scheduled', 'scheduled'],
    ['2026-08-01', null, 'active', 'trial'],
    ['2026-08-31', null, 'active', 'term'],
    ['2026-12-01', null, 'active', 'monthly'],
    ['2026-12-01', '2026-12-31', 'active', 'notice'],
    ['2027-01-01', '2026-12-31', 'ended', 'ended'],
    ['2026-07-31', null, 'cancelled', 'cancelled'],
  ] as const)('%s (end %s, %s): %s', (today, endDate, status, phase) =>
    expect(contractPhase({ status, startDate: '2026-08-01', endDate }, terms, today)).toBe(phase),
  );

  it('counts the free days left including today', () => {
    expect(freeDaysLeft(free, '2026-08-01')).toBe(30);
    expect(freeDaysLeft(free, '2026-08-30')).toBe(1);
    expect(freeDaysLeft(free, '2026-08-31')).toBeNull();
  });
});
