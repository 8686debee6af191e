import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, runDay } from './fixtures';

// Steps the money walks share (settlement-walkthrough.spec.ts, month-end.ts, inventory-walk.spec.ts).

/** 'YYYY-MM' as the pages name it ("Juli 2026"). */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * The owner downloads the accountant's DATEV export on the revenue page: the documents of the
 * run's month by document date (the walks issue them today, one fiscal year). Its text, a
 * Buchungsstapel.
 */
export async function downloadDatevExport(page: Page) {
  const exports = page.getByRole('region', { name: 'Für die Steuerberatung' });
  await exports.getByLabel('Von').fill(`${runDay().slice(0, 7)}-01`);
  await exports.getByLabel('Bis').fill(runDay());
  const download = page.waitForEvent('download');
  await exports.getByRole('button', { name: 'DATEV-Export' }).click();
  const datev = readFileSync((await (await download).path())!, 'latin1');
  expect(datev.startsWith('"EXTF";700;21;"Buchungsstapel"')).toBe(true);
  return datev;
}
