// TARGET2 business days (the days SEPA transfers are settled): every weekday except New Year's
// Day, Good Friday, Easter Monday, 1 May, Christmas Day and 26 December (ECB). Pure: days are
// 'YYYY-MM-DD'. A payment run's requested execution date is one of them (docs/decisions/0039).
import { addDays } from './format';

/** Easter Sunday of a year (Gregorian; the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether TARGET2 settles on this day. */
export function isTarget2BusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = day.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return day !== addDays(easter, -2) && day !== addDays(easter, 1);
}

/** The first TARGET2 business day after `day`. */
export function nextTarget2BusinessDay(day: string): string {
  let next = addDays(day, 1);
  while (!isTarget2BusinessDay(next)) next = addDays(next, 1);
  return next;
}
