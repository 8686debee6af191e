// Payouts (issue 30, docs/decisions/0039): the month's payouts with their payee, marking
// them paid, a transfer the bank returned, and what a (re)issued statement pays or claims. Payment
// runs are in payment-runs.service.ts, corrections in correct.service.ts.
import { clock } from '@housnkuh/shared/clock';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { PAYMENT_RUN_MESSAGES, type RunPayout } from '@housnkuh/shared/schemas/payment-runs';
import { SETTLEMENT_MESSAGES } from '@housnkuh/shared/schemas/settlement';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { statementPayouts } from '../documents/public';
import { billingPartiesOf } from '../vendors/public';
import { lockMonth, lockSettlement, monthOfPath } from './month';
import { paymentRuns, payouts } from './schema';

type Payout = typeof payouts.$inferSelect;

/**
 * The settlement-wide lock, then the month's row locked for the caller's transaction (runs,
 * payouts and corrections of it): a run, a payout's mark and a correction never interleave with
 * drafting or finalizing.
 */
export async function lockSettlementMonth(tx: Executor, month: string) {
  await lockSettlement(tx);
  return lockMonth(tx, month);
}

const compactIban = (iban: string | null | undefined) =>
  (iban ?? '').replace(/\s/g, '').toUpperCase();
const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().replace(/\s+/g, ' ') === (b ?? '').trim().replace(/\s+/g, ' ');

/**
 * The payouts as the runs show and pay them: the payee as printed on the statement (rows written
 * before payee name and IBAN were stored: the statement's printed parties, else the producer's
 * current bank data), and the notice when the producer's bank data changed since.
 */
export async function describePayouts(db: Executor, rows: readonly Payout[]): Promise<RunPayout[]> {
  if (rows.length === 0) return [];
  const parties = new Map(
    (await billingPartiesOf(db, [...new Set(rows.map((row) => row.vendorId))])).map((party) => [
      party.id,
      party,
    ]),
  );
  const printed = new Map(
    (
      await statementPayouts(
        db,
        rows.flatMap((row) => (row.statementDocumentId ? [row.statementDocumentId] : [])),
      )
    ).map((statement) => [statement.id, statement]),
  );
  return rows.map((row) => {
    const party = parties.get(row.vendorId);
    const statement = row.statementDocumentId ? printed.get(row.statementDocumentId) : undefined;
    const payeeName = row.payeeName ?? statement?.payeeName ?? party?.kontoinhaber ?? '';
    const payeeIban = compactIban(row.payeeIban ?? statement?.payeeIban ?? party?.iban);
    const changed =
      party !== undefined &&
      (!sameName(payeeName, party.kontoinhaber) || payeeIban !== compactIban(party.iban));
    return {
      id: row.id,
      vendorId: row.vendorId,
      vendorName: party ? party.unternehmen || party.name : '',
      amountCents: row.amountCents,
      statementNumber: row.statementNumber,
      payeeName,
      payeeIban,
      paidAt: row.paidAt ? row.paidAt.toISOString() : null,
      returnedAt: row.returnedAt ? row.returnedAt.toISOString() : null,
      returnedReason: row.returnedReason,
      replacesPayoutId: row.replacesPayoutId,
      notice: changed && !row.paidAt ? PAYMENT_RUN_MESSAGES.bankChanged : null,
    };
  });
}

/** Positive payouts of the month (all months: undefined) that are unpaid and in no run. */
export async function openPayouts(tx: Executor, month: string | undefined) {
  return tx
    .select()
    .from(payouts)
    .where(
      and(
        month ? eq(payouts.month, month) : undefined,
        isNull(payouts.runId),
        isNull(payouts.paidAt),
        isNull(payouts.returnedAt),
        gt(payouts.amountCents, 0),
      ),
    )
    .orderBy(asc(payouts.month), asc(payouts.statementNumber), asc(payouts.createdAt));
}

/**
 * Marks the runs whose every payout is paid as transferred (today): a run is transferred once
 * all its payouts are.
 */
export async function completeRuns(tx: Executor, actor: Actor, runIds: readonly string[]) {
  const ids = [...new Set(runIds)];
  if (ids.length === 0) return;
  await tx
    .update(paymentRuns)
    .set({ transferredAt: clock.now(), transferredBy: actor.name, transferredOn: isoDayInBerlin() })
    .where(
      and(
        inArray(paymentRuns.id, ids),
        isNull(paymentRuns.transferredAt),
        isNull(paymentRuns.discardedAt),
        sql`not exists (select 1 from ${payouts} where ${payouts.runId} = ${paymentRuns.id} and ${payouts.paidAt} is null)`,
      ),
    );
}

/**
 * POST /api/admin/abrechnungen/:month/payouts/paid: marks the month's unpaid payouts (all, or
 * those of the producers named) paid; a run whose payouts are then all paid is transferred.
 */
export async function markPayoutsPaid(
  db: Executor,
  actor: Actor,
  month: string,
  vendorIds: readonly string[] | undefined,
) {
  monthOfPath(month);
  const ids = vendorIds?.filter(isUuid);
  return transaction(db, async (tx) => {
    const row = await lockSettlementMonth(tx, month);
    if (row.status !== 'final') throw new ConflictError(SETTLEMENT_MESSAGES.notFinal);
    if (ids && ids.length === 0) return 0;
    const paid = await tx
      .update(payouts)
      .set({ paidAt: clock.now(), paidBy: actor.name })
      .where(
        and(
          eq(payouts.month, month),
          isNull(payouts.paidAt),
          isNull(payouts.returnedAt),
          ids ? inArray(payouts.vendorId, ids) : undefined,
          // never a payout of a discarded run (it is freed, so run_id is null) or of none at all
          or(
            isNull(payouts.runId),
            sql`exists (select 1 from ${paymentRuns} where ${paymentRuns.id} = ${payouts.runId} and ${paymentRuns.discardedAt} is null)`,
          ),
        ),
      )
      .returning({ vendorId: payouts.vendorId, runId: payouts.runId });
    await completeRuns(
      tx,
      actor,
      paid.flatMap((payout) => (payout.runId ? [payout.runId] : [])),
    );
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

/**
 * POST /api/admin/payouts/:id/returned: the bank returned a transfer. The payout is marked
 * returned (once, and only once it was paid) and a new payout of the same amount, to the same
 * payee, goes into a later run.
 */
export async function markPayoutReturned(db: Executor, actor: Actor, id: string, reason: string) {
  if (!isUuid(id)) throw new NotFoundError(PAYMENT_RUN_MESSAGES.payoutNotFound);
  return transaction(db, async (tx) => {
    const [found] = await tx
      .select({ month: payouts.month })
      .from(payouts)
      .where(eq(payouts.id, id));
    if (!found) throw new NotFoundError(PAYMENT_RUN_MESSAGES.payoutNotFound);
    await lockSettlementMonth(tx, found.month);
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!payout) throw new NotFoundError(PAYMENT_RUN_MESSAGES.payoutNotFound);
    if (payout.returnedAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.payoutReturned);
    if (!payout.paidAt) throw new ConflictError(PAYMENT_RUN_MESSAGES.payoutNotPaid);
    await tx
      .update(payouts)
      .set({ returnedAt: clock.now(), returnedReason: reason, returnedBy: actor.name })
      .where(eq(payouts.id, id));
    const [again] = await tx
      .insert(payouts)
      .values({
        month: payout.month,
        vendorId: payout.vendorId,
        amountCents: payout.amountCents,
        statementDocumentId: payout.statementDocumentId,
        statementNumber: payout.statementNumber,
        payeeName: payout.payeeName,
        payeeIban: payout.payeeIban,
        replacesPayoutId: payout.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'settlement.payout.returned',
      entity: 'settlement',
      entityId: payout.month,
      summary: `Auszahlung ${payout.statementNumber ?? ''} (${formatMonth(payout.month)}) zurückgebucht: ${reason}; wird im nächsten Zahlungslauf erneut überwiesen`,
      before: { payoutId: payout.id, amountCents: payout.amountCents },
      after: { payoutId: again!.id },
    });
    const [described] = await describePayouts(tx, [again!]);
    return described!;
  });
}

/** The payouts of a month (the accountant's exports and checks), with the payee's bank data. */
export async function payoutsOfMonth(db: Executor, month: string) {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.month, month))
    .orderBy(asc(payouts.vendorId), asc(payouts.createdAt));
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
