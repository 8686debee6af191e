import { describe, expect, it } from 'vitest';
import { easterSunday, isTarget2BusinessDay, nextTarget2BusinessDay } from './target2';

describe('TARGET2 business days', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter %i is %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it.each([
    ['2026-11-27', true, 'a Friday'],
    ['2026-11-28', false, 'a Saturday'],
    ['2026-11-29', false, 'a Sunday'],
    ['2026-01-01', false, "New Year's Day"],
    ['2026-04-03', false, 'Good Friday'],
    ['2026-04-06', false, 'Easter Monday'],
    ['2026-04-02', true, 'Maundy Thursday'],
    ['2026-05-01', false, '1 May'],
    ['2026-05-14', true, 'Ascension Day (no TARGET2 holiday)'],
    ['2026-10-03', false, 'German Unity Day 2026 is a Saturday'],
    ['2025-10-03', true, 'German Unity Day (no TARGET2 holiday)'],
    ['2026-12-24', true, 'Christmas Eve'],
    ['2026-12-25', false, 'Christmas Day'],
    ['2026-12-28', true, 'the Monday after'],
    ['2026-12-31', true, "New Year's Eve"],
  ])('%s: %s (%s)', (day, expected) => {
    expect(isTarget2BusinessDay(day)).toBe(expected);
  });

  it.each([
    ['2026-11-26', '2026-11-27', 'Thursday → Friday'],
    ['2026-11-27', '2026-11-30', 'Friday → Monday'],
    ['2026-11-28', '2026-11-30', 'Saturday → Monday'],
    ['2026-04-02', '2026-04-07', 'Maundy Thursday → the Tuesday after Easter'],
    ['2026-12-24', '2026-12-28', 'Christmas Eve → Monday 28th'],
    ['2026-12-31', '2027-01-04', "New Year's Eve 2026 (Thursday) → Monday 4 January"],
    ['2027-04-30', '2027-05-03', '30 April 2027 (Friday) → Monday 3 May'],
    ['2026-04-30', '2026-05-04', '30 April 2026 (Thursday) → Monday 4 May'],
  ])('after %s: %s (%s)', (day, next) => {
    expect(nextTarget2BusinessDay(day)).toBe(next);
  });
});
