// Whose sales (docs/decisions/0031): the lines of a producer by the one rule of
// effective-vendor.ts, for the settlement to come and for checks of other modules.
import { SALES_MESSAGES } from '@housnkuh/shared/schemas/sales';
import {
  and,
  asc,
  countDistinct,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import { settledVatRateBp } from './clarify.service';
import type { Executor } from '../../db/client';
import {
  assignmentOfLine,
  effectiveProductId,
  effectiveVendorId,
  isSaleOfVendor,
} from './effective-vendor';
import { saleLineColumns } from './line-columns';
import {
  salesLineAssignments,
  salesLines,
  salesLineVatClarifications,
  unsettledSalesLines,
} from './schema';

/** A producer's sales line (the effective producer: EAN at import, else the admin's assignment). */
export interface VendorSalesLine {
  id: string;
  receiptId: string;
  position: number;
  soldAt: Date;
  ean: string;
  articleText: string;
  /** The product the EAN named, else the one the admin assigned. */
  productId: string | null;
  quantityThousandths: number;
  unitPriceGrossCents: number;
  vatRateBp: number;
  lineTotalGrossCents: number;
}

/** The lines of one producer sold in [from, to) (instants), by time of sale. */
export async function salesOfVendor(
  db: Executor,
  vendorId: string,
  from: Date,
  to: Date,
): Promise<VendorSalesLine[]> {
  return db
    .select({
      id: salesLines.id,
      ...saleLineColumns,
      productId: effectiveProductId,
    })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .where(and(isSaleOfVendor(vendorId), gte(salesLines.soldAt, from), lt(salesLines.soldAt, to)))
    .orderBy(asc(salesLines.soldAt), asc(salesLines.receiptId), asc(salesLines.position));
}

/** How many of these producers have sales lines (effective producer). */
export async function vendorsWithSales(
  db: Executor,
  vendorIds: readonly string[],
): Promise<number> {
  if (vendorIds.length === 0) return 0;
  const [row] = await db
    .select({ n: countDistinct(effectiveVendorId) })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .where(
      or(
        inArray(salesLines.vendorId, [...vendorIds]),
        and(isNull(salesLines.vendorId), inArray(salesLineAssignments.vendorId, [...vendorIds])),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The demo removal's check (DEMO_REMOVAL_CHECKS of the users module): demo producers with
 * sales stay, their sales are the shop's records.
 */
export async function demoRemovalSalesCheck(
  db: Executor,
  vendorIds: readonly string[],
): Promise<string[]> {
  const n = await vendorsWithSales(db, vendorIds);
  return n > 0 ? [SALES_MESSAGES.demoBlocked(n)] : [];
}

/** A sales line as the monthly settlement counts it, with its effective producer. */
export interface SettlementSalesLine extends Omit<VendorSalesLine, 'ean' | 'productId'> {
  vendorId: string;
}

/**
 * The lines the monthly settlement counts (docs/decisions/0033): every line with an effective
 * producer (docs/decisions/0031) sold before `before` (the first instant of the next month) for
 * which `isUnsettled(line id)` holds: the month's lines and late lines of earlier months not
 * yet settled (the settlement keeps them in a table of their own, so this reads them rather
 * than every line of the years before). Optionally only these producers'. A line whose rate its producer's tax status
 * does not allow is left out while it waits under "Zu klären", and counted at the owner's rate
 * once clarified (docs/decisions/0042): `vatRateBp` is that rate.
 */
export async function salesForSettlement(
  db: Executor,
  before: Date,
  vendorIds?: readonly string[],
): Promise<SettlementSalesLine[]> {
  // One value, not a row per line (docs/decisions/0061): a month holds up to 100,000 lines, and
  // the embedded database hands rows over one by one through its wire protocol (seconds); the
  // lines as one JSON array of arrays cost a fraction of that, on PostgreSQL too.
  const [row] = await db
    .select({
      lines: sql<string | null>`json_agg(json_build_array(${salesLines.id}, ${salesLines.receiptId},
        ${salesLines.position}, ${salesLines.soldAt}, ${salesLines.articleText},
        ${salesLines.quantityThousandths}, ${salesLines.unitPriceGrossCents}, ${settledVatRateBp},
        ${salesLines.lineTotalGrossCents}, ${effectiveVendorId})
        order by ${salesLines.soldAt}, ${salesLines.receiptId}, ${salesLines.position})::text`,
    })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .leftJoin(salesLineVatClarifications, eq(salesLineVatClarifications.salesLineId, salesLines.id))
    .where(
      and(
        lt(salesLines.soldAt, before),
        isNotNull(effectiveVendorId),
        // waiting under "Zu klären": a record without the owner's rate
        or(
          isNull(salesLineVatClarifications.salesLineId),
          isNotNull(salesLineVatClarifications.vatRateBp),
        ),
        // `= any(array(…))`, not `in (select …)`: the few unsettled ids are read first and the
        // lines fetched by their key; with `in` the planner may hash-join a scan of every line
        sql`${salesLines.id} = any(array(select ${unsettledSalesLines.salesLineId} from ${unsettledSalesLines}))`,
        vendorIds
          ? or(
              inArray(salesLines.vendorId, [...vendorIds]),
              and(
                isNull(salesLines.vendorId),
                inArray(salesLineAssignments.vendorId, [...vendorIds]),
              ),
            )
          : undefined,
      ),
    );
  if (!row?.lines) return [];
  return (JSON.parse(row.lines) as JsonSettlementLine[]).map(
    ([
      id,
      receiptId,
      position,
      soldAt,
      articleText,
      quantityThousandths,
      unitPriceGrossCents,
      vatRateBp,
      lineTotalGrossCents,
      vendorId,
    ]) => ({
      id,
      receiptId,
      position,
      soldAt: new Date(soldAt),
      articleText,
      quantityThousandths,
      unitPriceGrossCents,
      vatRateBp,
      lineTotalGrossCents,
      vendorId,
    }),
  );
}

/** One line of salesForSettlement's JSON, in the order of its json_build_array. */
type JsonSettlementLine = [
  id: string,
  receiptId: string,
  position: number,
  soldAt: string,
  articleText: string,
  quantityThousandths: number,
  unitPriceGrossCents: number,
  vatRateBp: number,
  lineTotalGrossCents: number,
  vendorId: string,
];
