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
import { computeDrafts, settlementOfMonth } from './drafts.service';
import { firstDay, lockMonth } from './month';

/**
 * POST /api/admin/abrechnungen: opens a month (or recomputes its drafts). Refused while the
 * shop has no opening date, for a month not over yet, and for one that ended before the opening.
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
  return settlementOfMonth(db, month);
}
