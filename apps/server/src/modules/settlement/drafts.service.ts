// A month's drafts (docs/decisions/0033): one per producer with something to settle, computed by
// the pure core (packages/shared/src/settlement.ts); the month's list and one producer's figures.
import { createHash } from 'node:crypto';
import { clock } from '@housnkuh/shared/clock';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import {
  settleMonth,
  type OpenItemIn,
  type Settlement,
  type SettlementSale,
} from '@housnkuh/shared/settlement';
import { vatRateOn } from '@housnkuh/shared/vat';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settlementContracts } from '../contracts/public';
import { salesForSettlement, type SettlementSalesLine } from '../sales/public';
import { billingPartiesOf, type BillingParty } from '../vendors/public';
import { openItems, settlementItems, settlementManualLines } from './schema';
import { theftRefundLines } from './theft-refunds.service';
import {
  firstDay,
  firstSettledMonth,
  monthEndInstant,
  monthStartInstant,
  type Month,
} from './month';
import { formatMonth } from '@housnkuh/shared/months';

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

const byVendor = <T extends { vendorId: string }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.vendorId);
    if (list) list.push(row);
    else map.set(row.vendorId, [row]);
  }
  return map;
};

/** A producer has something to settle: a sale line, a chargeable day, a manual line, an open amount. */
export const hasSomething = (figures: Settlement) =>
  figures.sales.lines.length > 0 ||
  figures.invoice.lines.length > 0 ||
  figures.refunds.length > 0 ||
  figures.openItems.length > 0;

/**
 * The earliest earlier month in which each producer still has a draft (blocked in a month that
 * is final): its later months wait for it (docs/decisions/0038).
 */
async function earlierOpenMonths(tx: Executor, month: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ vendorId: settlementItems.vendorId, month: settlementItems.month })
    .from(settlementItems)
    .where(and(eq(settlementItems.status, 'draft'), lt(settlementItems.month, month)))
    .orderBy(asc(settlementItems.month));
  const map = new Map<string, string>();
  for (const row of rows) if (!map.has(row.vendorId)) map.set(row.vendorId, row.month);
  return map;
}

export interface DraftRow {
  month: string;
  vendorId: string;
  status: 'draft';
  figures: Settlement;
  blockers: string[];
  computedAt: Date;
}

/**
 * The drafts of a month as they would be now, without writing: every producer with something to
 * settle (a sale line sold from the first settled month up to the month's end and not settled
 * yet, a chargeable contract day, an open amount of an earlier month, a manual line), except the
 * producers already final in it; a final month only its drafts left (the blocked ones). A
 * producer with a draft in an earlier month waits: its draft here holds only this month's own
 * sales and manual lines, no open amounts, and a blocker naming that month.
 */
export async function draftRows(
  tx: Executor,
  month: string,
  monthStatus: string,
  openingDate: string | null,
): Promise<{
  rows: DraftRow[];
  existing: { vendorId: string; status: string; fingerprint: string | null }[];
}> {
  const existing = await tx
    .select({
      vendorId: settlementItems.vendorId,
      status: settlementItems.status,
      fingerprint: settlementItems.fingerprint,
    })
    .from(settlementItems)
    .where(eq(settlementItems.month, month));
  const finalIds = new Set(existing.filter((i) => i.status === 'final').map((i) => i.vendorId));
  const onlyDrafts =
    monthStatus === 'final'
      ? existing.filter((i) => i.status === 'draft').map((i) => i.vendorId)
      : undefined;
  if (onlyDrafts && onlyDrafts.length === 0) return { rows: [], existing };

  const start = await firstSettledMonth(tx, openingDate);
  const startInstant = start ? monthStartInstant(start) : null;
  const waiting = await earlierOpenMonths(tx, month);
  const ownStart = monthStartInstant(month);
  const sales = (await salesForSettlement(tx, monthEndInstant(month), onlyDrafts)).filter(
    (line) =>
      !finalIds.has(line.vendorId) &&
      // earlier months than the first settled one were settled elsewhere
      (!startInstant || line.soldAt >= startInstant) &&
      // a waiting producer's earlier lines stay for its open month
      (!waiting.has(line.vendorId) || line.soldAt >= ownStart),
  );
  const open = (await openItemsFor(tx, month, onlyDrafts)).filter(
    (item) => !waiting.has(item.vendorId),
  );
  const manual = [
    ...(await tx
      .select()
      .from(settlementManualLines)
      .where(eq(settlementManualLines.month, month))
      .orderBy(asc(settlementManualLines.createdAt), asc(settlementManualLines.id))),
    // the theft refunds of the month's counts (AGB § 8 Abs. 3): refunds that are no supply
    ...(await theftRefundLines(tx, month, startInstant)),
  ];

  const candidates = new Set<string>([
    ...sales.map((line) => line.vendorId),
    ...open.map((item) => item.vendorId),
    ...manual.map((line) => line.vendorId),
  ]);
  const contracts = await settlementContracts(tx, month, openingDate, [...candidates]);
  const vendorIds = [...new Set([...contracts.keys(), ...candidates])].filter(
    (id) => !finalIds.has(id) && (!onlyDrafts || onlyDrafts.includes(id)),
  );
  const parties = new Map(
    (await billingPartiesOf(tx, vendorIds)).map((party) => [party.id, party]),
  );
  const shopVatRateBp = vatRateOn('standard', monthEnd(firstDay(month)));
  const salesOf = byVendor(sales);
  const openOf = byVendor(open);
  const manualOf = byVendor(manual);

  const rows: DraftRow[] = [];
  for (const vendorId of vendorIds) {
    if (!parties.has(vendorId)) continue;
    const own = contracts.get(vendorId);
    const figures = settleMonth({
      month,
      freeMonth: own?.freeMonth ?? null,
      contracts: own?.contracts ?? [],
      sales: (salesOf.get(vendorId) ?? []).map(saleOf),
      manualLines: (manualOf.get(vendorId) ?? []).map((line) => ({
        id: line.id,
        kind: line.kind === 'refund' ? 'refund' : 'charge',
        text: line.text,
        grossCents: line.grossCents,
        vatRateBp: line.vatRateBp,
      })),
      openItems: (openOf.get(vendorId) ?? []).map((item): OpenItemIn => ({
        id: item.id,
        month: item.month,
        documentNumber: item.documentNumber,
        amountCents: item.amountCents,
      })),
      shopVatRateBp,
    });
    // nothing to settle: no draft, no documents (docs/product/money.md)
    if (!hasSomething(figures)) continue;
    const earlier = waiting.get(vendorId);
    rows.push({
      month,
      vendorId,
      status: 'draft',
      figures,
      blockers: [
        ...(earlier ? [SETTLEMENT_MESSAGES.earlierMonthOpen(formatMonth(earlier))] : []),
        ...producerBlockers(parties.get(vendorId)),
      ],
      computedAt: clock.now(),
    });
  }
  return { rows, existing };
}

/** What a draft says (its figures and blockers), as one SHA-256: equal when nothing changed. */
function fingerprintOf(row: DraftRow): string {
  return createHash('sha256')
    .update(JSON.stringify([row.figures, row.blockers]))
    .digest('base64url');
}

/**
 * Recomputes the drafts of a month in the caller's transaction (draftRows, written): drafts of
 * producers with nothing left go. Final items never change. A draft that comes out as it is
 * stored (its fingerprint) is not written again, only its computing time (docs/decisions/0085):
 * a month's figures hold every sales line, and finalizing recomputes the drafts the admin has
 * just looked at.
 */
export async function computeDrafts(
  tx: Executor,
  month: Month,
  openingDate: string | null,
): Promise<DraftRow[]> {
  const { rows, existing } = await draftRows(tx, month.month, month.status, openingDate);
  const stored = new Map(
    existing
      .filter((item) => item.status === 'draft')
      .map((item) => [item.vendorId, item.fingerprint]),
  );
  const unchanged: string[] = [];
  const changed: (DraftRow & { fingerprint: string })[] = [];
  for (const row of rows) {
    const fingerprint = fingerprintOf(row);
    if (stored.get(row.vendorId) === fingerprint) unchanged.push(row.vendorId);
    else changed.push({ ...row, fingerprint });
  }
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
  if (unchanged.length > 0)
    await tx
      .update(settlementItems)
      .set({ computedAt: clock.now() })
      .where(
        and(
          eq(settlementItems.month, month.month),
          eq(settlementItems.status, 'draft'),
          inArray(settlementItems.vendorId, unchanged),
        ),
      );
  for (let i = 0; i < changed.length; i += 500) {
    await tx
      .insert(settlementItems)
      .values(changed.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [settlementItems.month, settlementItems.vendorId],
        set: {
          figures: sql`excluded.figures`,
          blockers: sql`excluded.blockers`,
          computedAt: sql`excluded.computed_at`,
          fingerprint: sql`excluded.fingerprint`,
        },
        setWhere: sql`${settlementItems.status} = 'draft'`,
      });
  }
  // what the month's drafts now are (the final producers have no row here)
  return rows;
}
