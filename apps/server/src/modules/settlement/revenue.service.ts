// Umsätze (issue 26): the settlements' figures per month (revenueByMonth) with the occupancy per
// unit type on the month's last day, and the same as a CSV.
import { PACKAGE_OPTIONS } from '@housnkuh/shared/catalog';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import type { RevenueVat, VatByRate } from '@housnkuh/shared/schemas/books';
import type { RevenueMonth } from '@housnkuh/shared/schemas/settlement';
import type { Database } from '../../db/client';
import { decimalEuro } from '../billing/public';
import { listMietfaecher } from '../contracts/public';
import type { Executor } from '../../db/client';
import { and, gte, lte, sql } from 'drizzle-orm';
import { firstOfNextMonth } from '@housnkuh/shared/format';
import type { Settlement } from '@housnkuh/shared/settlement';
import { writeCsv } from '../../lib/csv';
import { firstDay } from './month';
import { needsNoSettling } from './order.service';
import { revenueVatByMonth } from './revenue-books.service';
import { settlementItems, settlementMonths } from './schema';

/**
 * GET /api/admin/revenue: per month of the range the settlement's figures summed over the
 * producers: of the final settlements once the month is final (its blocked drafts not counted),
 * of the drafts while it is a draft; a month not begun is "none" with zeros.
 */
export async function revenueByMonth(
  db: Executor,
  from: string,
  to: string,
  openingDate: string | null = null,
  today = isoDayInBerlin(),
) {
  const months = await db
    .select()
    .from(settlementMonths)
    .where(and(gte(settlementMonths.month, from), lte(settlementMonths.month, to)));
  const items = await db
    .select({
      month: settlementItems.month,
      status: settlementItems.status,
      // the totals only, taken out by the database: the figures hold every sales line
      figures: sql<Settlement>`jsonb_build_object(
        'sales', jsonb_build_object('grossCents', ${settlementItems.figures}->'sales'->'grossCents'),
        'commission', jsonb_build_object(
          'netCents', ${settlementItems.figures}->'commission'->'netCents',
          'grossCents', ${settlementItems.figures}->'commission'->'grossCents'),
        'rentGrossCents', ${settlementItems.figures}->'rentGrossCents',
        'servicesGrossCents', ${settlementItems.figures}->'servicesGrossCents',
        'invoice', jsonb_build_object('netCents', ${settlementItems.figures}->'invoice'->'netCents'),
        'payoutCents', ${settlementItems.figures}->'payoutCents')`,
    })
    .from(settlementItems)
    .where(and(gte(settlementItems.month, from), lte(settlementItems.month, to)));
  const statusOf = new Map(months.map((row) => [row.month, row.status as 'draft' | 'final']));
  const answer: Omit<RevenueMonth, 'occupancy'>[] = [];
  for (let month = from; month <= to; month = firstOfNextMonth(firstDay(month)).slice(0, 7)) {
    let status: 'none' | 'draft' | 'final' | 'nothing' = statusOf.get(month) ?? 'none';
    // a month over that needs no settling: "Nichts abzurechnen" (counts as settled)
    // (or a draft computed while nobody had anything, and nobody has now)
    if (
      (status === 'none' || (status === 'draft' && !items.some((item) => item.month === month))) &&
      openingDate &&
      firstOfNextMonth(firstDay(month)) <= today &&
      monthEnd(firstDay(month)) >= openingDate &&
      (await needsNoSettling(db, month, openingDate))
    )
      status = 'nothing';
    const counted = items
      .filter((item) => item.month === month && (status !== 'final' || item.status === 'final'))
      .map((item) => item.figures);
    const total = (of: (figures: Settlement) => number) =>
      counted.reduce((sum, figures) => sum + of(figures), 0);
    answer.push({
      month,
      status,
      producers: counted.length,
      salesGrossCents: total((f) => f.sales.grossCents),
      commissionNetCents: total((f) => f.commission.netCents),
      commissionGrossCents: total((f) => f.commission.grossCents),
      rentGrossCents: total((f) => f.rentGrossCents),
      // figures stored before the services were told apart have none
      servicesGrossCents: total((f) => f.servicesGrossCents ?? 0),
      invoicedNetCents: total((f) => f.invoice.netCents),
      payoutsCents: total((f) => Math.max(f.payoutCents, 0)),
      openItemsCents: total((f) => Math.max(-f.payoutCents, 0)),
    });
  }
  return answer;
}

const NO_VAT: RevenueVat = { invoices: [], ownSales: [], shop: [], producers: [] };

/** The rates the CSV has columns for: the shop's (19 %, 7 %) and the producers' (also 7,8 %, 0 %). */
const SHOP_RATES = [1900, 700] as const;
const PRODUCER_RATES = [1900, 700, 780, 0] as const;
const rateName = (rateBp: number) => String(rateBp / 100).replace('.', '_');

/** GET /api/admin/revenue: the months from `from` to `to` (at most 36, checked by the schema). */
export async function revenueWithOccupancy(
  db: Database,
  from: string,
  to: string,
  today = isoDayInBerlin(),
  openingDate: string | null = null,
): Promise<RevenueMonth[]> {
  const months = await revenueByMonth(db, from, to, openingDate, today);
  const vat = await revenueVatByMonth(db, from, to);
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
    answer.push({ ...month, vat: vat.get(month.month) ?? NO_VAT, occupancy });
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
  // the shop's own output VAT (its invoices and its own till sales) and the producers' sales
  ...SHOP_RATES.flatMap((rate) => [`laden_netto_${rateName(rate)}`, `laden_ust_${rateName(rate)}`]),
  ...PRODUCER_RATES.map((rate) => `verkaeufe_erzeuger_brutto_${rateName(rate)}`),
] as const;

const ofRate = (entries: readonly VatByRate[] | undefined, rate: number) =>
  entries?.find((entry) => entry.vatRateBp === rate);

/** GET /api/admin/revenue.csv: the same months, semicolons, UTF-8 with BOM, German decimals. */
export function revenueCsv(months: readonly RevenueMonth[]): string {
  return writeCsv(
    months.map((month) => [
      month.month,
      {
        final: 'abgeschlossen',
        draft: 'Entwurf',
        none: 'nicht abgerechnet',
        nothing: 'nichts abzurechnen',
      }[month.status],
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
      ...SHOP_RATES.flatMap((rate) => [
        decimalEuro(ofRate(month.vat?.shop, rate)?.netCents ?? 0),
        decimalEuro(ofRate(month.vat?.shop, rate)?.vatCents ?? 0),
      ]),
      ...PRODUCER_RATES.map((rate) =>
        decimalEuro(ofRate(month.vat?.producers, rate)?.grossCents ?? 0),
      ),
    ]),
    REVENUE_CSV_COLUMNS,
  );
}
