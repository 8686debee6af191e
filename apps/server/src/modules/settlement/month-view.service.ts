// The month as the admin sees it: GET /api/admin/abrechnungen?month= (one item per producer, or
// "Nichts abzurechnen"), and one producer's figures for the documents.
import { firstOfNextMonth, isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { SETTLEMENT_MESSAGES, type SettlementItem } from '@housnkuh/shared/schemas/settlement';
import { type Settlement } from '@housnkuh/shared/settlement';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import { billingPartiesOf } from '../vendors/public';
import { payouts, settlementItems, settlementManualLines, settlementMonths } from './schema';
import { firstDay } from './month';
import { needsNoSettling } from './order.service';
import { THEFT_REFUND_PREFIX } from './theft-refunds.service';

/** The totals of a producer's figures the month's list shows. */
type Totals = Pick<
  SettlementItem,
  | 'salesGrossCents'
  | 'commissionNetCents'
  | 'commissionVatCents'
  | 'commissionGrossCents'
  | 'rentGrossCents'
  | 'manualCents'
  | 'openItemsCents'
  | 'payoutCents'
>;

/** GET /api/admin/abrechnungen?month=: the month with one item per producer. */
export async function settlementOfMonth(
  db: Executor,
  month: string,
  openingDate: string | null = null,
) {
  const [row] = await db.select().from(settlementMonths).where(eq(settlementMonths.month, month));
  if (!row) {
    // a month over, from the first settled one, that needs no settling: "Nichts abzurechnen"
    if (
      openingDate &&
      firstOfNextMonth(firstDay(month)) <= isoDayInBerlin() &&
      monthEnd(firstDay(month)) >= openingDate &&
      (await needsNoSettling(db, month, openingDate))
    )
      return { month, status: 'nothing' as const, items: [] };
    throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  }
  // the totals only, taken out of the figures by the database: the figures hold every sales line
  // (100,000 in a big month), which the list does not show (docs/decisions/0061)
  const items = await db
    .select({
      vendorId: settlementItems.vendorId,
      status: settlementItems.status,
      blockers: settlementItems.blockers,
      totals: sql<Totals>`jsonb_build_object(
        'salesGrossCents', ${settlementItems.figures}->'sales'->'grossCents',
        'commissionNetCents', ${settlementItems.figures}->'commission'->'netCents',
        'commissionVatCents', ${settlementItems.figures}->'commission'->'vatCents',
        'commissionGrossCents', ${settlementItems.figures}->'commission'->'grossCents',
        'rentGrossCents', ${settlementItems.figures}->'rentGrossCents',
        'manualCents', ${settlementItems.figures}->'manualCents',
        'openItemsCents', ${settlementItems.figures}->'openItemsCents',
        'payoutCents', ${settlementItems.figures}->'payoutCents')`,
      // the theft refund lines the inventory's counts give (docs/decisions/0068), as on the
      // statement: no manual lines, so the list of those does not show them
      inventoryRefunds: sql<SettlementItem['inventoryRefunds']>`coalesce((
        select jsonb_agg(jsonb_build_object('id', r->>'id', 'text', r->>'text',
          'grossCents', (r->>'grossCents')::integer))
        from jsonb_array_elements(${settlementItems.figures}->'refunds') r
        where r->>'id' like ${`${THEFT_REFUND_PREFIX}%`}), '[]'::jsonb)`,
    })
    .from(settlementItems)
    .where(eq(settlementItems.month, month));
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
  // a producer's month may have several payouts (a correction's difference, a returned transfer
  // paid again): transferred once every one not returned is paid, at the latest of them
  const paidAt = new Map<string, string | null>();
  for (const payout of await db.select().from(payouts).where(eq(payouts.month, month))) {
    if (payout.returnedAt) continue;
    const day = payout.paidAt ? payout.paidAt.toISOString() : null;
    const before = paidAt.get(payout.vendorId);
    paidAt.set(
      payout.vendorId,
      before === null || day === null
        ? before === undefined
          ? day
          : null
        : before === undefined || day > before
          ? day
          : before,
    );
  }
  const answer: SettlementItem[] = items.map((item) => {
    return {
      vendorId: item.vendorId,
      vendorName: names.get(item.vendorId) ?? '',
      status: item.status as 'draft' | 'final',
      ...item.totals,
      payoutPaidAt: paidAt.get(item.vendorId) ?? null,
      blockers: item.blockers,
      inventoryRefunds: item.inventoryRefunds ?? [],
      manualLines: manual
        .filter((line) => line.vendorId === item.vendorId)
        .map(({ id, kind, text, grossCents, vatRateBp }) => ({
          id,
          kind: kind === 'refund' ? ('refund' as const) : ('charge' as const),
          text,
          grossCents,
          vatRateBp,
        })),
    };
  });
  answer.sort(
    (a, b) =>
      a.vendorName.localeCompare(b.vendorName, 'de') || a.vendorId.localeCompare(b.vendorId),
  );
  // a draft computed while nobody had anything (and nobody has now): settled by itself
  if (
    row.status === 'draft' &&
    answer.length === 0 &&
    (await needsNoSettling(db, month, openingDate))
  )
    return { month, status: 'nothing' as const, items: answer };
  return { month, status: row.status as 'draft' | 'final' | 'nothing', items: answer };
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
  return item ? { status: item.status, figures: item.figures } : undefined;
}
