import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, runDay } from './fixtures';

const SCRIPT = fileURLToPath(new URL('../../../scripts/demo-sales.mjs', import.meta.url));

/**
 * The demo till sales for the run's day, made by the same script as `demo/kassenverkaeufe.csv`
 * (scripts/demo-sales.mjs): the demo's months from its opening (the first of the month four
 * months before the run's month, as the seeded demo contracts start) to the end of last month.
 * The shipped file is made for one install month; a run in another month needs its own.
 */
export function demoSalesFile() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'housnkuh-demo-sales-')), 'kasse.csv');
  execFileSync(process.execPath, [SCRIPT, `--today=${runDay()}`, `--out=${file}`], {
    stdio: 'ignore',
  });
  const rows = readFileSync(file, 'utf8').trim().split('\n').slice(1);
  const days = rows.map((line) => line.split(';')[2]!.slice(0, 10).split('.').reverse().join('-'));
  return {
    file,
    rows,
    /** The first and the last day of the file's lines ('YYYY-MM-DD'). */
    from: days[0]!,
    to: days.at(-1)!,
    /** How many lines, as the import's answer writes the number ("5.467"). */
    lineCount: rows.length.toLocaleString('de-DE'),
  };
}

/**
 * The owner imports the file on the sales page (open already) and reads how many lines it took:
 * thousands of lines, seconds on the embedded database, more when the machine is busy.
 */
export async function importDemoSales(page: Page, demo: ReturnType<typeof demoSalesFile>) {
  await page.getByLabel('CSV-Datei').setInputFiles(demo.file);
  await page.getByRole('button', { name: 'Importieren' }).click();
  await expect(page.getByText(`${demo.lineCount} Zeilen importiert`)).toBeVisible({
    timeout: 30_000,
  });
}
