import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './format';
import {
  addMonths,
  contractPhase,
  contractTerms,
  earliestEnd,
  isAllowedEnd,
  isMonthEnd,
  monthEnd,
  periodEnd,
  trialDaysLeft,
} from './rental-terms';

describe('calendar helpers', () => {
  it.each([
    ['2026-02-10', '2026-02-28'],
    ['2028-02-01', '2028-02-29'],
    ['2026-12-31', '2026-12-31'],
    ['2026-04-30', '2026-04-30'],
  ])('monthEnd(%s) = %s', (day, end) => expect(monthEnd(day)).toBe(end));

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-08-31', 3, '2026-11-30'],
    ['2026-11-15', 2, '2027-01-15'],
    ['2026-03-31', -1, '2026-02-28'],
  ])('addMonths(%s, %i) = %s', (day, months, result) =>
    expect(addMonths(day, months)).toBe(result),
  );

  it.each([
    ['2026-08-31', 3, '2026-11-30'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-08-15', 3, '2026-11-14'],
    ['2026-01-01', 12, '2026-12-31'],
    ['2026-10-15', 6, '2027-04-14'],
  ])('a period of whole months from %s, %i months, ends %s', (start, months, end) =>
    expect(periodEnd(start, months)).toBe(end),
  );
});

describe('contractTerms', () => {
  it('the binding example: opening 01.07.2026, start 01.08.2026, trial 01.08.–30.08.', () => {
    const terms = contractTerms({
      openingDate: '2026-07-01',
      startDate: '2026-08-01',
      rentalDuration: 3,
      trialUsed: false,
    });
    expect(terms).toEqual({
      trial: { start: '2026-08-01', end: '2026-08-30' },
      termStart: '2026-08-31',
      termEnd: '2026-11-30',
    });
  });

  it.each([
    // opening later than the start: the trial begins with the opening
    [
      { openingDate: '2026-09-15', startDate: '2026-08-01', rentalDuration: 6, trialUsed: false },
      {
        trial: { start: '2026-09-15', end: '2026-10-14' },
        termStart: '2026-10-15',
        termEnd: '2027-04-14',
      },
    ],
    // a second contract: no second trial
    [
      { openingDate: '2026-07-01', startDate: '2027-01-01', rentalDuration: 12, trialUsed: true },
      { trial: null, termStart: '2027-01-01', termEnd: '2027-12-31' },
    ],
    // no opening date yet: nothing is known
    [
      { openingDate: null, startDate: '2026-08-01', rentalDuration: 3, trialUsed: false },
      { trial: null, termStart: null, termEnd: null },
    ],
  ])('%o', (input, terms) => expect(contractTerms(input)).toEqual(terms));
});

describe('earliestEnd', () => {
  const terms = contractTerms({
    openingDate: '2026-07-01',
    startDate: '2026-08-01',
    rentalDuration: 3,
    trialUsed: false,
  });
  it.each([
    ['before the start', '2026-07-20', '2026-07-20'],
    ['in the trial, at once', '2026-08-15', '2026-08-15'],
    ['last trial day, at once', '2026-08-30', '2026-08-30'],
    ['in the term: not before the term ends', '2026-09-01', '2026-11-30'],
    ['four weeks before the term end: exactly then', '2026-11-02', '2026-11-30'],
    ['less than four weeks before: a month later', '2026-11-03', '2026-12-31'],
    ['month by month afterwards', '2027-02-10', '2027-03-31'],
  ])('%s: notice %s ends %s', (_label, notice, end) =>
    expect(earliestEnd(terms, notice)).toBe(end),
  );

  it('without an opening date the producer may end at once', () => {
    const unknown = contractTerms({
      openingDate: null,
      startDate: '2026-08-01',
      rentalDuration: 3,
      trialUsed: false,
    });
    expect(earliestEnd(unknown, '2026-09-10')).toBe('2026-09-10');
  });

  const day = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => addDays('2026-01-01', offset));

  it('after the trial: always a month end, never before the booked term, never less than four weeks after the notice', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(3, 6, 12),
        fc.boolean(),
        fc.integer({ min: 0, max: 500 }),
        (opening, startOffset, months, trialUsed, noticeOffset) => {
          const startDate = addDays(opening, startOffset - 100);
          const terms = contractTerms({
            openingDate: opening,
            startDate,
            rentalDuration: months,
            trialUsed,
          });
          const afterTrial = addDays(terms.trial?.end ?? addDays(terms.termStart!, -1), 1);
          const notice = addDays(afterTrial, noticeOffset);
          const end = earliestEnd(terms, notice);
          expect(isMonthEnd(end)).toBe(true);
          expect(end >= terms.termEnd!).toBe(true);
          expect(daysBetween(notice, end)).toBeGreaterThanOrEqual(28);
          expect(isAllowedEnd(terms, notice, end)).toBe(true);
          // and it is the earliest: the month end before it breaks a rule
          const before = addDays(`${end.slice(0, 7)}-01`, -1);
          expect(before < terms.termEnd! || daysBetween(notice, before) < 28).toBe(true);
        },
      ),
    );
  });

  it('in the trial the end is the day of the notice', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 29 }), (opening, offset) => {
        const terms = contractTerms({
          openingDate: opening,
          startDate: opening,
          rentalDuration: 3,
          trialUsed: false,
        });
        const notice = addDays(opening, offset);
        expect(earliestEnd(terms, notice)).toBe(notice);
      }),
    );
  });
});

describe('phase and days left', () => {
  const terms = contractTerms({
    openingDate: '2026-07-01',
    startDate: '2026-08-01',
    rentalDuration: 3,
    trialUsed: false,
  });
  it.each([
    ['2026-07-31', null, 'scheduled'],
    ['2026-08-01', null, 'trial'],
    ['2026-08-31', null, 'term'],
    ['2026-12-01', null, 'monthly'],
    ['2026-12-01', '2026-12-31', 'notice'],
    ['2027-01-01', '2026-12-31', 'ended'],
  ] as const)('%s (end %s): %s', (today, end, phase) =>
    expect(contractPhase(terms, '2026-08-01', end, today)).toBe(phase),
  );

  it('counts the trial days left including today', () => {
    expect(trialDaysLeft(terms, '2026-08-01')).toBe(30);
    expect(trialDaysLeft(terms, '2026-08-30')).toBe(1);
    expect(trialDaysLeft(terms, '2026-08-31')).toBeNull();
  });
});
