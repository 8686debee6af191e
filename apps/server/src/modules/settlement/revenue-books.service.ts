// The month's books for the owner (issue 30, docs/decisions/0041): the reconciliation of
// every till line of a month against the sales its settlements count, each difference explained
// line by line, and the VAT per rate of the revenue overview (the shop's own output VAT: its
// invoices and the till lines recorded as its own sales; the producers' sales).
import { berlinInstant, firstOfNextMonth } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import {
  RECONCILE_LABELS,
  RECONCILE_REASONS,
  type ReconcileLine,
  type ReconcileReason,
  type ReconcileResponse,
  type RevenueVat,
  type VatByRate,
} from '@housnkuh/shared/schemas/books';
import { netOfGross, type Settlement } from '@housnkuh/shared/settlement';
import { basisPointsToPercent } from '@housnkuh/shared/vat';
import { and, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tillLinesBetween } from '../sales/public';
import { settledSalesLines, settlementItems, settlementMonths } from './schema';

const firstDayOf = (month: string) => `${month}-01`;
const nextMonth = (month: string) => firstOfNextMonth(firstDayOf(month)).slice(0, 7);
const startOf = (month: string) => berlinInstant(firstDayOf(month), '00:00');

/**
 * The figures a month counts, by the revenue overview's rule: of the final items once the month
 * is final (a blocked producer's draft not counted), of the drafts while it is a draft.
 */
async function countedFigures(
  db: Executor,
  from: string,
  to: string,
): Promise<{ status: Map<string, 'draft' | 'final'>; figures: Map<string, Settlement[]> }> {
  const months = await db
    .select({ month: settlementMonths.month, status: settlementMonths.status })
    .from(settlementMonths)
    .where(and(gte(settlementMonths.month, from), lte(settlementMonths.month, to)));
  const status = new Map(months.map((row) => [row.month, row.status as 'draft' | 'final']));
  const items = await db
    .select({
      month: settlementItems.month,
      status: settlementItems.status,
      figures: settlementItems.figures,
    })
    .from(settlementItems)
    .where(and(gte(settlementItems.month, from), lte(settlementItems.month, to)));
  const figures = new Map<string, Settlement[]>();
  for (const item of items) {
    if (status.get(item.month) === 'final' && item.status !== 'final') continue;
    figures.set(item.month, [...(figures.get(item.month) ?? []), item.figures]);
  }
  return { status, figures };
}

/** Gross per rate → gross, net (rounded once per rate) and VAT, by rate ascending. */
function byRate(grossByRate: Map<number, number>): VatByRate[] {
  return [...grossByRate.entries()]
    .filter(([, gross]) => gross !== 0)
    .sort(([a], [b]) => a - b)
    .map(([vatRateBp, grossCents]) => {
      const netCents = netOfGross(grossCents, vatRateBp);
      return { vatRateBp, grossCents, netCents, vatCents: grossCents - netCents };
    });
}

function add(map: Map<number, number>, rate: number, cents: number) {
  map.set(rate, (map.get(rate) ?? 0) + cents);
}

/**
 * The VAT per rate of each month from `from` to `to` ('YYYY-MM'): the shop's invoices (the
 * counted settlements' invoice totals per rate, as issued), the till lines recorded as the shop's
 * own sales, both together (the shop's output VAT), and the producers' sales per rate.
 */
export async function revenueVatByMonth(
  db: Executor,
  from: string,
  to: string,
): Promise<Map<string, RevenueVat>> {
  const { figures } = await countedFigures(db, from, to);
  const lines = await tillLinesBetween(db, startOf(from), startOf(nextMonth(to)));
  const answer = new Map<string, RevenueVat>();
  for (let month = from; month <= to; month = nextMonth(month)) {
    const invoices = new Map<number, { gross: number; net: number; vat: number }>();
    const producers = new Map<number, number>();
    for (const settlement of figures.get(month) ?? []) {
      for (const total of settlement.invoice.totals) {
        const sum = invoices.get(total.vatRateBp) ?? { gross: 0, net: 0, vat: 0 };
        sum.gross += total.grossCents;
        sum.net += total.netCents;
        sum.vat += total.vatCents;
        invoices.set(total.vatRateBp, sum);
      }
      for (const total of settlement.sales.byRate)
        add(producers, total.vatRateBp, total.grossCents);
    }
    const start = startOf(month).getTime();
    const end = startOf(nextMonth(month)).getTime();
    const own = new Map<number, number>();
    for (const line of lines) {
      const at = line.soldAt.getTime();
      if (at < start || at >= end || line.noVendor !== 'own_sale') continue;
      add(own, line.ownVatRateBp ?? line.vatRateBp, line.grossCents);
    }
    const invoiceRates: VatByRate[] = [...invoices.entries()]
      .filter(([, sum]) => sum.gross !== 0 || sum.vat !== 0)
      .sort(([a], [b]) => a - b)
      .map(([vatRateBp, sum]) => ({
        vatRateBp,
        grossCents: sum.gross,
        netCents: sum.net,
        vatCents: sum.vat,
      }));
    const ownSales = byRate(own);
    const shop = new Map<number, VatByRate>();
    for (const entry of [...invoiceRates, ...ownSales]) {
      const sum = shop.get(entry.vatRateBp) ?? {
        vatRateBp: entry.vatRateBp,
        grossCents: 0,
        netCents: 0,
        vatCents: 0,
      };
      sum.grossCents += entry.grossCents;
      sum.netCents += entry.netCents;
      sum.vatCents += entry.vatCents;
      shop.set(entry.vatRateBp, sum);
    }
    answer.set(month, {
      invoices: invoiceRates,
      ownSales,
      shop: [...shop.values()].sort((a, b) => a.vatRateBp - b.vatRateBp),
      producers: byRate(producers),
    });
  }
  return answer;
}

/**
 * GET /api/admin/abrechnungen/:month/abgleich: every till line sold in the month against the
 * producers' sales the month's settlements count; each line that makes a difference, with why
 * (RECONCILE_REASONS): till − settled = Σ of the lines, so `unexplainedCents` is 0 when the
 * books add up.
 */
export async function reconcileMonth(db: Executor, month: string): Promise<ReconcileResponse> {
  const { status, figures } = await countedFigures(db, month, month);
  const counted = figures.get(month) ?? [];
  const lines = await tillLinesBetween(db, startOf(month), startOf(nextMonth(month)));
  const countedIds = new Set<string>();
  for (const settlement of counted)
    for (const sale of settlement.sales.lines) countedIds.add(sale.id);
  // lines of this month settled in another month (a Nachtrag there)
  const producerLines = lines.filter((line) => line.vendorId !== null && !countedIds.has(line.id));
  const settledElsewhere = new Map<string, string>();
  for (let i = 0; i < producerLines.length; i += 5000) {
    const ids = producerLines.slice(i, i + 5000).map((line) => line.id);
    const rows = await db
      .select({ id: settledSalesLines.salesLineId, month: settledSalesLines.month })
      .from(settledSalesLines)
      .where(inArray(settledSalesLines.salesLineId, ids));
    for (const row of rows) settledElsewhere.set(row.id, row.month);
  }

  const explained: ReconcileLine[] = [];
  const entry = (
    line: { id: string; receiptId: string; position: number; articleText: string },
    soldAt: string,
    vatRateBp: number,
    grossCents: number,
    differenceCents: number,
    reason: ReconcileReason,
    label: string,
  ) =>
    explained.push({
      id: line.id,
      receiptId: line.receiptId,
      position: line.position,
      soldAt,
      articleText: line.articleText,
      vatRateBp,
      grossCents,
      differenceCents,
      reason,
      label,
    });
  for (const line of lines) {
    if (countedIds.has(line.id)) continue;
    const soldAt = line.soldAt.toISOString();
    const total = line.grossCents;
    if (line.noVendor === 'own_sale') {
      const rate = line.ownVatRateBp ?? line.vatRateBp;
      entry(
        line,
        soldAt,
        rate,
        total,
        total,
        'own_sale',
        `${RECONCILE_LABELS.own_sale} (${String(basisPointsToPercent(rate)).replace('.', ',')} %)`,
      );
    } else if (line.noVendor !== null) {
      const reason = line.noVendor === 'no_sale' ? 'no_sale' : 'no_vendor';
      entry(line, soldAt, line.vatRateBp, total, total, reason, RECONCILE_LABELS[reason]);
    } else if (line.vendorId === null) {
      entry(line, soldAt, line.vatRateBp, total, total, 'unassigned', RECONCILE_LABELS.unassigned);
    } else {
      const later = settledElsewhere.get(line.id);
      const settledLater = later !== undefined && later > month;
      entry(
        line,
        soldAt,
        line.vatRateBp,
        total,
        total,
        settledLater ? 'later' : 'not_settled',
        settledLater
          ? `Als Nachtrag abgerechnet im ${formatMonth(later)}`
          : RECONCILE_LABELS.not_settled,
      );
    }
  }
  // sales of earlier months this month's settlements count (Nachträge): not in this month's till
  const start = startOf(month).getTime();
  for (const settlement of counted)
    for (const sale of settlement.sales.lines) {
      if (new Date(sale.soldAt).getTime() >= start) continue;
      entry(
        sale,
        sale.soldAt,
        sale.vatRateBp,
        sale.grossCents,
        -sale.grossCents,
        'nachtrag',
        `Nachtrag aus ${formatMonth(sale.soldOn.slice(0, 7))} (Verkauf am ${sale.soldOn.split('-').reverse().join('.')})`,
      );
    }

  const tillGrossCents = lines.reduce((sum, line) => sum + line.grossCents, 0);
  const settledSalesGrossCents = counted.reduce((sum, f) => sum + f.sales.grossCents, 0);
  const differenceCents = tillGrossCents - settledSalesGrossCents;
  const explainedCents = explained.reduce((sum, line) => sum + line.differenceCents, 0);
  return {
    success: true,
    month,
    status: status.get(month) ?? 'none',
    tillGrossCents,
    tillLines: lines.length,
    settledSalesGrossCents,
    differenceCents,
    explainedCents,
    unexplainedCents: differenceCents - explainedCents,
    groups: RECONCILE_REASONS.map((reason) => {
      const of = explained.filter((line) => line.reason === reason);
      return {
        reason,
        label: RECONCILE_LABELS[reason],
        count: of.length,
        differenceCents: of.reduce((sum, line) => sum + line.differenceCents, 0),
      };
    }).filter((group) => group.count > 0),
    lines: explained,
  };
}
