// Opening a month for settlement: POST /api/admin/abrechnungen.
import { firstOfNextMonth, isoDayInBerlin } from '@housnkuh/shared/format';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { settlementMonths } from './schema';
import { computeDrafts } from './drafts.service';
import { settlementOfMonth } from './month-view.service';
import { monthOfPath } from './month';
import { firstDay, firstSettledMonth, lockMonth, lockSettlement } from './month';
import { refuseOutOfOrder } from './order.service';
import { eq } from 'drizzle-orm';

/**
 * POST /api/admin/abrechnungen: opens a month (or recomputes its drafts). Refused while the
 * shop has no opening date, for a month not over yet, for one that ended before the opening or
 * lies before "Abrechnung ab", and while an earlier month is still to settle (409 naming it).
 */
export async function openSettlementMonth(
  db: Executor,
  actor: Actor,
  month: string,
  openingDate: string | null,
) {
  if (!openingDate) throw new ConflictError(SETTLEMENT_MESSAGES.noOpeningDate);
  if (firstOfNextMonth(firstDay(month)) > isoDayInBerlin())
    throw new ConflictError(SETTLEMENT_MESSAGES.monthNotOver);
  if (monthEnd(firstDay(month)) < openingDate)
    throw new ConflictError(SETTLEMENT_MESSAGES.monthBeforeOpening);
  await transaction(db, async (tx) => {
    await lockSettlement(tx);
    const start = await firstSettledMonth(tx, openingDate);
    if (start && month < start)
      throw new ConflictError(SETTLEMENT_MESSAGES.beforeFirstMonth(formatMonth(start)));
    const [existing] = await tx
      .select({ status: settlementMonths.status })
      .from(settlementMonths)
      .where(eq(settlementMonths.month, month));
    if (existing?.status !== 'final') await refuseOutOfOrder(tx, month, openingDate);
    const [created] = await tx
      .insert(settlementMonths)
      .values({ month })
      .onConflictDoNothing()
      .returning();
    const row = await lockMonth(tx, month);
    await computeDrafts(tx, row, openingDate);
    if (created)
      await recordAudit(tx, actor, {
        action: 'settlement.create',
        entity: 'settlement',
        entityId: month,
        summary: `Abrechnung ${formatMonth(month)} begonnen`,
      });
  });
  return settlementOfMonth(db, month, openingDate);
}

/** POST /api/admin/abrechnungen/:month/recompute */
export async function recomputeMonth(db: Executor, month: string, openingDate: string | null) {
  monthOfPath(month);
  await transaction(db, async (tx) => {
    await lockSettlement(tx);
    const row = await lockMonth(tx, month);
    if (row.status !== 'final') await refuseOutOfOrder(tx, month, openingDate);
    await computeDrafts(tx, row, openingDate);
  });
  return settlementOfMonth(db, month, openingDate);
}
