import { describe, expect, it } from 'vitest';
import { addMonths, monthEnd, periodEnd } from './rental-terms';

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
