// What producers owe: the list of open items and the producer's payment.
import { clock } from '@housnkuh/shared/clock';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { billingPartiesOf } from '../vendors/public';
import { openItems } from './schema';

/** GET /api/admin/open-items */
export async function listOpenItems(db: Executor, state: 'open' | 'all') {
  const rows = await db
    .select()
    .from(openItems)
    .where(
      state === 'open' ? and(isNull(openItems.paidAt), isNull(openItems.offsetInMonth)) : undefined,
    )
    .orderBy(asc(openItems.dueOn), asc(openItems.id));
  const names = new Map(
    (
      await billingPartiesOf(
        db,
        rows.map((row) => row.vendorId),
      )
    ).map((party) => [party.id, party.unternehmen || party.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    vendorId: row.vendorId,
    vendorName: names.get(row.vendorId) ?? '',
    month: row.month,
    amountCents: row.amountCents,
    dueOn: row.dueOn,
    documentNumber: row.documentNumber,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    offsetInMonth: row.offsetInMonth,
  }));
}

/** POST /api/admin/open-items/:id/paid: the producer paid what it owed. */
export async function markOpenItemPaid(db: Executor, actor: Actor, id: string) {
  if (!isUuid(id)) throw new NotFoundError(SETTLEMENT_MESSAGES.openItemNotFound);
  await transaction(db, async (tx) => {
    const [item] = await tx.select().from(openItems).where(eq(openItems.id, id)).for('update');
    if (!item) throw new NotFoundError(SETTLEMENT_MESSAGES.openItemNotFound);
    if (item.paidAt) throw new ConflictError(SETTLEMENT_MESSAGES.openItemPaid);
    // offset only by a final settlement (finalizeMonth): settled there
    if (item.offsetInMonth) throw new ConflictError(SETTLEMENT_MESSAGES.openItemOffset);
    await tx
      .update(openItems)
      .set({ paidAt: clock.now(), paidBy: actor.name })
      .where(eq(openItems.id, id));
    await recordAudit(tx, actor, {
      action: 'settlement.open-item.paid',
      entity: 'settlement',
      entityId: id,
      summary: `Offener Posten aus ${formatMonth(item.month)} als bezahlt markiert`,
    });
  });
}
