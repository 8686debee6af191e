// Payouts (issue 30, docs/decisions/0038-runs): the month's payouts with their payee, and marking
// them paid. Payment runs are in payment-runs.service.ts, corrections in correct.service.ts.
import { clock } from '@housnkuh/shared/clock';
import { formatMonth } from '@housnkuh/shared/months';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { billingPartiesOf } from '../vendors/public';
import { payouts, settlementMonths } from './schema';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month of the path: anything else is "not found" (like an id that cannot be ours). */
export function monthOfPath(month: string): string {
  if (!MONTH.test(month)) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  return month;
}

/** POST /api/admin/abrechnungen/:month/payouts/paid: marks the month's payouts (all or some) paid. */
export async function markPayoutsPaid(
  db: Executor,
  actor: Actor,
  month: string,
  vendorIds: readonly string[] | undefined,
) {
  monthOfPath(month);
  const [row] = await db.select().from(settlementMonths).where(eq(settlementMonths.month, month));
  if (!row) throw new NotFoundError(SETTLEMENT_MESSAGES.notFound);
  if (row.status !== 'final') throw new ConflictError(SETTLEMENT_MESSAGES.notFinal);
  const ids = vendorIds?.filter(isUuid);
  if (ids && ids.length === 0) return 0;
  return transaction(db, async (tx) => {
    const paid = await tx
      .update(payouts)
      .set({ paidAt: clock.now(), paidBy: actor.name })
      .where(
        and(
          eq(payouts.month, month),
          isNull(payouts.paidAt),
          ids ? inArray(payouts.vendorId, ids) : undefined,
        ),
      )
      .returning({ vendorId: payouts.vendorId });
    if (paid.length > 0)
      await recordAudit(tx, actor, {
        action: 'settlement.payouts.paid',
        entity: 'settlement',
        entityId: month,
        summary: `${paid.length} Auszahlung(en) für ${formatMonth(month)} als bezahlt markiert`,
      });
    return paid.length;
  });
}

/** The payouts of a final month (the SEPA file), with the payee's bank data. */
export async function payoutsOfMonth(db: Executor, month: string) {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.month, month))
    .orderBy(asc(payouts.vendorId));
  const parties = new Map(
    (
      await billingPartiesOf(
        db,
        rows.map((row) => row.vendorId),
      )
    ).map((party) => [party.id, party]),
  );
  return rows.map((row) => ({ ...row, payee: parties.get(row.vendorId)! }));
}
