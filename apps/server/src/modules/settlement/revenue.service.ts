// Umsätze (issue 26): the shop's figures per month, summed from the producers' settlements (final
// or draft), with the occupancy per unit type on the month's last day.
import { PACKAGE_OPTIONS } from '@housnkuh/shared/catalog';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { addMonths, monthEnd } from '@housnkuh/shared/rental-terms';
import {
  REVENUE_MESSAGES,
  type RevenueMonth,
  type RevenueQuery,
} from '@housnkuh/shared/schemas/revenue';
import type { Settlement } from '@housnkuh/shared/settlement';
import { stringify } from 'csv-stringify/sync';
import { and, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { InvalidError } from '../../lib/domain-errors';
import { listMietfaecher } from '../contracts/public';
import { openItems, payouts, settlementItems, settlementMonths } from './schema';

const MAX_MONTHS = 36;

const monthOf = (day: string) => day.slice(0, 7);

/** The months from `from` to `to`, both included. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = monthOf(addMonths(`${month}-01`, 1))) {
    months.push(month);
  }
  return months;
}

/** The period asked for: by default the last 12 months up to the running one. */
export function revenuePeriod(query: RevenueQuery, today = isoDayInBerlin()) {
  const to = query.to ?? monthOf(today);
  const from = query.from ?? monthOf(addMonths(`${to}-01`, -11));
  const months = from <= to ? monthsBetween(from, to) : [];
  if (months.length === 0 || months.length > MAX_MONTHS) {
    throw new InvalidError(REVENUE_MESSAGES.range, [
      { field: 'from', message: REVENUE_MESSAGES.range },
    ]);
  }
  return { from, to, months };
}

/** GET /api/admin/revenue */
export async function revenue(db: Database, query: RevenueQuery, today = isoDayInBerlin()) {
  const { from, to, months } = revenuePeriod(query, today);
  const [monthRows, items, payoutRows, openRows] = await Promise.all([
    db
      .select()
      .from(settlementMonths)
      .where(and(gte(settlementMonths.month, from), lte(settlementMonths.month, to))),
    db
      .select({
        month: settlementItems.month,
        figures: settlementItems.figures,
      })
      .from(settlementItems)
      .where(and(gte(settlementItems.month, from), lte(settlementItems.month, to))),
    db
      .select()
      .from(payouts)
      .where(and(gte(payouts.month, from), lte(payouts.month, to))),
    db
      .select()
      .from(openItems)
      .where(and(gte(openItems.month, from), lte(openItems.month, to))),
  ]);
  const status = new Map(monthRows.map((row) => [row.month, row.status as 'final' | 'draft']));

  const answer: RevenueMonth[] = [];
  for (const month of months) {
    const figures = items
      .filter((item) => item.month === month)
      .map((item) => item.figures as Settlement);
    const sum = (of: (figures: Settlement) => number) =>
      figures.reduce((total, entry) => total + of(entry), 0);
    const lastDay = monthEnd(`${month}-01`);
    const day = lastDay < today ? lastDay : today;
    const occupancy =
      `${month}-01` > today
        ? []
        : (await listMietfaecher(db, {}, day)).occupancy.map((entry) => ({
            optionId: entry.optionId,
            name:
              PACKAGE_OPTIONS.find((option) => option.id === entry.optionId)?.name ??
              entry.optionId,
            occupied: entry.occupied,
            total: entry.total,
          }));
    const monthPayouts = payoutRows.filter((row) => row.month === month);
    const monthOpen = openRows.filter((row) => row.month === month);
    answer.push({
      month,
      status: status.get(month) ?? 'none',
      producers: figures.length,
      salesGrossCents: sum((entry) => entry.sales.grossCents),
      rentGrossCents: sum((entry) => entry.rentGrossCents),
      commissionNetCents: sum((entry) => entry.commission.netCents),
      commissionGrossCents: sum((entry) => entry.commission.grossCents),
      manualCents: sum((entry) => entry.manualCents),
      payoutsCents: monthPayouts.reduce((total, row) => total + row.amountCents, 0),
      owedCents: monthOpen.reduce((total, row) => total + row.amountCents, 0),
      openItemsCents: monthOpen
        .filter((row) => !row.paidAt && !row.offsetInMonth)
        .reduce((total, row) => total + row.amountCents, 0),
      occupancy,
    });
  }
  return { from, to, months: answer };
}

/** 1234 → '12,34'; -5 → '-0,05' */
function germanCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export const REVENUE_CSV_COLUMNS = [
  'monat',
  'status',
  'direktvermarkter',
  'verkaeufe_brutto',
  'miete_brutto',
  'provision_netto',
  'provision_brutto',
  'manuelle_positionen',
  'auszahlungen',
  'forderungen',
  'davon_offen',
  'belegte_mietfaecher',
  'mietfaecher',
] as const;

/** GET /api/admin/revenue.csv: the same months, semicolons, UTF-8 with BOM, German decimals. */
export function revenueCsv(months: readonly RevenueMonth[]): string {
  return stringify(
    months.map((month) => [
      month.month,
      { final: 'abgeschlossen', draft: 'Entwurf', none: 'nicht abgerechnet' }[month.status],
      month.producers,
      germanCents(month.salesGrossCents),
      germanCents(month.rentGrossCents),
      germanCents(month.commissionNetCents),
      germanCents(month.commissionGrossCents),
      germanCents(month.manualCents),
      germanCents(month.payoutsCents),
      germanCents(month.owedCents),
      germanCents(month.openItemsCents),
      month.occupancy.reduce((total, entry) => total + entry.occupied, 0),
      month.occupancy.reduce((total, entry) => total + entry.total, 0),
    ]),
    { bom: true, delimiter: ';', header: true, columns: [...REVENUE_CSV_COLUMNS] },
  );
}
