// The one CSV writer of the server (issue 30, item 15; docs/decisions/0042): every CSV a
// spreadsheet opens (the till's product list, the reports, the revenue, the document lines, the
// contest and newsletter lists) is written here: semicolons, UTF-8 with a byte order mark,
// quotes where a field needs them, and no cell that a spreadsheet would run as a formula.
import { stringify } from 'csv-stringify/sync';

/** A cell: text (neutralized when it looks like a formula), or a number as it is. */
export type CsvCell = string | number | null | undefined;

/** A plain number as the CSVs write figures ('-12,34', '7,8', '-3'): never a formula. */
const PLAIN_NUMBER = /^-?\d+(,\d+)?$/;
/** What starts a formula in Excel, LibreOffice and Google Sheets (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text as a spreadsheet shows it: one that would start a formula (`=HYPERLINK(…)`, `+1`,
 * `-2+3`, `@SUM(…)`, a leading tab or carriage return) gets a leading apostrophe; a plain
 * number such as '-12,34' stays a number.
 */
export function csvText(value: string): string {
  if (!FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** The rows (and the header's columns) as one CSV text for a spreadsheet. */
export function writeCsv(
  rows: readonly (readonly CsvCell[])[],
  columns: readonly string[],
  options: { bom?: boolean } = {},
): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? csvText(cell) : cell))),
    {
      bom: options.bom ?? true,
      delimiter: ';',
      header: true,
      columns: columns.map((column) => csvText(column)),
    },
  );
}
