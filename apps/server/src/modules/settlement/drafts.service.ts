// A month's drafts (docs/decisions/0033): one per producer with something to settle, computed by
// the pure core (packages/shared/src/settlement.ts); the month's list and one producer's figures.
import { clock } from '@housnkuh/shared/clock';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { SETTLEMENT_MESSAGES, type SettlementItem } from '@housnkuh/shared/schemas/settlement';
import {
  settleMonth,
  type OpenItemIn,
  type Settlement,
  type SettlementSale,
} from '@housnkuh/shared/settlement';
import { vatRateOn } from '@housnkuh/shared/vat';
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { NotFoundError } from '../../lib/domain-errors';
import { settlementContracts } from '../contracts/public';
import { salesForSettlement, type SettlementSalesLine } from '../sales/public';
import { billingPartiesOf, type BillingParty } from '../vendors/public';
import {
  openItems,
  payouts,
  settledSalesLines,
  settlementItems,
  settlementManualLines,
  settlementMonths,
} from './schema';
import { firstDay, lockMonth, monthEndInstant, monthOfPath, type Month } from './month';

/** A sales line of the settlement: settled once its id is in settled_sales_lines. */
const isSettled = (lineId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${settledSalesLines} where ${settledSalesLines.salesLineId} = ${lineId})`;

function saleOf(line: SettlementSalesLine): SettlementSale {
  return {
    id: line.id,
    receiptId: line.receiptId,
    position: line.position,
    soldAt: line.soldAt.toISOString(),
    soldOn: isoDayInBerlin(line.soldAt),
    articleText: line.articleText,
    quantityThousandths: line.quantityThousandths,
    unitPriceGrossCents: line.unitPriceGrossCents,
    vatRateBp: line.vatRateBp,
    grossCents: line.lineTotalGrossCents,
  };
}

/** What keeps a producer from being settled (German; empty: nothing). */
export function producerBlockers(party: BillingParty | undefined): string[] {
  const blockers: string[] = [];
  const blank = (value: string | null | undefined) => !value || value.trim() === '';
  if (!party || blank(party.taxStatus)) blockers.push(SETTLEMENT_MESSAGES.noTaxStatus);
  if (!party || blank(party.strasse) || blank(party.plz) || blank(party.ort))
    blockers.push(SETTLEMENT_MESSAGES.noAddress);
  if (!party || blank(party.iban) || blank(party.kontoinhaber))
    blockers.push(SETTLEMENT_MESSAGES.noBank);
  return blockers;
}

/** The open amounts a settlement of `month` offsets: earlier months', neither paid nor offset elsewhere. */
async function openItemsFor(tx: Executor, month: string, vendorIds?: readonly string[]) {
  return tx
    .select()
    .from(openItems)
    .where(
      and(
        isNull(openItems.paidAt),
        lt(openItems.month, month),
        or(isNull(openItems.offsetInMonth), eq(openItems.offsetInMonth, month)),
        vendorIds ? inArray(openItems.vendorId, [...vendorIds]) : undefined,
      ),
    )
    .orderBy(asc(openItems.month), asc(openItems.id));
}

/**
 * Recomputes the drafts of a month in the caller's transaction: every producer with a contract
 * day, unsettled sales up to the month's end, an open item or a manual line (a final month: only
 * its drafts left, the blocked ones). Final items never change.
 */
export async function computeDrafts(tx: Executor, month: Month, openingDate: string | null) {
  const existing = await tx
    .select({ vendorId: settlementItems.vendorId, status: settlementItems.status })
    .from(settlementItems)
    .where(eq(settlementItems.month, month.month));
  const finalIds = new Set(existing.filter((i) => i.status === 'final').map((i) => i.vendorId));
  const onlyDrafts =
    month.status === 'final'
      ? existing.filter((i) => i.status === 'draft').map((i) => i.vendorId)
      : undefined;
  if (onlyDrafts && onlyDrafts.length === 0) return;

  const sales = (
    await salesForSettlement(tx, monthEndInstant(month.month), isSettled, onlyDrafts)
  ).filter((line) => !finalIds.has(line.vendorId));
  const open = await openItemsFor(tx, month.month, onlyDrafts);
  const manual = await tx
    .select()
    .from(settlementManualLines)
    .where(eq(settlementManualLines.month, month.month))
    .orderBy(asc(settlementManualLines.createdAt), asc(settlementManualLines.id));

  const candidates = new Set<string>([
    ...sales.map((line) => line.vendorId),
    ...open.map((item) => item.vendorId),
    ...manual.map((line) => line.vendorId),
  ]);
  const contracts = await settlementContracts(tx, month.month, openingDate, [...candidates]);
  const vendorIds = [...new Set([...contracts.keys(), ...candidates])].filter(
    (id) => !finalIds.has(id) && (!onlyDrafts || onlyDrafts.includes(id)),
  );
  const parties = new Map(
    (await billingPartiesOf(tx, vendorIds)).map((party) => [party.id, party]),
  );
  const shopVatRateBp = vatRateOn('standard', monthEnd(firstDay(month.month)));
  const byVendor = <T extends { vendorId: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const list = map.get(row.vendorId);
      if (list) list.push(row);
      else map.set(row.vendorId, [row]);
    }
    return map;
  };
  const salesOf = byVendor(sales);
  const openOf = byVendor(open);
  const manualOf = byVendor(manual);

  const rows = vendorIds
    .filter((vendorId) => parties.has(vendorId))
    .map((vendorId) => {
      const own = contracts.get(vendorId);
      const figures = settleMonth({
        month: month.month,
        freeMonth: own?.freeMonth ?? null,
        contracts: own?.contracts ?? [],
        sales: (salesOf.get(vendorId) ?? []).map(saleOf),
        manualLines: (manualOf.get(vendorId) ?? []).map((line) => ({
          id: line.id,
          text: line.text,
          // interim: the manual line's kind arrives with the settlement's rework (issue 30)
          grossCents: -line.grossCents,
          vatRateBp: line.vatRateBp ?? 0,
        })),
        openItems: (openOf.get(vendorId) ?? []).map((item): OpenItemIn => ({
          id: item.id,
          month: item.month,
          documentNumber: item.documentNumber,
          amountCents: item.amountCents,
        })),
        shopVatRateBp,
      });
      return {
        month: month.month,
        vendorId,
        status: 'draft',
        figures,
        blockers: producerBlockers(parties.get(vendorId)),
        computedAt: clock.now(),
      };
    });

  // drafts of producers that no longer have anything in the month go
  const keep = new Set(rows.map((row) => row.vendorId));
  const gone = existing
    .filter((item) => item.status === 'draft' && !keep.has(item.vendorId))
    .map((item) => item.vendorId);
  if (gone.length > 0)
    await tx
      .delete(settlementItems)
      .where(
        and(
          eq(settlementItems.month, month.month),
          eq(settlementItems.status, 'draft'),
          inArray(settlementItems.vendorId, gone),
        ),
      );
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(settlementItems)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [settlementItems.month, settlementItems.vendorId],
        set: {
          figures: sql`excluded.figures`,
          blockers: sql`excluded.blockers`,
          computedAt: sql`excluded.computed_at`,
        },
        setWhere: sql`${settlementItems.status} = 'draft'`,
      });
  }
}

/** POST /api/admin/abrechnungen/:month/recompute */
export async function recomputeMonth(db: Executor, month: string, openingDate: string | null) {
  monthOfPath(month);
  await transaction(db, async (tx) => computeDrafts(tx, await lockMonth(tx, month), openingDate));
  return settlementOfMonth(db, month);
}

/** GET /api/admin/abrechnungen?month=: the month with one item per producer. */
export async function settlementOfMonth(db: Executor, month: string) {
  const [row] = await db.select().from(settlementMonths).where(eq(settlementMonths.month, month));
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  const items = await db.select().from(settlementItems).where(eq(settlementItems.month, month));
  const names = new Map(
    (
      await billingPartiesOf(
        db,
        items.map((item) => item.vendorId),
      )
    ).map((party) => [party.id, party.unternehmen || party.name]),
  );
  const manual = await db
    .select()
    .from(settlementManualLines)
    .where(eq(settlementManualLines.month, month))
    .orderBy(asc(settlementManualLines.createdAt), asc(settlementManualLines.id));
  const paidAt = new Map(
    (await db.select().from(payouts).where(eq(payouts.month, month))).map((payout) => [
      payout.vendorId,
      payout.paidAt ? payout.paidAt.toISOString() : null,
    ]),
  );
  const answer: SettlementItem[] = items.map((item) => {
    const figures = item.figures as Settlement;
    return {
      vendorId: item.vendorId,
      vendorName: names.get(item.vendorId) ?? '',
      status: item.status as 'draft' | 'final',
      salesGrossCents: figures.sales.grossCents,
      commissionNetCents: figures.commission.netCents,
      commissionVatCents: figures.commission.vatCents,
      commissionGrossCents: figures.commission.grossCents,
      rentGrossCents: figures.rentGrossCents,
      manualCents: figures.manualCents,
      openItemsCents: figures.openItemsCents,
      payoutCents: figures.payoutCents,
      payoutPaidAt: paidAt.get(item.vendorId) ?? null,
      blockers: item.blockers as string[],
      manualLines: manual
        .filter((line) => line.vendorId === item.vendorId)
        .map(({ id, text, grossCents, vatRateBp }) => ({
          id,
          text,
          grossCents: -grossCents,
          vatRateBp: vatRateBp ?? 0,
        })),
    };
  });
  answer.sort(
    (a, b) =>
      a.vendorName.localeCompare(b.vendorName, 'de') || a.vendorId.localeCompare(b.vendorId),
  );
  return { month, status: row.status as 'draft' | 'final', items: answer };
}

/** The figures of one producer's settlement of a month (documents, the admin's detail). */
export async function settlementFigures(
  db: Executor,
  month: string,
  vendorId: string,
): Promise<{ status: string; figures: Settlement } | undefined> {
  if (!isUuid(vendorId)) return undefined;
  const [item] = await db
    .select()
    .from(settlementItems)
    .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
  return item ? { status: item.status, figures: item.figures as Settlement } : undefined;
}
