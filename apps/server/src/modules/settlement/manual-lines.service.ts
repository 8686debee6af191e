// Manual lines on a producer's draft (docs/product/money.md, manual lines).
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { SETTLEMENT_MESSAGES, type ManualLineInput } from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import { vatRatesInForce } from '@housnkuh/shared/vat';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { settlementItems, settlementManualLines } from './schema';
import { computeDrafts } from './drafts.service';
import { firstDay, lockMonth, lockSettlement, monthOfPath } from './month';

async function draftItem(tx: Executor, month: string, vendorId: string) {
  if (!isUuid(vendorId))
    throw new InvalidError(SETTLEMENT_MESSAGES.noDraft, [
      { field: 'vendorId', message: SETTLEMENT_MESSAGES.noDraft },
    ]);
  const [item] = await tx
    .select({ status: settlementItems.status })
    .from(settlementItems)
    .where(and(eq(settlementItems.month, month), eq(settlementItems.vendorId, vendorId)));
  if (!item)
    throw new InvalidError(SETTLEMENT_MESSAGES.noDraft, [
      { field: 'vendorId', message: SETTLEMENT_MESSAGES.noDraft },
    ]);
  if (item.status !== 'draft') throw new ConflictError(SETTLEMENT_MESSAGES.itemFinal);
}

/** POST /api/admin/abrechnungen/:month/manual-lines: a line on a producer's draft. */
export async function addManualLine(
  db: Executor,
  actor: Actor,
  month: string,
  input: ManualLineInput,
  openingDate: string | null,
) {
  monthOfPath(month);
  // the schema allows a charge 19 % or 7 % only, a refund no rate; the rate must be in force
  const vatRateBp = input.kind === 'charge' ? (input.vatRateBp ?? null) : null;
  if (vatRateBp !== null && !vatRatesInForce(monthEnd(firstDay(month))).includes(vatRateBp))
    throw new InvalidError(SETTLEMENT_MESSAGES.vatRate, [
      { field: 'vatRateBp', message: SETTLEMENT_MESSAGES.vatRate },
    ]);
  return transaction(db, async (tx) => {
    await lockSettlement(tx);
    const row = await lockMonth(tx, month);
    await draftItem(tx, month, input.vendorId);
    const [line] = await tx
      .insert(settlementManualLines)
      .values({
        month,
        vendorId: input.vendorId,
        kind: input.kind,
        text: input.text,
        grossCents: input.grossCents,
        vatRateBp,
        createdBy: actor.name,
      })
      .returning();
    await computeDrafts(tx, row, openingDate);
    await recordAudit(tx, actor, {
      action: 'settlement.manual-line.add',
      entity: 'settlement',
      entityId: month,
      summary: `Position „${input.text}“ zur Abrechnung ${formatMonth(month)} hinzugefügt`,
      after: {
        vendorId: input.vendorId,
        kind: input.kind,
        grossCents: input.grossCents,
        vatRateBp,
      },
    });
    return {
      id: line!.id,
      kind: input.kind,
      text: line!.text,
      grossCents: line!.grossCents,
      vatRateBp: line!.vatRateBp,
    };
  });
}

/** DELETE /api/admin/abrechnungen/:month/manual-lines/:id (drafts only). */
export async function deleteManualLine(
  db: Executor,
  actor: Actor,
  month: string,
  id: string,
  openingDate: string | null,
) {
  monthOfPath(month);
  if (!isUuid(id)) throw new NotFoundError(SETTLEMENT_MESSAGES.manualLineNotFound);
  await transaction(db, async (tx) => {
    await lockSettlement(tx);
    const row = await lockMonth(tx, month);
    const [line] = await tx
      .select()
      .from(settlementManualLines)
      .where(and(eq(settlementManualLines.id, id), eq(settlementManualLines.month, month)));
    if (!line) throw new NotFoundError(SETTLEMENT_MESSAGES.manualLineNotFound);
    await draftItem(tx, month, line.vendorId);
    await tx.delete(settlementManualLines).where(eq(settlementManualLines.id, id));
    await computeDrafts(tx, row, openingDate);
    await recordAudit(tx, actor, {
      action: 'settlement.manual-line.delete',
      entity: 'settlement',
      entityId: month,
      summary: `Position „${line.text}“ aus der Abrechnung ${formatMonth(month)} entfernt`,
      before: {
        vendorId: line.vendorId,
        kind: line.kind,
        grossCents: line.grossCents,
        vatRateBp: line.vatRateBp,
      },
    });
  });
}
