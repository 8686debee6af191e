import { addMonths } from './rental-terms';

/**
 * The demo data's calendar (docs/decisions/0043-discount-term-and-demo.md): the demo shop opened on the first day
 * of the month four months before the month it is installed in, its producers' contracts start
 * that day, and its till sales (demo/kassenverkaeufe.csv, scripts/demo-sales.mjs) cover the
 * months from then to the end of the month before the install month. Installed in November
 * 2026: opening 01.07.2026, sales July to October 2026.
 */
export const DEMO_MONTHS_BEFORE_INSTALL = 4;

/** The demo's opening for an install on `today` ('YYYY-MM-DD'). */
export function demoOpening(today: string): string {
  return addMonths(`${today.slice(0, 7)}-01`, -DEMO_MONTHS_BEFORE_INSTALL);
}

/** The demo's full months ('YYYY-MM', oldest first): from the opening to the month before `today`'s. */
export function demoMonths(today: string): string[] {
  const first = demoOpening(today);
  return Array.from({ length: DEMO_MONTHS_BEFORE_INSTALL }, (_, index) =>
    addMonths(first, index).slice(0, 7),
  );
}
