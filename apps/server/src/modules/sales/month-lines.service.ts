// Every till line of a period with what it is (issue 30, docs/decisions/0041): a
// producer's sale (its effective producer), a line marked "kein Verkauf eines
// Direktvermarkters" (the shop's own sale at its rate, or no sale at all), or a line still
// waiting. For the month's reconciliation and the shop's own output VAT.
import { and, asc, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assignmentOfLine, effectiveVendorId } from './effective-vendor';
import { salesLineAssignments, salesLines } from './schema';

export interface TillLine {
  id: string;
  receiptId: string;
  position: number;
  soldAt: Date;
  articleText: string;
  vatRateBp: number;
  grossCents: number;
  /** the effective producer, or null */
  vendorId: string | null;
  /** a line marked "kein Verkauf eines Direktvermarkters" */
  noVendor: 'own_sale' | 'no_sale' | 'unspecified' | null;
  /** the shop's own sale: its rate */
  ownVatRateBp: number | null;
}

/** The till lines sold from `from` (included) to `before` (excluded), in the till's order. */
export async function tillLinesBetween(
  db: Executor,
  from: Date,
  before: Date,
): Promise<TillLine[]> {
  const rows = await db
    .select({
      id: salesLines.id,
      receiptId: salesLines.receiptId,
      position: salesLines.position,
      soldAt: salesLines.soldAt,
      articleText: salesLines.articleText,
      vatRateBp: salesLines.vatRateBp,
      grossCents: salesLines.lineTotalGrossCents,
      vendorId: effectiveVendorId,
      kind: salesLineAssignments.kind,
      noVendorKind: salesLineAssignments.noVendorKind,
      ownVatRateBp: salesLineAssignments.ownVatRateBp,
    })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .where(and(gte(salesLines.soldAt, from), lt(salesLines.soldAt, before)))
    .orderBy(asc(salesLines.soldAt), asc(salesLines.receiptId), asc(salesLines.position));
  return rows.map(({ kind, noVendorKind, ...row }) => ({
    ...row,
    grossCents: Number(row.grossCents),
    noVendor:
      kind === 'no_vendor'
        ? noVendorKind === 'own_sale' || noVendorKind === 'no_sale'
          ? noVendorKind
          : 'unspecified'
        : null,
  }));
}
