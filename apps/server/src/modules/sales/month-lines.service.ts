// Every till line of a period with what it is (issue 30, docs/decisions/0041): a
// producer's sale (its effective producer), a line marked "kein Verkauf eines
// Direktvermarkters" (the shop's own sale at its rate, or no sale at all), or a line still
// waiting. For the month's reconciliation and the shop's own output VAT.
import { and, gte, lt, sql } from 'drizzle-orm';
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
  // one JSON value, not a row per line: a year holds 120,000 lines, and the embedded database
  // hands rows over one by one (seconds; docs/decisions/0061)
  const [answer] = await db
    .select({
      lines: sql<string | null>`json_agg(json_build_array(${salesLines.id}, ${salesLines.receiptId},
        ${salesLines.position}, ${salesLines.soldAt}, ${salesLines.articleText},
        ${salesLines.vatRateBp}, ${salesLines.lineTotalGrossCents}, ${effectiveVendorId},
        ${salesLineAssignments.kind}, ${salesLineAssignments.noVendorKind},
        ${salesLineAssignments.ownVatRateBp})
        order by ${salesLines.soldAt}, ${salesLines.receiptId}, ${salesLines.position})::text`,
    })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .where(and(gte(salesLines.soldAt, from), lt(salesLines.soldAt, before)));
  if (!answer?.lines) return [];
  return (JSON.parse(answer.lines) as JsonTillLine[]).map(
    ([
      id,
      receiptId,
      position,
      soldAt,
      articleText,
      vatRateBp,
      grossCents,
      vendorId,
      kind,
      noVendorKind,
      ownVatRateBp,
    ]) => ({
      id,
      receiptId,
      position,
      soldAt: new Date(soldAt),
      articleText,
      vatRateBp,
      grossCents: Number(grossCents),
      vendorId,
      ownVatRateBp,
      noVendor:
        kind === 'no_vendor'
          ? noVendorKind === 'own_sale' || noVendorKind === 'no_sale'
            ? noVendorKind
            : 'unspecified'
          : null,
    }),
  );
}

/** One line of tillLinesBetween's JSON, in the order of its json_build_array. */
type JsonTillLine = [
  id: string,
  receiptId: string,
  position: number,
  soldAt: string,
  articleText: string,
  vatRateBp: number,
  grossCents: number,
  vendorId: string | null,
  kind: string | null,
  noVendorKind: string | null,
  ownVatRateBp: number | null,
];
