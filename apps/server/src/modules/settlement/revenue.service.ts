// Umsätze (issue 26): the settlements' figures per month (revenueByMonth) with the occupancy per
// unit type on the month's last day, and the same as a CSV.
import { PACKAGE_OPTIONS } from '@housnkuh/shared/catalog';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import type { RevenueMonth } from '@housnkuh/shared/schemas/settlement';
import type { Database } from '../../db/client';
import { decimalEuro } from '../billing/public';
import { listMietfaecher } from '../contracts/public';
import { revenueByMonth } from './settlement.service';
import { writeCsv } from '../../lib/csv';

/** GET /api/admin/revenue: the months from `from` to `to` (at most 36, checked by the schema). */
export async function revenueWithOccupancy(
  db: Database,
  from: string,
  to: string,
  today = isoDayInBerlin(),
): Promise<RevenueMonth[]> {
  const months = await revenueByMonth(db, from, to);
  const answer: RevenueMonth[] = [];
  for (const month of months) {
    const lastDay = monthEnd(`${month.month}-01`);
    const occupancy =
      `${month.month}-01` > today
        ? []
        : (await listMietfaecher(db, {}, lastDay < today ? lastDay : today)).occupancy.map(
            (entry) => ({
              optionId: entry.optionId,
              name:
                PACKAGE_OPTIONS.find((option) => option.id === entry.optionId)?.name ??
                entry.optionId,
              occupied: entry.occupied,
              total: entry.total,
            }),
          );
    answer.push({ ...month, occupancy });
  }
  return answer;
}

export const REVENUE_CSV_COLUMNS = [
  'monat',
  'status',
  'direktvermarkter',
  'verkaeufe_brutto',
  'miete_und_zusatzleistungen_brutto',
  'davon_zusatzleistungen_brutto',
  'provision_netto',
  'provision_brutto',
  'rechnungen_netto',
  'auszahlungen',
  'forderungen',
  'belegte_mietfaecher',
  'mietfaecher',
] as const;

/** GET /api/admin/revenue.csv: the same months, semicolons, UTF-8 with BOM, German decimals. */
export function revenueCsv(months: readonly RevenueMonth[]): string {
  return writeCsv(
    months.map((month) => [
      month.month,
      { final: 'abgeschlossen', draft: 'Entwurf', none: 'nicht abgerechnet' }[month.status],
      month.producers,
      decimalEuro(month.salesGrossCents),
      decimalEuro(month.rentGrossCents),
      decimalEuro(month.servicesGrossCents),
      decimalEuro(month.commissionNetCents),
      decimalEuro(month.commissionGrossCents),
      decimalEuro(month.invoicedNetCents),
      decimalEuro(month.payoutsCents),
      decimalEuro(month.openItemsCents),
      month.occupancy.reduce((total, entry) => total + entry.occupied, 0),
      month.occupancy.reduce((total, entry) => total + entry.total, 0),
    ]),
    REVENUE_CSV_COLUMNS,
  );
}
