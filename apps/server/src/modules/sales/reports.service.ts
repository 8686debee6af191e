// The producer's sales report (GET /api/vendor-auth/sales and its CSV, docs/decisions/0032):
// the lines of its products, summed per Berlin day, ISO week, month or product.
import { addDays, berlinInstant } from '@housnkuh/shared/format';
import {
  periodKey,
  periodKeys,
  periodLabel,
  type SalesReportQuery,
  type SalesReportRow,
} from '@housnkuh/shared/schemas/sales-report';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productNames, productUnits } from '../products/public';
import { assignmentOfLine, effectiveProductId, isSaleOfVendor } from './effective-vendor';
import { salesLineAssignments, salesLines } from './schema';
import { writeCsv } from '../../lib/csv';

/** A producer's sales per Berlin day and product in a period (ISO days, both included). */
async function dailySales(db: Executor, vendorId: string, from: string, to: string) {
  const berlinDay = sql<string>`to_char(${salesLines.soldAt} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day: berlinDay,
      productId: effectiveProductId,
      quantityThousandths: sql<string>`sum(${salesLines.quantityThousandths})`,
      grossCents: sql<string>`sum(${salesLines.lineTotalGrossCents})`,
    })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .where(
      and(
        gte(salesLines.soldAt, berlinInstant(from, '00:00')),
        lt(salesLines.soldAt, berlinInstant(addDays(to, 1), '00:00')),
        isSaleOfVendor(vendorId),
      ),
    )
    .groupBy(berlinDay, effectiveProductId);
  return rows.map((row) => ({
    day: row.day,
    productId: row.productId,
    quantityThousandths: Number(row.quantityThousandths),
    grossCents: Number(row.grossCents),
  }));
}

export interface SalesReport {
  rows: (SalesReportRow & { quantityThousandths: number })[];
  totalGrossCents: number;
}

/**
 * The signed-in producer's sales in a period: per day, ISO week or month (every period of the
 * range, empty ones with 0), or per product (those sold, the best first). Quantities are summed
 * in thousandths (returns negative) and answered as decimal numbers.
 */
export async function salesReport(
  db: Executor,
  vendorId: string,
  query: SalesReportQuery,
): Promise<SalesReport> {
  const daily = await dailySales(db, vendorId, query.from, query.to);
  const units = await productUnits(db, [
    ...new Set(daily.flatMap((line) => (line.productId ? [line.productId] : []))),
  ]);
  const sums = new Map<
    string,
    { quantityThousandths: number; grossCents: number; units: Set<string | null> }
  >();
  const add = (
    key: string,
    line: { quantityThousandths: number; grossCents: number; productId: string | null },
  ) => {
    const sum = sums.get(key) ?? { quantityThousandths: 0, grossCents: 0, units: new Set() };
    sum.quantityThousandths += line.quantityThousandths;
    sum.grossCents += line.grossCents;
    sum.units.add((line.productId && units.get(line.productId)) || null);
    sums.set(key, sum);
  };
  const totalGrossCents = daily.reduce((total, line) => total + line.grossCents, 0);
  const row = (key: string, label?: string) => {
    const sum = sums.get(key) ?? { quantityThousandths: 0, grossCents: 0, units: new Set() };
    // one unit for the row: the quantity reads "3 Glas"; mixed units have no common one
    const unit = sum.units.size === 1 ? ([...sum.units][0] ?? null) : null;
    return {
      key,
      ...(label === undefined ? {} : { label }),
      quantity: sum.quantityThousandths / 1000,
      unit,
      quantityThousandths: sum.quantityThousandths,
      grossCents: sum.grossCents,
    };
  };

  if (query.groupBy === 'product') {
    for (const line of daily) add(line.productId ?? '', line);
    const names = await productNames(db, [...sums.keys()].filter(Boolean));
    const rows = [...sums.keys()].map((key) => row(key, names.get(key) ?? 'Unbekanntes Produkt'));
    rows.sort((a, b) => b.grossCents - a.grossCents || a.label!.localeCompare(b.label!, 'de'));
    return { rows, totalGrossCents };
  }
  const grouping = query.groupBy;
  for (const line of daily) add(periodKey(line.day, grouping), line);
  return {
    rows: periodKeys(query.from, query.to, grouping).map((key) => row(key)),
    totalGrossCents,
  };
}

/** '12,352' (a German decimal, up to three places), '−' for returns as '-'. */
function germanDecimal(thousandths: number): string {
  const text = String(Math.abs(thousandths) / 1000).replace('.', ',');
  return thousandths < 0 ? `-${text}` : text;
}

function germanEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const GROUP_COLUMN = { day: 'Tag', week: 'Woche', month: 'Monat', product: 'Produkt' } as const;

/**
 * The report as CSV for a spreadsheet: semicolons, a byte order mark, German decimals
 * (docs/decisions/0032). Columns: the period (or product), the quantity, the gross sales in
 * euros; a last line with the total.
 */
export function salesReportCsv(report: SalesReport, query: SalesReportQuery): string {
  const lines = report.rows.map((row) => [
    query.groupBy === 'product' ? (row.label ?? row.key) : periodLabel(row.key),
    germanDecimal(row.quantityThousandths),
    germanEuro(row.grossCents),
  ]);
  lines.push(['Summe', '', germanEuro(report.totalGrossCents)]);
  return writeCsv(lines, [GROUP_COLUMN[query.groupBy], 'Menge', 'Umsatz brutto (EUR)']);
}
