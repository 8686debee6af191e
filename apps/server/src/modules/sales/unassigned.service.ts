// Nicht zugeordnete Verkäufe (docs/decisions/0031): lines whose EAN named no product wait here
// until the admin assigns a product (and so its producer) or marks them as no producer's sale.
// The line itself is never changed: the answer is a row of sales_line_assignments.
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  ASSIGN_CHOICE,
  OWN_SALE_RATE,
  SALES_MESSAGES,
  type AssignLine,
  type AssignLines,
  type UnassignedLine,
  type UnassignedQuery,
} from '@housnkuh/shared/schemas/sales';
import {
  isDepositText,
  SUGGESTION_REASONS,
  suggestProduct,
  type SuggestionReason,
} from '@housnkuh/shared/sale-suggestion';
import { basisPointsToPercent } from '@housnkuh/shared/vat';
import { and, asc, count, desc, eq, ilike, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { transaction } from '../../db/transaction';
import { containing, pageOf } from '../../lib/admin-lists';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import {
  addTillSales,
  productOwner,
  productsByDepositEans,
  productsForSuggestions,
} from '../products/public';
import { recordUnfitRates } from './clarify.service';
import { assignmentOfLine, effectiveProductId, isUnassigned } from './effective-vendor';
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
  const { suggestions, deposits } = await suggestionsFor(db, rows);
  return {
    lines: rows.map(({ vatRateBp, soldAt, ...row }) => ({
      ...row,
      soldAt: soldAt.toISOString(),
      vatRate: basisPointsToPercent(vatRateBp),
      deposit: deposits.has(row.id),
      suggestion: suggestions.get(row.id) ?? null,
    })),
    pagination: pageOf(query, total?.n ?? 0),
  };
}

type Suggestion = NonNullable<UnassignedLine['suggestion']>;

/**
 * The product each waiting line probably is: for a deposit, the product of the line before it
 * on the same receipt (its producer's bottle or jar); else a product whose EAN is close to the
 * line's or whose name matches its article text (docs/decisions/0046).
 */
async function suggestionsFor(
  db: Database,
  lines: readonly {
    id: string;
    receiptId: string;
    position: number;
    ean: string;
    articleText: string;
  }[],
): Promise<{ suggestions: Map<string, Suggestion>; deposits: Set<string> }> {
  const found = new Map<string, Suggestion>();
  const deposits = new Set<string>();
  if (lines.length === 0) return { suggestions: found, deposits };
  const known = await productsForSuggestions(db);
  const depositEans = new Set(known.map((product) => product.depositEan).filter(Boolean));
  const byId = new Map(known.map((product) => [product.id, product]));
  const of = (product: (typeof known)[number], reason: SuggestionReason): Suggestion => ({
    productId: product.id,
    name: product.name,
    ean: product.ean,
    vendorName: product.vendorName,
    reason,
    reasonText: SUGGESTION_REASONS[reason],
  });
  for (const line of lines) {
    // a deposit: by its text, or its EAN is the deposit EAN a product carries
    if (isDepositText(line.articleText) || depositEans.has(line.ean)) {
      deposits.add(line.id);
      const [before] = await db
        .select({ productId: effectiveProductId })
        .from(salesLines)
        .leftJoin(salesLineAssignments, assignmentOfLine)
        .where(
          and(eq(salesLines.receiptId, line.receiptId), lt(salesLines.position, line.position)),
        )
        .orderBy(desc(salesLines.position))
        .limit(1);
      const product = before?.productId ? byId.get(before.productId) : undefined;
      if (product) found.set(line.id, of(product, 'deposit'));
      continue;
    }
    const match = suggestProduct(line, known);
    if (match) found.set(line.id, of(match.product, match.reason));
  }
  return { suggestions: found, deposits };
}

/** The admin's answer for a waiting line: a product (its producer), or no producer's sale. */
export async function assignLine(
  db: Database,
  actor: Actor,
  lineId: string,
  body: AssignLine,
): Promise<{ message: string }> {
  if (!isUuid(lineId)) throw new NotFoundError(SALES_MESSAGES.lineNotFound);
  return answerLines(db, actor, [lineId], body, { single: true });
}

/** One answer for several waiting lines (1 to 100): all of them, or none. */
export async function assignLines(
  db: Database,
  actor: Actor,
  body: AssignLines,
): Promise<{ message: string; count: number }> {
  const { lineIds, ...answer } = body;
  const unique = [...new Set(lineIds)];
  const result = await answerLines(db, actor, unique, answer, { single: false });
  return { ...result, count: unique.length };
}

async function answerLines(
  db: Database,
  actor: Actor,
  lineIds: readonly string[],
  body: AssignLine,
  { single }: { single: boolean },
): Promise<{ message: string }> {
  if ((body.productId === undefined) === (body.kind === undefined))
    throw new InvalidError(ASSIGN_CHOICE);
  // an id that is no UUID names no line: it counts as not waiting
  const ids = lineIds.filter((id) => isUuid(id));
  return transaction(db, async (tx) => {
    const lines =
      ids.length === 0
        ? []
        : await tx
            .select({
              id: salesLines.id,
              receiptId: salesLines.receiptId,
              position: salesLines.position,
              ean: salesLines.ean,
              articleText: salesLines.articleText,
              vendorId: salesLines.vendorId,
              soldAt: salesLines.soldAt,
              vatRateBp: salesLines.vatRateBp,
              quantityThousandths: salesLines.quantityThousandths,
            })
            .from(salesLines)
            .where(inArray(salesLines.id, ids))
            .orderBy(asc(salesLines.receiptId), asc(salesLines.position))
            .for('update');
    if (single && lines.length === 0) throw new NotFoundError(SALES_MESSAGES.lineNotFound);
    const already = new Set(
      (ids.length === 0
        ? []
        : await tx
            .select({ id: salesLineAssignments.salesLineId })
            .from(salesLineAssignments)
            .where(inArray(salesLineAssignments.salesLineId, ids))
      ).map((row) => row.id),
    );
    const notWaiting =
      lineIds.length - lines.filter((line) => !line.vendorId && !already.has(line.id)).length;
    if (notWaiting > 0)
      throw new ConflictError(
        single ? SALES_MESSAGES.alreadyAssigned : SALES_MESSAGES.bulkLineNotWaiting(notWaiting),
      );

    const what = (line: (typeof lines)[number]) =>
      `Beleg ${line.receiptId}, Position ${line.position} (${line.articleText}, EAN ${line.ean})`;
    if (body.productId !== undefined) {
      const productId = body.productId;
      const product = isUuid(productId) ? await productOwner(tx, productId) : undefined;
      if (!product) throw new InvalidError(SALES_MESSAGES.productNotFound);
      await tx.insert(salesLineAssignments).values(
        lines.map((line) => ({
          salesLineId: line.id,
          kind: 'product',
          productId: product.productId,
          vendorId: product.vendorId,
          movesStock: product.stockTracked,
          assignedBy: actor.id,
        })),
      );
      for (const line of lines)
        await recordAudit(tx, actor, {
          action: 'sales-line.assign',
          entity: 'sales_line',
          entityId: line.id,
          summary: `Verkauf ${what(line)} dem Produkt „${product.name}“ zugeordnet`,
          before: null,
          after: {
            product: product.name,
            productId: product.productId,
            vendorId: product.vendorId,
          },
        });
      // their rates are checked against the producer's tax status now (docs/decisions/0042)
      const waiting = await recordUnfitRates(
        tx,
        lines.map((line) => ({ ...line, vendorId: product.vendorId })),
      );
      // a tracked product's stock: the line is its sale (the admin named the product, so no EAN)
      if (product.stockTracked)
        await addTillSales(
          tx,
          lines.map(({ quantityThousandths, soldAt }) => ({
            productId: product.productId,
            quantityThousandths,
            soldAt,
          })),
        );
      if (single && waiting.size > 0) return { message: SALES_MESSAGES.assignedToClarify };
      const done = SALES_MESSAGES.assignedMany(lines.length, product.name);
      return {
        message:
          waiting.size > 0 ? `${done} ${SALES_MESSAGES.assignedManyToClarify(waiting.size)}` : done,
      };
    }
    // a deposit is the sale of the producer whose bottle or jar it is (docs/product/money.md):
    // never no sale
    if (body.noVendor === 'no_sale') {
      const carried = await productsByDepositEans(
        tx,
        lines.map((line) => line.ean),
      );
      if (lines.some((line) => isDepositText(line.articleText) || carried.has(line.ean)))
        throw new InvalidError(SALES_MESSAGES.depositNoSale);
    }
    // the shop's own sale carries its rate (the line's, unless the admin names 19 % or 7 %)
    const ownSale = body.noVendor === 'own_sale';
    const rates = lines.map((line) => (ownSale ? (body.vatRateBp ?? line.vatRateBp) : null));
    if (ownSale && rates.some((rate) => rate !== 1900 && rate !== 700))
      throw new InvalidError(OWN_SALE_RATE);
    await tx.insert(salesLineAssignments).values(
      lines.map((line, i) => ({
        salesLineId: line.id,
        kind: 'no_vendor',
        noVendorKind: body.noVendor ?? null,
        ownVatRateBp: rates[i] ?? null,
        assignedBy: actor.id,
      })),
    );
    for (const [i, line] of lines.entries()) {
      const rate = rates[i] ?? null;
      const answer = ownSale
        ? `eigener Verkauf des Ladens (${basisPointsToPercent(rate!)} %)`
        : 'kein Verkauf';
      await recordAudit(tx, actor, {
        action: 'sales-line.no-vendor',
        entity: 'sales_line',
        entityId: line.id,
        summary: `Verkauf ${what(line)} als „kein Verkauf eines Direktvermarkters“ markiert: ${answer}`,
        before: null,
        after: { kind: 'no_vendor', noVendor: body.noVendor ?? null, vatRateBp: rate },
      });
    }
    if (!ownSale) return { message: SALES_MESSAGES.markedNoSale(lines.length) };
    const distinct = [...new Set(rates)];
    const rateText = distinct.map((rate) => `${basisPointsToPercent(rate!)} %`).join(' bzw. ');
    return { message: SALES_MESSAGES.markedOwnSale(lines.length, rateText) };
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
