// The producer's counts with its shrinkage and what the settlements make of the theft refund
// (docs/decisions/0069; AGB § 8 Abs. 3): a page of its count lines (products module) with, per
// line, what final statements already paid (their refund lines name the count line:
// theft-refunds.service.ts) and where the rest goes.
import { fromThousandths } from '@housnkuh/shared/inventory';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import type { VendorCount } from '@housnkuh/shared/schemas/inventory';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { vendorCountPage } from '../products/public';
import { firstSettledMonth } from './month';
import { settlementItems } from './schema';
import { THEFT_REFUND_PREFIX } from './theft-refunds.service';

/** GET /api/vendor-auth/inventory-counts: the signed-in producer's own count lines only. */
export async function vendorCounts(
  db: Executor,
  vendorId: string,
  page: number,
  limit: number,
  openingDate: string | null,
) {
  const { counts, totalCount } = await vendorCountPage(db, vendorId, page, limit);
  // a count before the first month settled here is in none of these settlements
  // (theftRefundLines reads counts from that month on; docs/product/money.md)
  const first = counts.length > 0 ? await firstSettledMonth(db, openingDate) : null;
  const settledOf = new Map<string, { cents: number; months: string[] }>();
  const finalMonths = new Set<string>();
  if (counts.length > 0) {
    const finals = await db.execute<{ month: string; refunds: unknown }>(sql`
      select si.month, si.figures->'refunds' as refunds
      from ${settlementItems} si
      where si.status = 'final' and si.vendor_id = ${vendorId}::uuid`);
    for (const row of (finals as unknown as { rows: { month: string; refunds: unknown }[] }).rows) {
      finalMonths.add(row.month);
      const refunds = Array.isArray(row.refunds)
        ? (row.refunds as { id?: unknown; grossCents?: unknown }[])
        : [];
      for (const refund of refunds) {
        if (typeof refund.id !== 'string' || !refund.id.startsWith(THEFT_REFUND_PREFIX)) continue;
        const lineId = refund.id.slice(THEFT_REFUND_PREFIX.length).split(':')[0]!;
        const own = settledOf.get(lineId) ?? { cents: 0, months: [] };
        own.cents += Number(refund.grossCents ?? 0);
        if (!own.months.includes(row.month)) own.months.push(row.month);
        settledOf.set(lineId, own);
      }
    }
  }
  const views: VendorCount[] = counts.map((count) => ({
    id: count.id,
    countedAt: count.countedAt.toISOString(),
    lines: count.lines.map((line) => {
      const settled = settledOf.get(line.id) ?? { cents: 0, months: [] };
      const countMonth = isoDayInBerlin(line.countedAt).slice(0, 7);
      const before = first !== null && countMonth < first;
      return {
        id: line.id,
        productId: line.productId,
        productName: line.productName,
        unit: line.unit,
        place: line.place,
        expected: fromThousandths(line.expectedThousandths),
        counted: fromThousandths(line.countedThousandths),
        shrinkage: fromThousandths(line.shrinkageThousandths),
        refundable: fromThousandths(line.refundableThousandths),
        refundCents: line.refundCents,
        settledRefundCents: settled.cents,
        settledMonths: settled.months.sort(),
        // the count's month while it is open for the producer, else the next settlement
        plannedMonth:
          line.refundCents !== settled.cents && !finalMonths.has(countMonth) && !before
            ? countMonth
            : null,
        beforeFirstMonth: before ? first : null,
        premium: line.premium,
        causedByProducer: line.causedByProducer,
        corrected: line.corrected,
      };
    }),
  }));
  return {
    counts: views,
    pagination: {
      page,
      limit,
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / limit)),
    },
  };
}
