import { describe, expect, it } from 'vitest';
import { addMonths, monthEnd, periodEnd, termEndReminder, undiscountedFrom } from './rental-terms';

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

describe('the duration discount holds for the booked term (AGB § 4 Abs. 3)', () => {
  it.each([
    // term end, latest settled month, first day at the undiscounted price
    ['2027-02-28', null, '2027-03-01'],
    ['2027-02-28', '2027-01', '2027-03-01'],
    ['2027-03-13', '2027-02', '2027-03-14'],
    ['2026-12-31', '2026-11', '2027-01-01'],
    // the job ran late: the day after the term lies in a settled month, so from the next open one
    ['2027-02-28', '2027-03', '2027-04-01'],
    ['2027-03-13', '2027-03', '2027-04-01'],
    ['2027-03-13', '2027-05', '2027-06-01'],
    ['2026-12-15', '2026-12', '2027-01-01'],
  ])('term ending %s, settled through %s: undiscounted from %s', (termEnd, settled, from) =>
    expect(undiscountedFrom(termEnd, settled)).toBe(from),
  );

  it.each([
    // the term's end, the last day of a notice that reaches it, the reminder
    ['2027-02-28', '2027-01-31', '2027-01-17'],
    ['2027-03-13', '2027-03-03', '2027-02-17'],
    ['2026-12-31', '2026-12-03', '2026-11-19'],
  ])('a term ending %s: notice by %s, reminded on %s', (termEnd, noticeBy, remindOn) =>
    expect(termEndReminder(termEnd)).toEqual({ noticeBy, remindOn }),
  );
});
