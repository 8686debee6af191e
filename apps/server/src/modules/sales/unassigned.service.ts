// Nicht zugeordnete Verkäufe (docs/decisions/0031): lines whose EAN named no product wait here
// until the admin assigns a product (and so its producer) or marks them as no producer's sale.
// The line itself is never changed: the answer is a row of sales_line_assignments.
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  ASSIGN_CHOICE,
  OWN_SALE_RATE,
  SALES_MESSAGES,
  type AssignLine,
  type UnassignedLine,
  type UnassignedQuery,
} from '@housnkuh/shared/schemas/sales';
import { basisPointsToPercent } from '@housnkuh/shared/vat';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { transaction } from '../../db/transaction';
import { containing, pageOf } from '../../lib/admin-lists';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { productOwner } from '../products/public';
import { recordUnfitRates } from './clarify.service';
import { assignmentOfLine, isUnassigned } from './effective-vendor';
import { saleLineColumns } from './line-columns';
import { salesLineAssignments, salesLines } from './schema';

/** The waiting lines, the newest sale first, with search over EAN, article text and receipt. */
export async function listUnassigned(
  db: Database,
  query: UnassignedQuery,
): Promise<{ lines: UnassignedLine[]; pagination: ReturnType<typeof pageOf> }> {
  const search = query.search
    ? or(
        ilike(salesLines.ean, containing(query.search)),
        ilike(salesLines.articleText, containing(query.search)),
        ilike(salesLines.receiptId, containing(query.search)),
      )
    : undefined;
  const where = and(isUnassigned, search);
  const [total] = await db
    .select({ n: count() })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .where(where);
  const rows = await db
    .select({
      id: salesLines.id,
      ...saleLineColumns,
      source: salesLines.source,
    })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .where(where)
    .orderBy(desc(salesLines.soldAt), asc(salesLines.receiptId), asc(salesLines.position))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    lines: rows.map(({ vatRateBp, soldAt, ...row }) => ({
      ...row,
      soldAt: soldAt.toISOString(),
      vatRate: basisPointsToPercent(vatRateBp),
    })),
    pagination: pageOf(query, total?.n ?? 0),
  };
}

/** The admin's answer for a waiting line: a product (its producer), or no producer's sale. */
export async function assignLine(
  db: Database,
  actor: Actor,
  lineId: string,
  body: AssignLine,
): Promise<{ message: string }> {
  if (!isUuid(lineId)) throw new NotFoundError(SALES_MESSAGES.lineNotFound);
  if ((body.productId === undefined) === (body.kind === undefined))
    throw new InvalidError(ASSIGN_CHOICE);
  return transaction(db, async (tx) => {
    const [line] = await tx
      .select({
        id: salesLines.id,
        receiptId: salesLines.receiptId,
        position: salesLines.position,
        ean: salesLines.ean,
        articleText: salesLines.articleText,
        vendorId: salesLines.vendorId,
        soldAt: salesLines.soldAt,
        vatRateBp: salesLines.vatRateBp,
      })
      .from(salesLines)
      .where(eq(salesLines.id, lineId))
      .for('update');
    if (!line) throw new NotFoundError(SALES_MESSAGES.lineNotFound);
    const [already] = await tx
      .select({ id: salesLineAssignments.salesLineId })
      .from(salesLineAssignments)
      .where(eq(salesLineAssignments.salesLineId, lineId));
    if (line.vendorId || already) throw new ConflictError(SALES_MESSAGES.alreadyAssigned);

    const what = `Beleg ${line.receiptId}, Position ${line.position} (${line.articleText}, EAN ${line.ean})`;
    if (body.productId !== undefined) {
      const productId = body.productId;
      const product = isUuid(productId) ? await productOwner(tx, productId) : undefined;
      if (!product) throw new InvalidError(SALES_MESSAGES.productNotFound);
      await tx.insert(salesLineAssignments).values({
        salesLineId: lineId,
        kind: 'product',
        productId: product.productId,
        vendorId: product.vendorId,
        assignedBy: actor.id,
      });
      await recordAudit(tx, actor, {
        action: 'sales-line.assign',
        entity: 'sales_line',
        entityId: lineId,
        summary: `Verkauf ${what} dem Produkt „${product.name}“ zugeordnet`,
        before: null,
        after: { product: product.name, productId: product.productId, vendorId: product.vendorId },
      });
      // its rate is checked against its producer's tax status now (docs/decisions/0042)
      const waiting = await recordUnfitRates(tx, [{ ...line, vendorId: product.vendorId }]);
      return {
        message: waiting.size > 0 ? SALES_MESSAGES.assignedToClarify : SALES_MESSAGES.assigned,
      };
    }
    // the shop's own sale carries its rate (the line's, unless the admin names 19 % or 7 %)
    const ownSale = body.noVendor === 'own_sale';
    const ownVatRateBp = ownSale ? (body.vatRateBp ?? line.vatRateBp) : null;
    if (ownSale && ownVatRateBp !== 1900 && ownVatRateBp !== 700)
      throw new InvalidError(OWN_SALE_RATE);
    await tx.insert(salesLineAssignments).values({
      salesLineId: lineId,
      kind: 'no_vendor',
      noVendorKind: body.noVendor ?? null,
      ownVatRateBp,
      assignedBy: actor.id,
    });
    const what2 = ownSale
      ? `eigener Verkauf des Ladens (${basisPointsToPercent(ownVatRateBp!)} %)`
      : 'kein Verkauf';
    await recordAudit(tx, actor, {
      action: 'sales-line.no-vendor',
      entity: 'sales_line',
      entityId: lineId,
      summary: `Verkauf ${what} als „kein Verkauf eines Direktvermarkters“ markiert: ${what2}`,
      before: null,
      after: { kind: 'no_vendor', noVendor: body.noVendor ?? null, vatRateBp: ownVatRateBp },
    });
    return { message: SALES_MESSAGES.markedNoVendor };
  });
}

/** How many lines wait for an assignment (the dashboard's to-do). */
export async function countUnassigned(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(salesLines)
    .leftJoin(salesLineAssignments, assignmentOfLine)
    .where(isUnassigned);
  return row?.n ?? 0;
}
