// Zu klären (issue 30, item 6; docs/decisions/0042): the till's VAT rate of a line must be
// one its producer's tax status allows on the day of sale (Kleinunternehmer 0 %; § 24 farmer the
// average rate of the day, or 7 %/19 % for bought-in goods; otherwise 7 % or 19 %). A line that
// does not fit is stored all the same (never changed, never lost), recorded here when it comes in
// (or when the admin assigns it to a product), left out of the settlement, and settled as a
// Nachtrag once the owner has recorded the right rate.
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  SALES_MESSAGES,
  type ClarifyLine,
  type ClarifyQuery,
  type ClarifyRate,
} from '@housnkuh/shared/schemas/sales';
import { TAX_STATUSES, type TaxStatus } from '@housnkuh/shared/schemas/vendor-profile';
import {
  basisPointsToPercent,
  formatVatRate,
  percentToBasisPoints,
  vatRatesFor,
} from '@housnkuh/shared/vat';
import { clock } from '@housnkuh/shared/clock';
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { containing, pageOf } from '../../lib/admin-lists';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { billingPartiesOf, vendorNamesOf } from '../vendors/public';
import { saleLineColumns } from './line-columns';
import { salesLineVatClarifications, salesLines } from './schema';

function knownStatus(status: string | null | undefined): TaxStatus | null {
  return (TAX_STATUSES as readonly string[]).includes(status ?? '') ? (status as TaxStatus) : null;
}

/** Whether a producer of this status may sell at this rate on the day of this instant. */
export function rateFitsStatus(taxStatus: TaxStatus, vatRateBp: number, soldAt: Date): boolean {
  return vatRatesFor(taxStatus, isoDayInBerlin(soldAt)).includes(vatRateBp);
}

/** The tax status of each of these producers (those without one are missing). */
async function taxStatusesOf(
  db: Executor,
  vendorIds: readonly string[],
): Promise<Map<string, TaxStatus>> {
  const unique = [...new Set(vendorIds)];
  const found = new Map<string, TaxStatus>();
  for (let start = 0; start < unique.length; start += 5000) {
    for (const party of await billingPartiesOf(db, unique.slice(start, start + 5000))) {
      const status = knownStatus(party.taxStatus);
      if (status) found.set(party.id, status);
    }
  }
  return found;
}

/**
 * Checks lines just stored (or just assigned) against their producer's tax status and records
 * those that do not fit as waiting; answers their ids. A producer without a tax status cannot be
 * settled before it has one (the settlement blocks it), and its lines are not checked here.
 */
export async function recordUnfitRates(
  tx: Executor,
  lines: readonly { id: string; vendorId: string; soldAt: Date; vatRateBp: number }[],
): Promise<Set<string>> {
  const flagged = new Set<string>();
  if (lines.length === 0) return flagged;
  const statuses = await taxStatusesOf(
    tx,
    lines.map((line) => line.vendorId),
  );
  const unfit = lines.flatMap((line) => {
    const status = statuses.get(line.vendorId);
    return status && !rateFitsStatus(status, line.vatRateBp, line.soldAt) ? [{ line, status }] : [];
  });
  for (let start = 0; start < unfit.length; start += 5000) {
    const rows = await tx
      .insert(salesLineVatClarifications)
      .values(
        unfit.slice(start, start + 5000).map(({ line, status }) => ({
          salesLineId: line.id,
          vendorId: line.vendorId,
          taxStatus: status,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: salesLineVatClarifications.salesLineId });
    for (const row of rows) flagged.add(row.id);
  }
  return flagged;
}

/** The lines waiting for a rate, the newest sale first, with search over EAN, text, receipt. */
export async function listToClarify(
  db: Database,
  query: ClarifyQuery,
): Promise<{ lines: ClarifyLine[]; pagination: ReturnType<typeof pageOf> }> {
  const where = and(
    isNull(salesLineVatClarifications.clarifiedAt),
    query.search
      ? or(
          ilike(salesLines.ean, containing(query.search)),
          ilike(salesLines.articleText, containing(query.search)),
          ilike(salesLines.receiptId, containing(query.search)),
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(salesLineVatClarifications)
    .innerJoin(salesLines, eq(salesLines.id, salesLineVatClarifications.salesLineId))
    .where(where);
  const rows = await db
    .select({
      id: salesLines.id,
      ...saleLineColumns,
      vendorId: salesLineVatClarifications.vendorId,
    })
    .from(salesLineVatClarifications)
    .innerJoin(salesLines, eq(salesLines.id, salesLineVatClarifications.salesLineId))
    .where(where)
    .orderBy(desc(salesLines.soldAt), asc(salesLines.receiptId), asc(salesLines.position))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const vendorIds = [...new Set(rows.map((row) => row.vendorId))];
  const names = new Map(
    (await vendorNamesOf(db, vendorIds)).map((vendor) => [
      vendor.id,
      vendor.unternehmen?.trim() || vendor.name,
    ]),
  );
  const statuses = await taxStatusesOf(db, vendorIds);
  return {
    lines: rows.map(({ vatRateBp, soldAt, ...row }) => {
      const status = statuses.get(row.vendorId) ?? null;
      return {
        ...row,
        soldAt: soldAt.toISOString(),
        vatRate: basisPointsToPercent(vatRateBp),
        vendorName: names.get(row.vendorId) ?? '',
        taxStatus: status,
        allowedRates: status
          ? vatRatesFor(status, isoDayInBerlin(soldAt)).map(basisPointsToPercent)
          : [],
      };
    }),
    pagination: pageOf(query, total?.n ?? 0),
  };
}

/**
 * The owner's rate for a waiting line (audited): one the producer's tax status (as it is now)
 * allows on the day of sale. From then on the settlement counts the line at this rate.
 */
export async function clarifyRate(
  db: Database,
  actor: Actor,
  lineId: string,
  body: ClarifyRate,
): Promise<{ message: string }> {
  if (!isUuid(lineId)) throw new NotFoundError(SALES_MESSAGES.lineNotFound);
  const rateBp = percentToBasisPoints(body.vatRate);
  if (rateBp === null) throw new InvalidError(SALES_MESSAGES.clarifyRate);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select({
        id: salesLines.id,
        receiptId: salesLines.receiptId,
        position: salesLines.position,
        articleText: salesLines.articleText,
        soldAt: salesLines.soldAt,
        vatRateBp: salesLines.vatRateBp,
        vendorId: salesLineVatClarifications.vendorId,
        clarifiedAt: salesLineVatClarifications.clarifiedAt,
      })
      .from(salesLineVatClarifications)
      .innerJoin(salesLines, eq(salesLines.id, salesLineVatClarifications.salesLineId))
      .where(eq(salesLineVatClarifications.salesLineId, lineId))
      .for('update', { of: salesLineVatClarifications });
    if (!row) {
      const [line] = await tx
        .select({ id: salesLines.id })
        .from(salesLines)
        .where(eq(salesLines.id, lineId));
      if (!line) throw new NotFoundError(SALES_MESSAGES.lineNotFound);
      throw new ConflictError(SALES_MESSAGES.clarifyNotWaiting);
    }
    if (row.clarifiedAt) throw new ConflictError(SALES_MESSAGES.clarifyNotWaiting);
    const status = (await taxStatusesOf(tx, [row.vendorId])).get(row.vendorId);
    if (!status) throw new ConflictError(SALES_MESSAGES.clarifyNoStatus);
    const allowed = vatRatesFor(status, isoDayInBerlin(row.soldAt));
    if (!allowed.includes(rateBp))
      throw new InvalidError(
        SALES_MESSAGES.clarifyRateNotAllowed(
          formatVatRate(rateBp),
          allowed.map(formatVatRate).join(', '),
        ),
      );
    await tx
      .update(salesLineVatClarifications)
      .set({ vatRateBp: rateBp, clarifiedBy: actor.id, clarifiedAt: clock.now() })
      .where(eq(salesLineVatClarifications.salesLineId, lineId));
    await recordAudit(tx, actor, {
      action: 'sales-line.vat-rate',
      entity: 'sales_line',
      entityId: lineId,
      summary: `Steuersatz von Beleg ${row.receiptId}, Position ${row.position} (${row.articleText}) geklärt: ${formatVatRate(row.vatRateBp)} der Kasse → ${formatVatRate(rateBp)}`,
      before: { vatRate: formatVatRate(row.vatRateBp) },
      after: { vatRate: formatVatRate(rateBp), taxStatus: status },
    });
    return { message: SALES_MESSAGES.clarified(formatVatRate(rateBp)) };
  });
}

/** How many lines wait for a rate (the dashboard's to-do, the reconciliation). */
export async function countToClarify(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(salesLineVatClarifications)
    .where(isNull(salesLineVatClarifications.clarifiedAt));
  return row?.n ?? 0;
}

/**
 * The lines sold in [from, to) that wait under "Zu klären" (for the month's reconciliation: the
 * till's lines that are no settled sale yet, and why).
 */
export async function salesToClarify(
  db: Executor,
  from: Date,
  to: Date,
): Promise<
  {
    id: string;
    receiptId: string;
    position: number;
    soldAt: Date;
    articleText: string;
    vendorId: string;
    vatRateBp: number;
    lineTotalGrossCents: number;
  }[]
> {
  return db
    .select({
      id: salesLines.id,
      receiptId: salesLines.receiptId,
      position: salesLines.position,
      soldAt: salesLines.soldAt,
      articleText: salesLines.articleText,
      vendorId: salesLineVatClarifications.vendorId,
      vatRateBp: salesLines.vatRateBp,
      lineTotalGrossCents: salesLines.lineTotalGrossCents,
    })
    .from(salesLineVatClarifications)
    .innerJoin(salesLines, eq(salesLines.id, salesLineVatClarifications.salesLineId))
    .where(
      and(
        isNull(salesLineVatClarifications.clarifiedAt),
        gte(salesLines.soldAt, from),
        lt(salesLines.soldAt, to),
      ),
    )
    .orderBy(asc(salesLines.soldAt), asc(salesLines.receiptId), asc(salesLines.position));
}

/** The settlement's rate of a line: the owner's, where a line was clarified; else the till's. */
export const settledVatRateBp = sql<number>`coalesce(${salesLineVatClarifications.vatRateBp}, ${salesLines.vatRateBp})`;
