import { describe, expect, it } from 'vitest';
import { demoMonths, demoOpening } from './demo-months';

describe('the demo calendar', () => {
  it.each([
    ['2026-11-27', '2026-07-01', ['2026-07', '2026-08', '2026-09', '2026-10']],
    ['2026-12-01', '2026-08-01', ['2026-08', '2026-09', '2026-10', '2026-11']],
    ['2027-02-28', '2026-10-01', ['2026-10', '2026-11', '2026-12', '2027-01']],
    ['2027-04-30', '2026-12-01', ['2026-12', '2027-01', '2027-02', '2027-03']],
  ])('installed on %s: opening %s, sales in %j', (today, opening, months) => {
    expect(demoOpening(today)).toBe(opening);
    expect(demoMonths(today)).toEqual(months);
  });
});
